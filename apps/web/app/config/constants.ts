import type { CurrencyCode } from '@croupier/shared/currencies';

/** Business constants (docs/player-app.md#constants, #url-hashes, #modals, #toasts). Times in milliseconds unless named otherwise. */

// Requests (the api client in lib/api-client.ts carries the same numbers for its retry loop).
export const REQUEST_TIMEOUT_BROWSER_MS = 30_000;
export const REQUEST_TIMEOUT_SERVER_MS = 8_000;
export const REQUEST_RETRIES = 6;
export const RETRY_BACKOFF_BASE_MS = 100;
export const RETRY_BACKOFF_JITTER = 0.2;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// Realtime client.
export const REALTIME_RETRY_START_MS = 1_000;
export const REALTIME_RETRY_MAX_MS = 20_000;
export const REALTIME_CALL_TIMEOUT_MS = 5_000;

// Global UI.
export const BALANCE_PING_MS = 10_000;
export const MODAL_CLOSE_DELAY_MS = 500;
export const TOAST_LIFETIME_MS = 10_000;
export const HASH_CLEAR_DELAY_MS = 1_000;
export const COOKIE_NOTICE_DELAY_MS = 1_500;
export const IDLE_TITLE_ROTATE_MS = 2_000;
export const SMOOTH_SCROLL_RETRY_MS = 200;
export const SMOOTH_SCROLL_MAX_MS = 5_000;
export const SERVICE_WORKER_UPDATE_MS = 900_000;
export const ANALYTICS_RELOAD_MS = 3_600_000;
export const SEO_PREFETCH_COOKIE_HOURS = 24;

// Lobby, tournaments, cashbox.
export const TOURNAMENT_PAGE_SIZE = 9;
export const PAGINATION_SIZE = 40;
export const INFINITE_SCROLL_OFFSET_PX = 500;
export const LIVE_REFRESH_MAX_RANK = 50;
export const RANDOM_GAME_POOL = 100;
export const DEFAULT_DEPOSIT_AMOUNT = 50;
export const PROMO_TOOLTIP_MS = 10 * 60_000;
export const CASHBOX_LAST_STEP = 3;
export const PROMO_BANNER_HIDE_MS = 120_000;
export const PROMO_TIMER_COOKIE_S = 86_400;
export const DEFAULT_FRAME = { width: 1280, height: 720 } as const;
export const MINIMISED_FRAME_WIDTH_PX = 250;

// Bonuses (docs/bonuses.md#what-the-player-sees): money that becomes freely withdrawable (a
// conversion, a wager-free gift or cashback) shows the wager-free toast from this amount, in major
// units of its currency; smaller sums are left to the balance.
export const WAGER_FREE_TOAST_MIN = {
  EUR: 5,
  USD: 5,
  CAD: 7.5,
  AUD: 7.5,
  NZD: 7.5,
  NOK: 50,
  PLN: 25,
  JPY: 625,
  BRL: 35,
  BTC: 0.0001,
  BCH: 0.01,
  ETH: 0.0014,
  LTC: 0.045,
  DOG: 35,
  USDT: 5,
} as const satisfies Record<CurrencyCode, number>;

// Cookies.
export const COOKIE_ACCEPT_MAX_AGE_S = 31_536_000;
export const AU_APPROVAL_MAX_AGE_MS = 31_536_000_000;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 31_536_000;
export const AFFILIATE_COOKIE = 'stag';
export const AFFILIATE_COOKIE_MAX_AGE_S = 30 * 86_400;

// Touch.
export const TAP_TOLERANCE_PX = 10;
export const SWIPE_THRESHOLD_PX = 30;
export const LONG_TAP_MS = 400;

// Sign-up (docs/player-app.md#sign-up-steps, #registration-variant): steps of the account form; A/B groups of the registration variant.
export const SIGN_UP_STEPS = 4;
export const REGISTRATION_AB_GROUPS = { A: 614, B: 615 } as const;
export const MIN_PLAYER_AGE = 18;
export const MIN_PASSWORD_LENGTH = 8;

// Achievements.
export const ACHIEVEMENT_MIN_DEPOSITS = 5;
export const ACHIEVEMENT_DEPOSITS_AFTER = '2022-03-29';

// Chat groups.
export const CHAT_DEFAULT_GROUP = 26;
export const CHAT_VIP_GROUP = 2;
export const CHAT_GENERAL_GROUP = 1;

/** Feature flags of docs/player-app.md#feature-flags. */
export const FEATURES = {
  techWork: false,
  achievements: true,
  lootboxWheel: true,
  specialGameRow: true,
  abRegistration: true,
  abTest: true,
  compoints: false,
} as const;
