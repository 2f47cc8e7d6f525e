/**
 * The player's bonus calls (docs/bonuses.md#the-calls) over HTTP, each answer held to its contract:
 * the list, activation, cancel, `cancel_info`, the wagering meter; and the realtime push every
 * stage change sets off through the event log.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerBonus } from '@croupier/shared/api/bonuses';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { expectEventsMatchContract } from '../../events/test-helpers.ts';
import { signUp } from '../auth/test-helpers.ts';
import { gameOf } from '../games-host/test-helpers.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import { gift, insertCampaign, movements, stageEvents, walletOf } from './test-bonus-helpers.ts';
import type { BonusesService } from './bonuses.service.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked by their contract first

const DAY = 86_400_000;
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

const WELCOME = {
  percent: 100,
  min_deposit_cents: { EUR: 20_00 },
  max_bonus_cents: { EUR: 200_00 },
  max_bet_cents: { EUR: 5_00 },
  wager_multiplier: 35,
  validity_days: 30,
};

let round = 0;

/** A signed-up EUR player with `cash`, their bonus calls, each answer checked against its route's contract. */
async function player(cash = 0) {
  const { client, player: p } = await signUp(t.app, { currency: 'EUR' });
  if (cash > 0) await fund(t.wallet, p.id, 'EUR', cash);
  const checked = (method: string, route: string) => (res: LightMyRequestResponse) => {
    expectRouteContract(method, route, res);
    return res;
  };
  return {
    id: p.id,
    client,
    list: () => client.get('/api/player/bonuses').then(checked('GET', '/api/player/bonuses')),
    activate: (id: number | string) =>
      client.post(`/api/player/bonuses/${id}/activation`).then(checked('POST', '/api/player/bonuses/{id}/activation')),
    cancel: (id: number | string) =>
      client.delete(`/api/player/bonuses/${id}`).then(checked('DELETE', '/api/player/bonuses/{id}')),
    cancelInfo: (id: number | string) =>
      client.get(`/api/player/bonuses/${id}/cancel_info`).then(checked('GET', '/api/player/bonuses/{id}/cancel_info')),
    wagering: (query = '') =>
      client.get(`/api/player/bonuses/wagering${query}`).then(checked('GET', '/api/player/bonuses/wagering')),
    /** A bet and its win at a test provider, one round: wins follow how the stake was paid. */
    play: async (stake: number, win: number) => {
      const token = await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now());
      const base = {
        user_id: String(p.id),
        currency: 'EUR',
        game: 'croupier-originals/test',
        round_id: `r-${++round}`,
      };
      const call = (action: string, body: Json) =>
        walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, { ...base, ...body });
      expect(
        (await call('bet', { session_token: token, transaction_id: `b-${round}`, amount: stake })).json.status,
      ).toBe('OK');
      expect((await call('win', { transaction_id: `w-${round}`, amount: win })).json.status).toBe('OK');
    },
  };
}

describe('the list', () => {
  it('shows the player’s bonuses newest first, never cached, with titles, lists and frozen terms', async () => {
    const p = await player(80_00);
    const welcome = await insertCampaign(t, {
      kind: 'deposit',
      trigger: 'deposit',
      terms: WELCOME,
      groupKey: 'welcome',
    });
    const reload = await insertCampaign(t, {
      kind: 'deposit',
      trigger: 'deposit',
      terms: { ...WELCOME, percent: 50 },
      titles: { en: 'Weekend reload', de: 'Wochenend-Bonus' },
    });
    const deposit = await bonuses.issue(
      gift(p.id, {
        kind: 'deposit',
        campaignId: welcome,
        source: 'payment',
        amount: 50_00n,
        wagerMultiplier: 35,
        maxBet: 5_00n,
        validityDays: 30,
        activationDays: null,
      }),
    );
    const titled = await bonuses.issue(gift(p.id, { kind: 'deposit', campaignId: reload, source: 'payment' }));
    const manual = await bonuses.issue(gift(p.id, { amount: 5_00n, wagerMultiplier: 40, maxConversion: 50_00n }));

    const res = await p.list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json() as PlayerBonus[];
    expect(list.map((b) => b.id)).toEqual([manual.id, titled.id, deposit.id]);
    const now = t.clock.now();
    expect(list[2]).toMatchObject({
      title: '100 % up to €200',
      // Generated, and said so: the web builds its own in the reader's language.
      title_generated: true,
      amount_cents: 50_00,
      currency: 'EUR',
      stage: 'issued',
      status: 'received',
      type: 'deposit',
      kind: 'deposit',
      strategy: 'deposit',
      group_key: 'welcome',
      amount_wager_requirement_cents: 1_750_00,
      amount_wager_cents: 0,
      created_at: now.toISOString(),
      activatable_until: null,
      valid_until: null,
      activatable: true,
      cancelable: true,
      bonus_balance_cents: 0,
      max_bet_cents: 5_00,
    });
    // The terms are the campaign's in EUR, with what the bonus froze in place of the campaign's.
    expect(list[2]!.terms).toMatchObject({
      kind: 'deposit',
      currency: 'EUR',
      percent: 100,
      min_deposit_cents: 20_00,
      max_bonus_cents: 200_00,
      max_bet_cents: 5_00,
      wager_multiplier: 35,
      validity_days: 30,
      default_weight: 100,
      excluded_collections: [],
    });
    expect(list[1]).toMatchObject({ title: 'Weekend reload', title_generated: false, group_key: null });
    // A campaign's title in the player's language when it has one.
    expect((await p.client.patch('/api/player/update_locale', { locale: 'de' })).statusCode).toBe(200);
    expect(((await p.list()).json() as PlayerBonus[]).map((b) => b.title)).toEqual([
      '€5 bonus',
      'Wochenend-Bonus',
      '100 % up to €200',
    ]);
    expect(list[1]!.terms).toMatchObject({ percent: 50, max_bet_cents: null, wager_multiplier: 10 });
    expect(list[0]).toMatchObject({
      title: '€5 bonus',
      type: 'bonus',
      strategy: 'manual',
      terms: null,
      max_conversion_cents: 50_00,
      activatable_until: new Date(now.getTime() + 3 * DAY).toISOString(),
    });
  });

  it('an activation deadline passed: neither activatable nor cancelable any more', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p.id, { activationDays: 1 }));
    t.clock.advance(DAY);
    expect(((await p.list()).json() as PlayerBonus[])[0]).toMatchObject({
      id: b.id,
      stage: 'issued',
      activatable: false,
      cancelable: false,
    });
  });

  it('needs a signed-in player; another player’s bonus is not found; an id must be one', async () => {
    const p = await player();
    const b = await bonuses.issue(gift(p.id));
    expect((await createClient(t.app).get('/api/player/bonuses')).statusCode).toBe(401);
    const other = await player();
    expect(((await other.list()).json() as unknown[]).length).toBe(0);
    for (const res of [await other.activate(b.id), await other.cancel(b.id), await other.cancelInfo(b.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'bonus_not_found' });
    }
    expect((await p.activate('abc')).statusCode).toBe(400);
    expect((await p.cancelInfo('1.5')).statusCode).toBe(400);
    expect(await walletOf(t, p.id)).toEqual({ cash: 0n, bonus: 0n });
  });
});

describe('activation and cancel', () => {
  it('activation grants the money or queues; cancel_info shows what a cancel takes; a cancel takes only bonus money', async () => {
    const p = await player();
    const first = await bonuses.issue(gift(p.id, { amount: 50_00n, validityDays: 30 }));
    const second = await bonuses.issue(gift(p.id, { amount: 20_00n }));

    const active = await p.activate(first.id);
    expect(active.statusCode).toBe(200);
    expect(active.headers['cache-control']).toBe('private, no-store');
    expect(active.json()).toMatchObject({
      id: first.id,
      stage: 'handle_bets',
      status: 'activated',
      activatable: false,
      cancelable: true,
      bonus_balance_cents: 50_00,
      valid_until: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
    });
    expect((await p.activate(second.id)).json()).toMatchObject({ stage: 'wait', bonus_balance_cents: 0 });
    const again = await p.activate(first.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'bonus_not_activatable' });

    // Bonus money staked and won: the win follows its stake into the bonus balance. Then a deposit.
    await p.play(50_00, 62_00);
    await fund(t.wallet, p.id, 'EUR', 80_00);
    expect(await walletOf(t, p.id)).toEqual({ cash: 80_00n, bonus: 62_00n });
    expect((await p.cancelInfo(first.id)).json()).toEqual({
      id: first.id,
      total_withdrawal_amount: '80.00',
      current_balance: '142.00',
      cash_balance: '80.00',
      bonus_balance: '62.00',
      bonus_winnings: '12.00',
      currency: 'EUR',
    });
    // A waiting bonus has no money of its own: cancelling it takes nothing.
    expect((await p.cancelInfo(second.id)).json()).toMatchObject({ bonus_balance: '0.00', bonus_winnings: '0.00' });

    const canceled = await p.cancel(first.id);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      id: first.id,
      stage: 'canceled',
      status: 'used',
      cancelable: false,
      bonus_balance_cents: 0,
    });
    // The cash stays; the next bonus starts with its own money.
    expect(await walletOf(t, p.id)).toEqual({ cash: 80_00n, bonus: 20_00n });
    expect(await movements(t, first.id)).toEqual([
      { kind: 'bonus_grant', cash: 0n, bonus: 50_00n, funding: -50_00n },
      { kind: 'bonus_forfeit', cash: 0n, bonus: -62_00n, funding: 62_00n },
    ]);
    const list = (await p.list()).json() as PlayerBonus[];
    expect(list.map((b) => [b.id, b.stage, b.bonus_balance_cents])).toEqual([
      [second.id, 'handle_bets', 20_00],
      [first.id, 'canceled', 0],
    ]);
    const twice = await p.cancel(first.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: 'bonus_not_cancelable' });
    await expectLedgerSound(t.database);
  });

  it('a grant past the maximum balance answers 422 balance_limit and moves nothing', async () => {
    const p = await player();
    const { maxBalanceMinor } = await import('@croupier/shared/currencies');
    await fund(t.wallet, p.id, 'EUR', maxBalanceMinor('EUR'));
    const b = await bonuses.issue(gift(p.id));
    const res = await p.activate(b.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'balance_limit' });
    expect(await movements(t, b.id)).toEqual([]);
    expect(((await p.list()).json() as PlayerBonus[])[0]).toMatchObject({ stage: 'issued', activatable: true });
  });
});

describe('the wagering meter', () => {
  it('the bonus being wagered in the player’s currency, and what a game counts by its collections', async () => {
    const p = await player();
    expect((await p.wagering('?game=anything')).json()).toEqual({ bonus: null, game: null });
    const b = await bonuses.issue(gift(p.id, { maxBet: 5_00n }));
    expect((await p.wagering()).json()).toEqual({ bonus: null, game: null });
    await p.activate(b.id);

    const dice = await gameOf(t, 'dice');
    expect(dice.categories.length).toBeGreaterThan(1);
    const [low, high] = dice.categories;
    // Increment 2 freezes weights from the campaign; set here as it will.
    await t.database.db.execute(
      sql`UPDATE player_bonuses SET weights = ${JSON.stringify({ [low!]: 40, [high!]: 10 })}::jsonb, default_weight = 70
           WHERE id = ${b.id}`,
    );
    const meter = (await p.wagering(`?game=${encodeURIComponent(dice.identifier)}`)).json() as Json;
    expect(meter.bonus).toMatchObject({
      id: b.id,
      stage: 'handle_bets',
      max_bet_cents: 5_00,
      bonus_balance_cents: 100_00,
    });
    expect(meter.game).toEqual({ identifier: dice.identifier, weight_percent: 10, excluded: false });
    expect((await p.wagering()).json()).toMatchObject({ bonus: { id: b.id }, game: null });
    expect((await p.wagering('?game=nobody%2Fnothing')).json()).toMatchObject({
      game: { identifier: 'nobody/nothing', weight_percent: 0, excluded: false },
    });
    await t.database.db.execute(
      sql`UPDATE player_bonuses SET excluded_collections = ARRAY[${high!}]::text[] WHERE id = ${b.id}`,
    );
    expect(((await p.wagering(`?game=${encodeURIComponent(dice.identifier)}`)).json() as Json).game).toEqual({
      identifier: dice.identifier,
      weight_percent: 0,
      excluded: true,
    });
    expect((await p.wagering('?game=')).statusCode).toBe(422);
    expect((await p.wagering('?currency=EUR')).statusCode).toBe(400);
  });
});

describe('realtime', () => {
  it('each stage change appends bonus.changed with it; the notify consumer pushes the bonus as it is', async () => {
    const p = await player();
    // What earlier tests changed is pushed first, so this test's changes come in one batch of their own.
    await t.events.drain('bonuses.notify');
    const first = await bonuses.issue(gift(p.id));
    const second = await bonuses.issue(gift(p.id, { amount: 30_00n }));
    // Replaying an issue appends nothing.
    await bonuses.issue(gift(p.id, { sourceRef: first.sourceRef }));
    await p.activate(first.id);
    await p.activate(second.id);
    await p.cancel(first.id);
    expect(await stageEvents(t, first.id)).toEqual(['∅ → issued', 'issued → handle_bets', 'handle_bets → canceled']);
    expect(await stageEvents(t, second.id)).toEqual(['∅ → issued', 'issued → wait', 'wait → handle_bets']);
    expect((await expectEventsMatchContract(t.database))['bonus.changed']).toBeGreaterThanOrEqual(6);

    const pushed: { target: string; data: PlayerBonus }[] = [];
    let told: () => void = () => {};
    const both = new Promise<void>((resolve) => (told = resolve));
    const stop = t.realtime.onPublish((e) => {
      if (e.channel !== 'bonuses_changes') return;
      pushed.push({ target: e.target, data: e.data as PlayerBonus });
      if (pushed.filter((x) => x.target === `user:${p.id}`).length === 2) told();
    });
    await t.events.drain('bonuses.notify');
    await both;
    stop();
    // One push per bonus for the whole batch, each as it stands after it.
    const mine = pushed.filter((x) => x.target === `user:${p.id}`).map((x) => [x.data.id, x.data.stage]);
    expect(mine.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [first.id, 'canceled'],
      [second.id, 'handle_bets'],
    ]);
  });
});
