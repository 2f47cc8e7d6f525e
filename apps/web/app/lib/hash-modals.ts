import { HASH_CLEAR_DELAY_MS } from '../config/constants';

/** Auth modals a URL hash can open (docs/player-app.md#url-hashes). */
export type HashModal = 'sign-in' | 'sign-up' | 'remind' | 'new-password';

const HASHES: Record<string, HashModal> = {
  'sign-in': 'sign-in',
  'sign-up': 'sign-up',
  remind: 'remind',
  'new-password': 'new-password',
  'users/password/edit': 'new-password',
};

export function modalForHash(hash: string): HashModal | null {
  const key = decodeURIComponent(hash.replace(/^#\/?/, '')).replace(/\/$/, '');
  return HASHES[key] ?? null;
}

/**
 * Opens the modal a hash names and clears the hash 1 s later. Returns a cancel function (for an
 * effect cleanup) or null when the hash names no modal.
 */
export function handleHash(
  hash: string,
  deps: {
    open: (modal: HashModal) => void;
    clear: () => void;
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (h: unknown) => void;
  },
): (() => void) | null {
  const modal = modalForHash(hash);
  if (!modal) return null;
  deps.open(modal);
  const handle = deps.setTimeout(deps.clear, HASH_CLEAR_DELAY_MS);
  return () => deps.clearTimeout(handle);
}
