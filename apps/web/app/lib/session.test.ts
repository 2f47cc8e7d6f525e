import { describe, expect, it } from 'vitest';
import { makeQueryClient } from './query-client';
import { QUERY_KEYS } from './query-keys';
import { resetSession } from './session';

/** What player A leaves in the tab: one entry per kind of private data, and the public catalogue. */
function seedPlayerA() {
  const qc = makeQueryClient();
  qc.setQueryData(QUERY_KEYS.player, { id: 1, email: 'a@example.test' });
  qc.setQueryData(QUERY_KEYS.accounts, [{ currency: 'EUR', amount_cents: 5000 }]);
  qc.setQueryData(['player', 'favorite-games'], [{ id: 7 }]);
  qc.setQueryData(['player', 'payments'], [{ id: 'p1', amount_cents: 5000 }]);
  qc.setQueryData(['payments', 'methods', 'EUR', 'deposit'], [{ id: 'visa', saved: [{ last4: '4242' }] }]);
  qc.setQueryData(['payments', 'crypto', 'addresses'], [{ currency: 'BTC', address: 'tb1qplayera' }]);
  qc.setQueryData(['payments', 'plan', { amount_cents: 5000 }], { cash_available_cents: 5000 });
  qc.setQueryData(['bonuses', 'gifts'], [{ id: 'g1' }]);
  qc.setQueryData(['games', 'providers'], [{ id: 'p' }]);
  qc.setQueryData(['info', 'crypto_exchange_rates'], { BTC: 1 });
  return qc;
}

const privateKeys = [
  QUERY_KEYS.accounts,
  ['player', 'favorite-games'],
  ['player', 'payments'],
  ['payments', 'methods', 'EUR', 'deposit'],
  ['payments', 'crypto', 'addresses'],
  ['payments', 'plan', { amount_cents: 5000 }],
  ['bonuses', 'gifts'],
];

function expectNoPrivateData(qc: ReturnType<typeof makeQueryClient>) {
  for (const key of privateKeys) expect(qc.getQueryData(key), JSON.stringify(key)).toBeUndefined();
  expect(qc.getQueryData(['games', 'providers'])).toEqual([{ id: 'p' }]);
  expect(qc.getQueryData(['info', 'crypto_exchange_rates'])).toEqual({ BTC: 1 });
}

describe('player data in the browser cache', () => {
  it('sign-out leaves a guest with none of the player data: wallets, cashbox, history, a key of a feature nobody listed', () => {
    const qc = seedPlayerA();
    resetSession(qc);
    expect(qc.getQueryData(QUERY_KEYS.player)).toBeNull();
    expectNoPrivateData(qc);
  });

  it('a second player signing in in the same tab (no sign-out between) sees none of the first one', () => {
    const qc = seedPlayerA();
    qc.setQueryData(QUERY_KEYS.player, { id: 2, email: 'b@example.test' });
    expect(qc.getQueryData(QUERY_KEYS.player)).toEqual({ id: 2, email: 'b@example.test' });
    expectNoPrivateData(qc);
  });

  it('the server answering /api/player for someone else (signed in from another tab) drops the previous data', async () => {
    const qc = seedPlayerA();
    await qc.fetchQuery({ queryKey: QUERY_KEYS.player, queryFn: () => ({ id: 2 }), staleTime: 0 });
    expectNoPrivateData(qc);
  });

  it('the same player reloaded (a profile change) keeps their data', async () => {
    const qc = seedPlayerA();
    await qc.fetchQuery({ queryKey: QUERY_KEYS.player, queryFn: () => ({ id: 1, nickname: 'new' }), staleTime: 0 });
    expect(qc.getQueryData(['payments', 'crypto', 'addresses'])).toEqual([{ currency: 'BTC', address: 'tb1qplayera' }]);
  });

  it("finished mutations (a card's details, an address request) go with the player; one still running stays", async () => {
    const qc = seedPlayerA();
    const cache = qc.getMutationCache();
    await cache.build(qc, { mutationFn: async (card: string) => card }).execute('4242 4242 4242 4242');
    let finish: (value: unknown) => void = () => undefined;
    const answer = new Promise((resolve) => (finish = resolve));
    const running = cache.build(qc, { mutationFn: () => answer });
    const done = running.execute(undefined);
    expect(running.state.status).toBe('pending');
    resetSession(qc);
    expect(cache.getAll()).toEqual([running]);
    finish(null);
    await done;
  });

  it('the first player the page was rendered with drops nothing (the SSR seed, then its wallets)', () => {
    const qc = makeQueryClient();
    qc.setQueryData(['games', 'providers'], [{ id: 'p' }]);
    qc.setQueryData(QUERY_KEYS.accounts, [{ currency: 'EUR' }]);
    qc.setQueryData(QUERY_KEYS.player, { id: 1 });
    expect(qc.getQueryData(QUERY_KEYS.accounts)).toEqual([{ currency: 'EUR' }]);
  });
});
