import type { ReactNode } from 'react';
import { RouteModal } from '../modal/route-modal';
import { useLeavePopup } from '../modal/popup-route';

/**
 * A popup route (docs/player-app.md#popup-routes: /sign-in, /sign-up, /remind, …): its modal over the page it was opened
 * from (the layout keeps that page rendered), or over a decorative backdrop when the popup is the
 * first page of the visit. Closing goes back to that page, or home (popup-route.tsx).
 */
export function PopupPage({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const onClosed = useLeavePopup();
  return (
    <>
      <div className="popup-backdrop" aria-hidden="true">
        <div className="popup-backdrop__glow" />
        <p className="popup-backdrop__brand">♠ Croupier</p>
      </div>
      <RouteModal name={name} options={{ title, onClosed, fullScreenMobile: true }}>
        {children}
      </RouteModal>
    </>
  );
}
