/** Business constants (docs/player-app.md#constants) used by the lobby and the game page. */

import { DEFAULT_FRAME, INFINITE_SCROLL_OFFSET_PX, PAGINATION_SIZE } from '../../config/constants';

/** Games per page of a paged list ("pagination constant 40"). */
export const PAGE_SIZE = PAGINATION_SIZE;

/** Infinite scroll loads the next page when the end of the list is this close. */
export const INFINITE_SCROLL_MARGIN_PX = INFINITE_SCROLL_OFFSET_PX;

/** Games in one horizontal row of the home page (kept small: the first paint carries them). */
export const HOME_ROW_SIZE = 16;

/** Default game frame size when a game does not give its own. */
export { DEFAULT_FRAME };

/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Shortest search text sent to the server. */
export const SEARCH_MIN_LENGTH = 2;

/** Collections shown as rows on the home page, in this order (docs/player-app.md#category-slugs). */
export const HOME_ROW_CATEGORIES = ['new', 'top', 'recommended', 'jackpot', 'live'] as const;

/** Categories that earn a badge on a game card. */
export const BADGE_CATEGORIES = ['new', 'top', 'jackpot', 'live'] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

/** Intrinsic size of card artwork (the generated previews are 320×320); reserves space before load. */
export const CARD_ART = { width: 320, height: 320 } as const;

/** Cards in the first viewport load eagerly; the rest lazily. */
export const EAGER_CARDS = 8;
