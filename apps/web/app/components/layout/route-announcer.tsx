import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../../lib/route-guards';

/**
 * Focus and announcement after a client navigation (docs/web-shell.md#focus-after-navigation). A
 * browser moves focus to the new document and a screen reader reads its title on a full page load;
 * a client navigation does neither, so focus fell to the body. Once a navigation has rendered a new
 * page (another path, not a popup), the page's main heading takes the focus (the main region when
 * it has none) without scrolling, and a polite live region reads the new document title. Opening a
 * popup is left to its dialog, and closing one over the same page to the dialog, which returns the
 * focus to its opener; a popup that leads to another page (a popup opened first, closing home)
 * counts as a new page. A change of query or hash on the same page (filters, a page of results)
 * keeps the focus where it is.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const popup = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.popup);
  const [message, setMessage] = useState('');
  // The path of the last page shown (not a popup), and whether anything rendered yet.
  const seen = useRef<{ first: boolean; page: string | null }>({ first: true, page: null });

  useEffect(() => {
    const first = seen.current.first;
    seen.current.first = false;
    // A popup's dialog takes the focus, and gives it back when it closes over the same page.
    if (popup) return;
    const previous = seen.current.page;
    seen.current.page = pathname;
    // The first page is the browser's own load; the same path is the same page.
    if (first || previous === pathname) return;
    const main = document.getElementById('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    (heading ?? main)?.focus({ preventScroll: true });
    setMessage(document.title);
  }, [pathname, popup]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
