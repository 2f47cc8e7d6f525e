import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { RouteModal } from '../modal/route-modal';

/**
 * A popup route (SPEC §2: /sign-in, /sign-up, /remind, …): its modal over a decorative backdrop.
 * Closing goes back to the previous page of this visit, or to main when the popup was the entry page.
 */
export function PopupPage({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useLocale();
  const onClosed = () => {
    if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
    else void navigate(href('home', locale), { replace: true });
  };
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
