import type { Account } from '../api-types';

/**
 * Never show an older balance over a newer one (docs/reliability.md#t4-no-balance-drift). Every wallet carries a `version`
 * that the server raises with each change, and both the `balance` push and the 10 s poll carry
 * it; pushes and poll answers can arrive in any order, so each side keeps the newer wallet.
 *
 * Versions are compared per currency within one player's cache: sign-out and 401 remove the
 * accounts query (lib/session.ts), so two players' versions never meet.
 */

/** The cached wallets after a `balance` push: replaces the wallet of that currency only if newer. */
export function applyWalletEvent(accounts: readonly Account[], incoming: Account): readonly Account[] {
  const index = accounts.findIndex((a) => a.currency === incoming.currency);
  if (index === -1) return [...accounts, incoming];
  if (accounts[index]!.version >= incoming.version) return accounts;
  const next = accounts.slice();
  next[index] = incoming;
  return next;
}

/**
 * A fetched wallet list against what the cache holds: the list (and which wallets exist) comes
 * from the server, but a wallet the cache holds in a newer version than the answer keeps it — a
 * push that overtook a slow poll.
 */
export function mergeAccountsSnapshot(
  cached: readonly Account[] | undefined,
  fetched: readonly Account[],
): readonly Account[] {
  if (!cached?.length) return fetched;
  const byCurrency = new Map(cached.map((a) => [a.currency, a]));
  let changed = false;
  const merged = fetched.map((wallet) => {
    const held = byCurrency.get(wallet.currency);
    if (held && held.version > wallet.version) {
      changed = true;
      return held;
    }
    return wallet;
  });
  return changed ? merged : fetched;
}
