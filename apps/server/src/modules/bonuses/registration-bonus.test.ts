/**
 * Registration bonuses and the welcome offer (docs/bonuses.md#through-the-event-log-exactly-once):
 * at sign-up the campaign marked `default_offer` becomes the new player's deposit bonus code; a
 * registration campaign is issued only once the e-mail is confirmed
 * (docs/bonuses.md#settled-before-building), once, and only for confirmations inside its window.
 * On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BonusCampaign } from '@croupier/shared/api/bonuses';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectEventsMatchContract } from '../../events/test-helpers.ts';
import { GOOD_PASSWORD, lastMailTo, signUp, tokenFromMail, type Client } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import {
  ADMIN_ENV,
  admin,
  createCampaign,
  depositOffer,
  drainAll,
  expectConsumersHealthy,
  registrationOffer,
  rewind,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

let t: TestApp;
let welcome: BonusCampaign;
beforeAll(async () => {
  t = await buildTestApp(ADMIN_ENV);
  welcome = await createCampaign(t, depositOffer({ default_offer: true, deposit_number: 1 }));
});
afterAll(async () => {
  const checked = await expectEventsMatchContract(t.database);
  expect(checked['player.email_confirmed']).toBeGreaterThan(0);
  await t.close();
});
afterEach(async () => {
  await expectConsumersHealthy(t);
  await expectLedgerSound(t.database);
});

const DAY = 86_400_000;
const drain = () => drainAll(t, 'bonuses.registrations');

async function confirm(email: string, client: Client = createClient(t.app)) {
  const token = tokenFromMail(lastMailTo(t.mail, email), 'confirmation_token');
  const res = await client.get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`);
  expect(res.statusCode, res.body).toBe(200);
}

const codeOf = async (client: Client) =>
  ((await client.get('/api/player')).json() as { deposit_bonus_code: string | null }).deposit_bonus_code;

async function confirmations(userId: number) {
  const found = await t.database.db.execute(
    sql`SELECT payload FROM events WHERE user_id = ${userId} AND type = 'player.email_confirmed' ORDER BY id`,
  );
  return found.rows.map((r) => (r as { payload: unknown }).payload);
}

describe('the welcome offer', () => {
  it('becomes a new player’s deposit bonus code when it reaches them, unless they chose one already', async () => {
    const fresh = await signUp(t.app, { currency: 'EUR' });
    const elsewhere = await signUp(t.app, { currency: 'JPY' });
    const chooser = await signUp(t.app, { currency: 'EUR' });
    const other = await createCampaign(t, depositOffer());
    expect(
      (await chooser.client.patch('/api/player/set_bonus_code', { deposit_bonus_code: other.code })).statusCode,
    ).toBe(200);
    expect(await codeOf(fresh.client)).toBe(null);
    await drain();
    await drain();
    expect(await codeOf(fresh.client)).toBe(welcome.code);
    // The offer names no JPY amounts: nothing for a JPY player.
    expect(await codeOf(elsewhere.client)).toBe(null);
    expect(await codeOf(chooser.client)).toBe(other.code);
  });

  it('is not set for a player who said "no bonus" before the consumer ran', async () => {
    const quick = await signUp(t.app, { currency: 'EUR' });
    expect((await quick.client.delete('/api/player/clear_bonus_code')).statusCode).toBe(204);
    await drain();
    expect(await codeOf(quick.client)).toBe(null);
    // Their later choice is theirs too.
    expect(
      (await quick.client.patch('/api/player/set_bonus_code', { deposit_bonus_code: welcome.code })).statusCode,
    ).toBe(200);
    expect(await codeOf(quick.client)).toBe(welcome.code);
  });

  it('is not set from a sign-up before the offer started', async () => {
    const early = await signUp(t.app, { currency: 'EUR' });
    t.clock.advance(60_000);
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${welcome.id}`, { starts_at: t.clock.now().toISOString() });
    await drain();
    expect(await codeOf(early.client)).toBe(null);
    const late = await signUp(t.app, { currency: 'EUR' });
    await drain();
    expect(await codeOf(late.client)).toBe(welcome.code);
  });
});

describe('a registration bonus', () => {
  it('waits for the e-mail confirmation, is issued once, and is activated from the gifts by the player', async () => {
    const offer = await createCampaign(t, registrationOffer());
    const p = await signUp(t.app, { currency: 'EUR' });
    await drain();
    expect(await storedBonuses(t, p.player.id)).toEqual([]);

    await confirm(p.player.email, p.client);
    await drain();
    await drain();
    await rewind(t, 'bonuses.registrations');
    await drain();
    const [bonus, ...others] = await storedBonuses(t, p.player.id);
    expect(others.filter((b) => b.campaign_id === offer.id)).toEqual([]);
    expect(bonus).toMatchObject({
      campaign_id: offer.id,
      kind: 'nondeposit',
      stage: 'issued',
      source: 'registration',
      source_ref: `${p.player.id}:${offer.id}`,
      amount_cents: 5_00,
      wager_requirement_cents: 40 * 5_00,
      max_conversion_cents: 50_00,
      deposit_cents: null,
      terms: { kind: 'nondeposit', currency: 'EUR', amount_cents: 5_00, activation_days: 7 },
      activatable_until: expect.any(String),
    });
    expect(new Date(bonus!.activatable_until!).getTime()).toBe(t.clock.now().getTime() + 7 * DAY);
    expect(await walletOf(t, p.player.id)).toEqual({ cash: 0, bonus: 0 });
    expect((await t.croupier.modules.bonuses.activate(p.player.id, bonus!.id)).stage).toBe('handle_bets');
    expect(await walletOf(t, p.player.id)).toEqual({ cash: 0, bonus: 5_00 });
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${offer.id}`, { active: false });
  });

  it('is activated at once when its terms say so', async () => {
    const offer = await createCampaign(
      t,
      registrationOffer({ terms: { ...registrationOffer().terms, auto_activate: true } }),
    );
    const p = await signUp(t.app, { currency: 'USD' });
    await confirm(p.player.email);
    await drain();
    expect(await storedBonuses(t, p.player.id)).toMatchObject([
      { campaign_id: offer.id, currency: 'USD', stage: 'handle_bets', amount_cents: 5_00 },
    ]);
    expect(await walletOf(t, p.player.id, 'USD')).toEqual({ cash: 0, bonus: 5_00 });
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${offer.id}`, { active: false });
  });

  it('goes to nobody confirmed before its start, nobody opted out, nobody outside its countries', async () => {
    const before = await signUp(t.app, { currency: 'EUR' });
    await confirm(before.player.email);
    const optedOut = await signUp(t.app, { currency: 'EUR' });
    await optedOut.client.patch('/api/player/update_bonus_settings', { can_issue: false });
    const abroad = await signUp(t.app, { currency: 'EUR', country: 'AT' });
    t.clock.advance(60_000);
    const offer = await createCampaign(t, registrationOffer({ countries: ['DE'] }));
    await confirm(optedOut.player.email);
    await confirm(abroad.player.email);
    const welcomed = await signUp(t.app, { currency: 'EUR', country: 'DE' });
    await confirm(welcomed.player.email);
    await rewind(t, 'bonuses.registrations');
    await drain();
    for (const nobody of [before, optedOut, abroad]) expect(await storedBonuses(t, nobody.player.id)).toEqual([]);
    expect(await storedBonuses(t, welcomed.player.id)).toMatchObject([{ campaign_id: offer.id }]);
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${offer.id}`, { active: false });
  });
});

describe('the confirmation event', () => {
  it('is appended once, by whichever link first proves the address', async () => {
    const p = await signUp(t.app, { currency: 'EUR' });
    const guest = createClient(t.app);
    expect((await guest.post('/api/users/password', { user: { email: p.player.email } })).statusCode).toBe(201);
    const reset = tokenFromMail(lastMailTo(t.mail, p.player.email), 'reset_password_token');
    const changed = await guest.put('/api/users/password', {
      user: { reset_password_token: reset, password: `${GOOD_PASSWORD}!`, password_confirmation: `${GOOD_PASSWORD}!` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await confirmations(p.player.id)).toEqual([{ currency: 'EUR', country: 'DE' }]);
    // The confirmation link after it confirms nothing new: no second event.
    const token = tokenFromMail(
      t.mail.filter((m) => m.to === p.player.email && m.text.includes('confirmation_token')).at(-1),
      'confirmation_token',
    );
    expect(
      (await guest.get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(200);
    expect(await confirmations(p.player.id)).toHaveLength(1);
  });
});
