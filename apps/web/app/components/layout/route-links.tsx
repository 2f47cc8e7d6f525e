import { useContext, useMemo, useState, type ContextType } from 'react';
import { Links, UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import type { RouteHandle } from '../../lib/route-guards';

type RouterState = NonNullable<ContextType<typeof DataRouterStateContext>>;
type Match = RouterState['matches'][number];

/** Whether a popup route (docs/player-app.md#popup-routes: /sign-in, /deposit, …) is among the matches. */
export function matchesPopup(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return matches.some((m) => (m.route.handle as RouteHandle | undefined)?.popup === true);
}

/**
 * The matches whose stylesheets the document needs while a popup is open: the page behind first
 * (it stays rendered, docs/web-shell.md#popup-routes), then the popup's own routes it does not share.
 */
export function linkMatches(current: readonly Match[], behind: readonly Match[] | null): Match[] {
  if (!behind) return [...current];
  const ids = new Set(behind.map((m) => m.route.id));
  return [...behind, ...current.filter((m) => !ids.has(m.route.id))];
}

/**
 * React Router's `<Links>` for the head, which also keeps the stylesheets of the page behind a
 * popup. A route's CSS (the lobby's games.css, …) is linked only while that route matches, and a
 * popup route replaces the page's matches, so the page the layout keeps rendered behind the modal
 * (decision 018) lost its styles: chips became a bulleted list, a game card filled the column.
 * This remembers the router state of the last settled non-popup page, by the same rule as the
 * layout's `PageAndPopup`, and hands `<Links>` that page's matches plus the popup's. The page's
 * link elements keep their keys, so the browser never unloads them while the modal opens.
 */
export function RouteLinks({ nonce }: { nonce?: string }) {
  const state = useContext(DataRouterStateContext);
  const [settled, setSettled] = useState<RouterState | null>(null);
  const popup = state ? matchesPopup(state.matches) : false;
  // Remembered during render ("state from the previous render"), so the render that opens the popup
  // already links the page behind it.
  if (state && !popup && state.navigation.state === 'idle' && settled !== state) setSettled(state);
  const behind = popup ? settled : null;
  const value = useMemo(
    () => (state && behind ? { ...state, matches: linkMatches(state.matches, behind.matches) } : state),
    [state, behind],
  );
  return (
    <DataRouterStateContext.Provider value={value}>
      <Links nonce={nonce} />
    </DataRouterStateContext.Provider>
  );
}
