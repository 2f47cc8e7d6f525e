/**
 * No bonus during a break (docs/bonuses.md#limits-withdrawals-privacy): a cooling-off refuses
 * issuing and activation (403 `bonuses_blocked`) and holds back the next waiting bonus, but does
 * not stop the validity clock; a self-exclusion cancels the player's open bonuses through the
 * expiry job, forfeiting only bonus money.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, signUp } from '../auth/test-helpers.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import { gift, movements, stageEvents, stageOf, walletOf } from './test-bonus-helpers.ts';
import type { BonusesService } from './bonuses.service.ts';

const DAY = 86_400_000;
let t: TestApp;
let bonuses: BonusesService;
beforeAll(async () => {
  t = await buildTestApp();
  bonuses = t.croupier.modules.bonuses;
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

const expiry = () => t.jobs.runNow('bonuses.expiry');

async function player(cash = 80_00) {
  const { user, player: p } = await signUp(t.app, { currency: 'EUR' });
  if (cash > 0) await fund(t.wallet, p.id, 'EUR', cash);
  return { id: p.id, email: user.email };
}

/** A break through the limits module, as the player sets it (it signs them out everywhere). */
const takeBreak = (userId: number, type: 'coolingoff' | 'selfexclusion', period: string) =>
  t.croupier.modules.limits.set(userId, { type, period } as Parameters<typeof t.croupier.modules.limits.set>[1]);

async function signIn(email: string) {
  const client = createClient(t.app);
  const res = await client.post('/api/users/sign_in', { user: { email, password: GOOD_PASSWORD } });
  expect([200, 201]).toContain(res.statusCode);
  return client;
}

describe('a cooling-off', () => {
  it('refuses activation with 403 bonuses_blocked and moves nothing; after it, activation works', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p.id));
    await takeBreak(p.id, 'coolingoff', 'day');
    const client = await signIn(p.email);

    const refused = await client.post(`/api/player/bonuses/${b.id}/activation`);
    expectRouteContract('POST', '/api/player/bonuses/{id}/activation', refused);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'bonuses_blocked' });
    expect(await stageOf(t, b.id)).toEqual({ stage: 'issued', cancel_reason: null });
    expect(await movements(t, b.id)).toEqual([]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 80_00n, bonus: 0n });
    // Nothing new is issued either.
    await expect(bonuses.issue(gift(p.id))).rejects.toMatchObject({ status: 403, code: 'bonuses_blocked' });
    // The job leaves a cooling-off player's bonuses alone.
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });

    t.clock.advance(DAY);
    const again = await signIn(p.email);
    const activated = await again.post(`/api/player/bonuses/${b.id}/activation`);
    expectRouteContract('POST', '/api/player/bonuses/{id}/activation', activated);
    expect(activated.json()).toMatchObject({ id: b.id, stage: 'handle_bets' });
    await bonuses.cancel(p.id, b.id);
    await expectLedgerSound(t.database);
  });

  it('does not stop the validity clock; the next waiting bonus starts once the break is over', async () => {
    const p = await player();
    const active = await bonuses.issue(gift(p.id, { amount: 40_00n, validityDays: 1 }));
    const waiting = await bonuses.issue(gift(p.id, { amount: 25_00n, activationDays: 10 }));
    await bonuses.activate(p.id, active.id);
    await bonuses.activate(p.id, waiting.id);
    await takeBreak(p.id, 'coolingoff', 'week');

    t.clock.advance(DAY);
    // Expired on time; the waiting one may not start during the break.
    expect(await expiry()).toEqual({ expired: 1, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, active.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await stageOf(t, waiting.id)).toEqual({ stage: 'wait', cancel_reason: null });
    expect(await walletOf(t, p.id)).toEqual({ cash: 80_00n, bonus: 0n });

    t.clock.advance(3 * DAY);
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    // The week is over, the waiting bonus still inside its activation days: the job starts it.
    t.clock.advance(3 * DAY);
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 1, packs: 0, codes: 0 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, waiting.id)).toEqual({ stage: 'handle_bets', cancel_reason: null });
    expect(await walletOf(t, p.id)).toEqual({ cash: 80_00n, bonus: 25_00n });
    expect(await stageEvents(t, waiting.id)).toEqual(['∅ → issued', 'issued → wait', 'wait → handle_bets']);
    await bonuses.cancel(p.id, waiting.id);
    await expectLedgerSound(t.database);
  });
});

describe('a self-exclusion', () => {
  it('cancels the player’s open bonuses through the expiry job: bonus money forfeited, cash kept, once', async () => {
    const p = await player();
    const other = await player();
    const active = await bonuses.issue(gift(p.id, { amount: 40_00n, validityDays: 30 }));
    const waiting = await bonuses.issue(gift(p.id, { amount: 25_00n, activationDays: 30 }));
    const issued = await bonuses.issue(gift(p.id, { activationDays: 30 }));
    const done = await bonuses.issue(gift(p.id, { kind: 'cash', wagerMultiplier: 0, amount: 5_00n }));
    const untouched = await bonuses.issue(gift(other.id, { activationDays: 30 }));
    await bonuses.activate(p.id, active.id);
    await bonuses.activate(p.id, waiting.id);
    await bonuses.activate(p.id, done.id);
    expect(await walletOf(t, p.id)).toEqual({ cash: 85_00n, bonus: 40_00n });

    await takeBreak(p.id, 'selfexclusion', 'month_6');
    expect(await expiry()).toEqual({ expired: 0, canceled: 3, promoted: 0, packs: 0, codes: 0 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });

    for (const b of [active, waiting, issued])
      expect(await stageOf(t, b.id)).toEqual({ stage: 'canceled', cancel_reason: 'self_exclusion' });
    expect(await stageOf(t, done.id)).toEqual({ stage: 'finished', cancel_reason: null });
    expect(await stageOf(t, untouched.id)).toEqual({ stage: 'issued', cancel_reason: null });
    expect(await walletOf(t, p.id)).toEqual({ cash: 85_00n, bonus: 0n });
    expect(await movements(t, active.id)).toEqual([
      { kind: 'bonus_grant', cash: 0n, bonus: 40_00n, funding: -40_00n },
      { kind: 'bonus_forfeit', cash: 0n, bonus: -40_00n, funding: 40_00n },
    ]);
    // The waiting bonus was never promoted: it was canceled without money.
    expect(await movements(t, waiting.id)).toEqual([]);
    expect(await stageEvents(t, waiting.id)).toEqual(['∅ → issued', 'issued → wait', 'wait → canceled']);
    const shown = (await bonuses.playerBonuses(p.id)).find((b) => b.id === active.id);
    expect(shown).toMatchObject({ stage: 'canceled', status: 'used', cancelable: false });
    await bonuses.cancel(other.id, untouched.id);
    await expectLedgerSound(t.database);
  });
});
