/**
 * The `bonuses.expiry` job (docs/bonuses.md#leased-jobs) on the test clock: what passed its deadline
 * expires once, a wagered bonus forfeits only its bonus money and the next waiting one starts, a
 * second run finds nothing, and a run that dies midway leaves every bonus either done once or
 * untouched for the next run. The ledger stays sound throughout.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectLedgerSound, fund, insertPlayer } from '../wallet/test-helpers.ts';
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
  const id = await insertPlayer(t.database, 'EUR');
  if (cash > 0) await fund(t.wallet, id, 'EUR', cash);
  return id;
}

describe('bonuses.expiry', () => {
  it('expires what passed its deadline once: a wagered bonus forfeits its money and the next waiting one starts', async () => {
    const p = await player();
    const unclaimed = await bonuses.issue(gift(p, { activationDays: 1 }));
    const active = await bonuses.issue(gift(p, { amount: 40_00n, validityDays: 2 }));
    const late = await bonuses.issue(gift(p, { amount: 10_00n, activationDays: 1 }));
    const next = await bonuses.issue(gift(p, { amount: 25_00n, activationDays: 5, validityDays: 7 }));
    await bonuses.activate(p, active.id);
    await bonuses.activate(p, late.id);
    await bonuses.activate(p, next.id);
    expect(await walletOf(t, p)).toEqual({ cash: 80_00n, bonus: 40_00n });

    // Nothing is due yet.
    t.clock.advance(DAY - 1);
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });

    // A day on: the unclaimed gift and the waiting one past their activation deadline.
    t.clock.advance(1);
    expect(await expiry()).toEqual({ expired: 2, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, unclaimed.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await stageOf(t, late.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await walletOf(t, p)).toEqual({ cash: 80_00n, bonus: 40_00n });

    // Two days: the wagering time is up. Only the bonus money goes; the next bonus starts.
    t.clock.advance(DAY);
    expect(await expiry()).toEqual({ expired: 1, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, active.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await walletOf(t, p)).toEqual({ cash: 80_00n, bonus: 25_00n });
    expect(await movements(t, active.id)).toEqual([
      { kind: 'bonus_grant', cash: 0n, bonus: 40_00n, funding: -40_00n },
      { kind: 'bonus_forfeit', cash: 0n, bonus: -40_00n, funding: 40_00n },
    ]);
    expect(await movements(t, late.id)).toEqual([]);
    expect(await stageEvents(t, unclaimed.id)).toEqual(['∅ → issued', 'issued → expired']);
    expect(await stageEvents(t, late.id)).toEqual(['∅ → issued', 'issued → wait', 'wait → expired']);
    expect(await stageEvents(t, active.id)).toEqual(['∅ → issued', 'issued → handle_bets', 'handle_bets → expired']);
    expect(await stageEvents(t, next.id)).toEqual(['∅ → issued', 'issued → wait', 'wait → handle_bets']);
    const started = (await bonuses.list(p)).find((b) => b.id === next.id)!;
    expect(started.validUntil).toEqual(new Date(t.clock.now().getTime() + 7 * DAY));
    await expectLedgerSound(t.database);

    // The last one runs out too; nothing is left open.
    t.clock.advance(7 * DAY);
    expect(await expiry()).toEqual({ expired: 1, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await walletOf(t, p)).toEqual({ cash: 80_00n, bonus: 0n });
    await expectLedgerSound(t.database);
  });

  it('a run that dies midway leaves each bonus done once or untouched; the next run finishes', async () => {
    const a = await player();
    const b = await player();
    const first = await bonuses.issue(gift(a, { amount: 30_00n, validityDays: 1 }));
    const second = await bonuses.issue(gift(b, { amount: 20_00n, validityDays: 1 }));
    await bonuses.activate(a, first.id);
    await bonuses.activate(b, second.id);
    t.clock.advance(DAY);

    // The first forfeit is posted, then its transaction dies before the bonus moves.
    const wallet = t.wallet.service;
    const real = wallet.settleBonus.bind(wallet);
    const crash = vi.spyOn(wallet, 'settleBonus').mockImplementationOnce(async (tx, input) => {
      await real(tx, input);
      throw new Error('the process died here');
    });
    await expect(expiry()).rejects.toThrow('1 bonus(es) left for the next run');
    crash.mockRestore();

    // Nothing of the crashed transaction stayed: the money and the stage are as before.
    expect(await stageOf(t, first.id)).toEqual({ stage: 'handle_bets', cancel_reason: null });
    expect(await walletOf(t, a)).toEqual({ cash: 80_00n, bonus: 30_00n });
    expect(await movements(t, first.id)).toEqual([{ kind: 'bonus_grant', cash: 0n, bonus: 30_00n, funding: -30_00n }]);
    expect(await stageEvents(t, first.id)).toEqual(['∅ → issued', 'issued → handle_bets']);
    // The other bonus of the same run was done.
    expect(await stageOf(t, second.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await walletOf(t, b)).toEqual({ cash: 80_00n, bonus: 0n });
    await expectLedgerSound(t.database);

    // The next run does what was left, once.
    expect(await expiry()).toEqual({ expired: 1, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, first.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await walletOf(t, a)).toEqual({ cash: 80_00n, bonus: 0n });
    expect(await movements(t, first.id)).toEqual([
      { kind: 'bonus_grant', cash: 0n, bonus: 30_00n, funding: -30_00n },
      { kind: 'bonus_forfeit', cash: 0n, bonus: -30_00n, funding: 30_00n },
    ]);
    expect(await movements(t, second.id)).toHaveLength(2);
    await expectLedgerSound(t.database);
  });

  it('a request that ends a bonus first leaves the job nothing to do', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p, { validityDays: 1 }));
    await bonuses.activate(p, b.id);
    t.clock.advance(DAY);
    // Canceled by the player after the deadline, before the job came by.
    await bonuses.cancel(p, b.id);
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await stageOf(t, b.id)).toEqual({ stage: 'canceled', cancel_reason: 'player' });
    expect(await movements(t, b.id)).toHaveLength(2);
  });

  it('when the active bonus ends, a waiting one past its deadline expires on the way and the next starts', async () => {
    const p = await player();
    const active = await bonuses.issue(gift(p, { amount: 40_00n, validityDays: 30 }));
    const overdue = await bonuses.issue(gift(p, { amount: 10_00n, activationDays: 1 }));
    const next = await bonuses.issue(gift(p, { amount: 25_00n, activationDays: 5 }));
    for (const b of [active, overdue, next]) await bonuses.activate(p, b.id);
    t.clock.advance(DAY);
    await bonuses.cancel(p, active.id);
    expect(await stageOf(t, overdue.id)).toEqual({ stage: 'expired', cancel_reason: null });
    expect(await stageOf(t, next.id)).toEqual({ stage: 'handle_bets', cancel_reason: null });
    expect(await walletOf(t, p)).toEqual({ cash: 80_00n, bonus: 25_00n });
    t.clock.advance(7 * DAY);
    expect(await expiry()).toEqual({ expired: 1, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    await expectLedgerSound(t.database);
  });
});
