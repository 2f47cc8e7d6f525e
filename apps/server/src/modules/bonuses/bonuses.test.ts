import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBalanceMinor } from '@croupier/shared/currencies';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { rows } from '../../db/sql.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import type { BonusesService, IssueInput } from './bonuses.service.ts';
import { insertDismissal, upsertRestriction } from './campaigns.repository.ts';
import { insertCampaign } from './test-bonus-helpers.ts';

let t: TestApp;
let bonuses: BonusesService;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  bonuses = t.croupier.modules.bonuses;
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;
const DAY = 86_400_000;

function gift(userId: number, over: Partial<IssueInput> = {}): IssueInput {
  n += 1;
  return {
    userId,
    currency: 'EUR',
    kind: 'nondeposit',
    source: 'manual',
    sourceRef: `test-${n}`,
    amount: 100_00n,
    wagerMultiplier: 10,
    validityDays: 7,
    activationDays: 3,
    ...over,
  };
}

async function wallet(userId: number) {
  const found = await t.database.db.execute(
    sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
         WHERE user_id = ${userId} AND currency = 'EUR'`,
  );
  const row = found.rows[0] as { amount: string; cash: string };
  return { cash: BigInt(row.cash), bonus: BigInt(row.amount) - BigInt(row.cash) };
}

/** The bonus movements posted for a bonus, by kind, with what they moved on each account kind. */
async function movements(bonusId: number) {
  const found = await t.database.db.execute(
    sql`SELECT t.kind, t.idempotency_key AS key,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_cash'), 0)::text AS cash,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_bonus'), 0)::text AS bonus,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'bonus_funding'), 0)::text AS funding
          FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE t.idempotency_key LIKE ${`bonus:${bonusId}:%`} GROUP BY t.id ORDER BY t.id`,
  );
  return (found.rows as { kind: string; key: string; cash: string; bonus: string; funding: string }[]).map((r) => ({
    kind: r.kind,
    key: r.key,
    cash: BigInt(r.cash),
    bonus: BigInt(r.bonus),
    funding: BigInt(r.funding),
  }));
}

/**
 * Wagers `stake` in rounds that each give it back (a bet, then a win of the same amount) through the
 * wallet protocol, so the counter moves as real play moves it and the balances stay as they were.
 */
async function wager(userId: number, stake: number, rounds = 1) {
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());
  const [slot] = await rows<{ identifier: string }>(
    t.database.db,
    sql`SELECT g.identifier FROM games g JOIN game_categories gc ON gc.game_id = g.id
         WHERE gc.category_id = 'pokies' ORDER BY g.id LIMIT 1`,
  );
  for (let i = 0; i < rounds; i++) {
    n += 1;
    const base = { user_id: String(userId), currency: 'EUR', game: slot!.identifier, round_id: `wager-${n}` };
    const call = (action: string, body: object) =>
      walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, { ...base, ...body });
    expect((await call('bet', { session_token: token, transaction_id: `bet-${n}`, amount: stake })).json.status).toBe(
      'OK',
    );
    expect((await call('win', { transaction_id: `win-${n}`, amount: stake, round_closed: true })).json.status).toBe(
      'OK',
    );
  }
}

async function player(cash = 50_00) {
  const id = await insertPlayer(t.database, 'EUR');
  if (cash > 0) await fund(t.wallet, id, 'EUR', cash);
  return id;
}

describe('issue and activation', () => {
  it('an issued bonus holds no money; activation grants it from bonus_funding into player_bonus', async () => {
    const p = await player();
    const issued = await bonuses.issue(gift(p));
    expect(issued).toMatchObject({ stage: 'issued', amount: 100_00n, wagerRequirement: 1_000_00n, wagered: 0n });
    expect(await wallet(p)).toEqual({ cash: 50_00n, bonus: 0n });
    // The same source and ref is the same gift.
    expect((await bonuses.issue({ ...gift(p), sourceRef: issued.sourceRef })).id).toBe(issued.id);

    const active = await bonuses.activate(p, issued.id);
    expect(active).toMatchObject({ stage: 'handle_bets', activatedAt: t.clock.now() });
    expect(active.validUntil).toEqual(new Date(t.clock.now().getTime() + 7 * DAY));
    expect(await wallet(p)).toEqual({ cash: 50_00n, bonus: 100_00n });
    expect(await movements(issued.id)).toEqual([
      { kind: 'bonus_grant', key: `bonus:${issued.id}:grant`, cash: 0n, bonus: 100_00n, funding: -100_00n },
    ]);
    await expect(bonuses.activate(p, issued.id)).rejects.toMatchObject({ status: 422, code: 'bonus_not_activatable' });
    await expectLedgerSound(t.database);
  });

  it("another player's bonus is not found, and an activation deadline passed refuses", async () => {
    const p = await player();
    const other = await player();
    const b = await bonuses.issue(gift(p, { activationDays: 1 }));
    await expect(bonuses.activate(other, b.id)).rejects.toMatchObject({ status: 404, code: 'bonus_not_found' });
    await expect(bonuses.cancel(other, b.id)).rejects.toMatchObject({ status: 404 });
    t.clock.advance(DAY);
    await expect(bonuses.activate(p, b.id)).rejects.toMatchObject({ status: 422, code: 'bonus_not_activatable' });
    expect(await movements(b.id)).toEqual([]);
  });

  it('a wager-free gift is claimed as cash and finishes', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p, { kind: 'cash', wagerMultiplier: 0, amount: 7_50n }));
    expect(b.wagerRequirement).toBe(0n);
    expect(await bonuses.activate(p, b.id)).toMatchObject({ stage: 'finished', endedAt: t.clock.now() });
    expect(await wallet(p)).toEqual({ cash: 57_50n, bonus: 0n });
    expect(await movements(b.id)).toEqual([
      { kind: 'bonus_cash', key: `bonus:${b.id}:cash`, cash: 7_50n, bonus: 0n, funding: -7_50n },
    ]);
  });

  it('a grant past the maximum balance is refused and changes nothing', async () => {
    const max = maxBalanceMinor('EUR');
    const p = await player(0);
    await fund(t.wallet, p, 'EUR', max - 99_99n);
    const b = await bonuses.issue(gift(p));
    await expect(bonuses.activate(p, b.id)).rejects.toMatchObject({ status: 422, code: 'balance_limit' });
    expect(await wallet(p)).toEqual({ cash: max - 99_99n, bonus: 0n });
    expect((await bonuses.list(p))[0]).toMatchObject({ id: b.id, stage: 'issued', activatedAt: null });
    expect(await movements(b.id)).toEqual([]);
    // One cent less fits exactly.
    const fits = await bonuses.issue(gift(p, { amount: 99_99n }));
    expect(await bonuses.activate(p, fits.id)).toMatchObject({ stage: 'handle_bets' });
    expect(await wallet(p)).toEqual({ cash: max - 99_99n, bonus: 99_99n });
  });
});

describe('one wagering bonus per wallet', () => {
  it('a second activation waits without money; cancelling the first forfeits only bonus money and promotes it', async () => {
    const p = await player(80_00);
    const first = await bonuses.issue(gift(p, { amount: 45_00n }));
    const second = await bonuses.issue(gift(p, { amount: 20_00n, validityDays: 3 }));
    await bonuses.activate(p, first.id);
    expect(await bonuses.activate(p, second.id)).toMatchObject({ stage: 'wait', validUntil: null });
    expect(await wallet(p)).toEqual({ cash: 80_00n, bonus: 45_00n });
    expect(await movements(second.id)).toEqual([]);

    t.clock.advance(DAY);
    expect(await bonuses.cancel(p, first.id)).toMatchObject({
      stage: 'canceled',
      cancelReason: 'player',
      endedAt: t.clock.now(),
    });
    expect(await movements(first.id)).toEqual([
      { kind: 'bonus_grant', key: `bonus:${first.id}:grant`, cash: 0n, bonus: 45_00n, funding: -45_00n },
      { kind: 'bonus_forfeit', key: `bonus:${first.id}:forfeit`, cash: 0n, bonus: -45_00n, funding: 45_00n },
    ]);
    const promoted = (await bonuses.list(p)).find((b) => b.id === second.id)!;
    expect(promoted).toMatchObject({ stage: 'handle_bets', validUntil: new Date(t.clock.now().getTime() + 3 * DAY) });
    expect(await wallet(p)).toEqual({ cash: 80_00n, bonus: 20_00n });
    await expect(bonuses.cancel(p, first.id)).rejects.toMatchObject({ status: 422, code: 'bonus_not_cancelable' });
    await expectLedgerSound(t.database);
  });

  it('cancelling an issued or waiting bonus moves no money', async () => {
    const p = await player();
    const active = await bonuses.issue(gift(p));
    const waiting = await bonuses.issue(gift(p));
    const offered = await bonuses.issue(gift(p));
    await bonuses.activate(p, active.id);
    await bonuses.activate(p, waiting.id);
    expect(await bonuses.cancel(p, waiting.id, 'operator')).toMatchObject({
      stage: 'canceled',
      cancelReason: 'operator',
    });
    expect(await bonuses.cancel(p, offered.id)).toMatchObject({ stage: 'canceled' });
    expect(await movements(waiting.id)).toEqual([]);
    expect(await movements(offered.id)).toEqual([]);
    expect(await wallet(p)).toEqual({ cash: 50_00n, bonus: 100_00n });
  });

  it('the partial unique index refuses a second bonus in handle_bets for one wallet', async () => {
    const p = await player();
    const a = await bonuses.issue(gift(p));
    const b = await bonuses.issue(gift(p));
    await bonuses.activate(p, a.id);
    await expect(
      t.database.db.execute(sql`UPDATE player_bonuses SET stage = 'handle_bets' WHERE id = ${b.id}`),
    ).rejects.toThrow();
  });
});

describe('conversion', () => {
  it('waits for the requirement, converts up to the cap, returns the rest, and promotes the next', async () => {
    const p = await player(30_00);
    const b = await bonuses.issue(gift(p, { amount: 100_00n, wagerMultiplier: 2, maxConversion: 60_00n }));
    const next = await bonuses.issue(gift(p, { amount: 10_00n }));
    await bonuses.activate(p, b.id);
    await bonuses.activate(p, next.id);

    await wager(p, 100_00);
    await wager(p, 99_99);
    expect(await bonuses.finishWagering(b.id)).toBeNull();
    expect(await movements(b.id)).toHaveLength(1);

    await wager(p, 1);
    expect(await bonuses.finishWagering(b.id)).toMatchObject({ stage: 'wager_done', converted: 60_00n });
    expect(await movements(b.id)).toEqual([
      { kind: 'bonus_grant', key: `bonus:${b.id}:grant`, cash: 0n, bonus: 100_00n, funding: -100_00n },
      { kind: 'bonus_convert', key: `bonus:${b.id}:convert`, cash: 60_00n, bonus: -100_00n, funding: 40_00n },
    ]);
    expect(await wallet(p)).toEqual({ cash: 90_00n, bonus: 10_00n });
    expect((await bonuses.list(p)).find((x) => x.id === next.id)).toMatchObject({ stage: 'handle_bets' });
    // A re-run finds nothing to do.
    expect(await bonuses.finishWagering(b.id)).toBeNull();
    expect(await movements(b.id)).toHaveLength(2);
    await expectLedgerSound(t.database);
  });

  it('without a cap all bonus money becomes cash', async () => {
    const p = await player(0);
    const b = await bonuses.issue(gift(p, { amount: 25_00n, wagerMultiplier: 1 }));
    await bonuses.activate(p, b.id);
    await wager(p, 25_00);
    expect(await bonuses.finishWagering(b.id)).toMatchObject({ stage: 'wager_done', converted: 25_00n });
    expect(await wallet(p)).toEqual({ cash: 25_00n, bonus: 0n });
  });
});

describe('movements are idempotent', () => {
  it('a replayed grant, forfeit or cash credit posts once', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p));
    const grant = { bonusId: b.id, userId: p, currency: 'EUR', amount: 100_00n, movement: 'grant' as const };
    // The row stays issued: these call the wallet's movements directly, as a retried step would.
    const first = await t.database.db.transaction((tx) => t.wallet.service.creditBonus(tx, grant));
    const again = await t.database.db.transaction((tx) => t.wallet.service.creditBonus(tx, grant));
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(again).toMatchObject({ ok: true, duplicate: true });
    // The same key for a different amount is a conflict, not a second grant.
    await expect(
      t.database.db.transaction((tx) => t.wallet.service.creditBonus(tx, { ...grant, amount: 1n })),
    ).rejects.toThrow(/different content/);
    expect(await wallet(p)).toEqual({ cash: 50_00n, bonus: 100_00n });

    const forfeit = { bonusId: b.id, userId: p, currency: 'EUR', movement: 'forfeit' as const, cap: null };
    expect(await t.database.db.transaction((tx) => t.wallet.service.settleBonus(tx, forfeit))).toMatchObject({
      duplicate: false,
      toFunding: 100_00n,
    });
    await fund(t.wallet, p, 'EUR', 1);
    expect(await t.database.db.transaction((tx) => t.wallet.service.settleBonus(tx, forfeit))).toMatchObject({
      duplicate: true,
    });
    expect(await wallet(p)).toEqual({ cash: 50_01n, bonus: 0n });
    expect((await movements(b.id)).map((m) => m.kind)).toEqual(['bonus_grant', 'bonus_forfeit']);
    // Ledger sound again: the bonus row is moved to where its money went.
    await t.database.db.execute(sql`UPDATE player_bonuses SET stage = 'canceled' WHERE id = ${b.id}`);
    await expectLedgerSound(t.database);
  });
});

describe('breaks (docs/bonuses.md#limits-withdrawals-privacy)', () => {
  it('a cooling-off refuses issue and activation, and nothing is written', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p));
    const now = t.clock.now();
    await t.database.db.execute(
      sql`INSERT INTO user_limits (user_id, type, period, anchor_at, ends_at, created_at, updated_at)
          VALUES (${p}, 'coolingoff', 'day', ${now}, ${new Date(now.getTime() + DAY)}, ${now}, ${now})`,
    );
    await expect(bonuses.issue(gift(p))).rejects.toMatchObject({ status: 403, code: 'bonuses_blocked' });
    await expect(bonuses.activate(p, b.id)).rejects.toMatchObject({
      status: 403,
      code: 'bonuses_blocked',
      message: expect.stringMatching(/^You are taking a break until .*: no bonuses until then\.$/),
    });
    expect((await bonuses.list(p)).map((x) => x.stage)).toEqual(['issued']);
    expect(await movements(b.id)).toEqual([]);
    // Cancelling is never refused by a break.
    expect(await bonuses.cancel(p, b.id)).toMatchObject({ stage: 'canceled' });
    t.clock.advance(DAY);
    expect(await bonuses.issue(gift(p))).toMatchObject({ stage: 'issued' });
  });
});

describe('erasure (docs/bonuses.md#limits-withdrawals-privacy)', () => {
  it('cancels what was offered and never started, and keeps the rows', async () => {
    const p = await player(0);
    const offered = await bonuses.issue(gift(p));
    const pack = await t.croupier.modules.bonuses.freespins.issue({
      userId: p,
      currency: 'EUR',
      source: 'manual',
      sourceRef: `erasure-pack-${p}`,
      games: ['croupier-originals/some-slot'],
      betLevel: 20n,
      spins: 5,
      winningsWagerMultiplier: 30,
      validityDays: 3,
    });
    await t.croupier.modules.privacy.erase(p, 'test');
    expect((await bonuses.list(p)).map((b) => [b.id, b.stage, b.cancelReason])).toEqual([
      [offered.id, 'canceled', 'erasure'],
    ]);
    const [packRow] = await rows<{ stage: string }>(
      t.database.db,
      sql`SELECT stage FROM freespin_packs WHERE id = ${pack.id}`,
    );
    expect(packRow).toEqual({ stage: 'canceled' });
  });

  it('exports the dismissed offers and the restriction (without the operator’s reason); erasure drops the dismissals only', async () => {
    const p = await player(0);
    const campaign = await insertCampaign(t, {
      kind: 'deposit',
      trigger: 'deposit',
      terms: {
        percent: 100,
        min_deposit_cents: { EUR: 20_00 },
        max_bonus_cents: { EUR: 100_00 },
        wager_multiplier: 30,
        validity_days: 7,
      },
    });
    await insertDismissal(t.database.db, p, campaign, t.clock.now());
    await upsertRestriction(t.database.db, p, 'suspected second account of player 12', t.clock.now());
    const exported = async () =>
      JSON.parse(await t.database.db.transaction((tx) => t.croupier.modules.privacy.exportDocument(p, tx))) as {
        about: { sections: Record<string, string> };
        bonuses: { offers_dismissed: { campaign_id: number; code: string }[]; restriction: unknown };
      };
    const before = await exported();
    expect(before.about.sections['bonuses.offers_dismissed']).toBeDefined();
    expect(before.bonuses.offers_dismissed).toEqual([
      { campaign_id: campaign, code: expect.any(String), dismissed_at: expect.any(String) },
    ]);
    expect(before.bonuses.restriction).toEqual({ restricted_since: expect.any(String) });
    expect(JSON.stringify(before)).not.toContain('suspected second account');

    await t.croupier.modules.privacy.erase(p, 'test');
    const after = await exported();
    expect(after.bonuses.offers_dismissed).toEqual([]);
    expect(after.bonuses.restriction).toEqual({ restricted_since: expect.any(String) });
  });
});
