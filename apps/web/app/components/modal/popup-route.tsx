import { createContext, useCallback, useContext, useRef } from 'react';
import { useNavigate } from 'react-router';
import { href } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';

/** Position of the current entry in this tab's in-app history (React Router keeps `idx` in history.state). */
export function historyIndex(): number {
  if (typeof window === 'undefined') return 0;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * The page a popup route (/sign-in, /deposit, …) was opened over, as the layout keeps it rendered
 * behind the modal: its history position, or null when the popup was the first page of the visit.
 */
export const PageBehindContext = createContext<{ historyIndex: number } | null>(null);

/**
 * How every popup route closes (Escape, ×, the overlay, or its own "Done"): back to the page it
 * was opened over, skipping the popups chained since (sign-in → remind), or home when the popup
 * was the entry page. Never more than once per popup (the modal reports its removal from an
 * effect that may run again) and never further back than this visit's first page, so closing a
 * popup cannot leave the site. Focus goes back to the opener because that page stayed mounted.
 */
export function useLeavePopup(): () => void {
  const navigate = useNavigate();
  const locale = useLocale();
  const behind = useContext(PageBehindContext);
  const left = useRef(false);
  return useCallback(() => {
    if (left.current) return;
    left.current = true;
    const here = historyIndex();
    if (behind && behind.historyIndex < here) void navigate(behind.historyIndex - here);
    else void navigate(href('home', locale), { replace: true });
  }, [navigate, locale, behind]);
}
