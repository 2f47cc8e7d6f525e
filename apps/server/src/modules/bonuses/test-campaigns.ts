/**
 * Helpers for the campaign tests (not a test file): the operator's calls, campaigns to create,
 * sandbox deposits settled by their signed webhook, and what a player's bonuses and wallet hold.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BonusCampaign, BonusCampaignRequest } from '@croupier/shared/api/bonuses';
import { everyCurrency } from './campaigns.seed.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { deriveKeyHex } from '../../config/secrets.ts';
import { lastMailTo, signUp, tokenFromMail, type Client } from '../auth/test-helpers.ts';
import type { SignUpRequest } from '@croupier/shared/api/auth';
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider, TEST_CARDS } from '../payments/sandbox.ts';

export const ADMIN_TOKEN = 'campaign-tests-admin-token-0123456789abcdef';
export const ADMIN_ENV = { ADMIN_API_TOKEN: ADMIN_TOKEN };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field

/** An operator call with the admin token. */
export function admin(t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** Confirms a player's e-mail address from the link mailed at sign-up (no session needed). */
export async function confirmEmail(t: TestApp, email: string) {
  const token = tokenFromMail(lastMailTo(t.mail, email), 'confirmation_token');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Signs a player up and confirms their address: codes and deposit bonuses wait for a confirmed
 * address (docs/bonuses.md#confirmed-addresses-only).
 */
export async function signUpConfirmed(t: TestApp, overrides: Partial<SignUpRequest['user']> = {}) {
  const signed = await signUp(t.app, overrides);
  await confirmEmail(t, signed.player.email);
  return signed;
}

let codes = 0;
/** A code no other campaign of the test file has. */
export const newCode = (prefix = 'TEST') => `${prefix}${++codes}`;

/** A deposit offer: 100 % up to €200 from €20, ×35 on the bonus, max bet €5, 30 days. */
export function depositOffer(over: Partial<BonusCampaignRequest> = {}): BonusCampaignRequest {
  return {
    code: newCode('DEP'),
    kind: 'deposit',
    trigger: 'deposit',
    terms: {
      percent: 100,
      min_deposit_cents: { EUR: 20_00, USD: 20_00 },
      max_bonus_cents: { EUR: 200_00, USD: 200_00 },
      max_bet_cents: { EUR: 5_00, USD: 5_00 },
      wager_multiplier: 35,
      weights: { pokies: 100, table: 10 },
      excluded_collections: ['wager0'],
      validity_days: 30,
    },
    ...over,
  };
}

/** A registration offer in every currency: €5, ×40, max conversion €50, 7 days to activate. */
export function registrationOffer(over: Partial<BonusCampaignRequest> = {}): BonusCampaignRequest {
  return {
    code: newCode('REG'),
    kind: 'nondeposit',
    trigger: 'registration',
    terms: {
      amount_cents: everyCurrency(5),
      max_conversion_cents: everyCurrency(50),
      wager_multiplier: 40,
      activation_days: 7,
      validity_days: 7,
    },
    ...over,
  };
}

export async function createCampaign(t: TestApp, request: BonusCampaignRequest): Promise<BonusCampaign> {
  const res = await admin(t, 'POST', '/api/admin/bonus-campaigns', request);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const CARD = { card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' };

/** Starts a card deposit the bank holds for 3-D Secure: pending until its webhook, which `succeed` sends. */
export async function pendingDeposit(t: TestApp, client: Client, amountCents: number, currency = 'EUR') {
  const res = await client.post('/api/payments/deposits', {
    payment: {
      currency,
      amount_cents: amountCents,
      method_id: 'sandbox_card',
      fields: { ...CARD, card_number: TEST_CARDS.challenge },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const started = res.json() as Json;
  const pspId = (started.redirect_url as string).split('/').pop()!;
  const event = {
    event_id: `${pspId}:succeeded`,
    payment_id: pspId,
    merchant_reference: String(started.payment.id),
    status: 'succeeded',
    amount_cents: amountCents,
    currency,
  };
  return {
    paymentId: started.payment.id as number,
    /** The provider's signed webhook saying it succeeded (send it as often as a provider retries). */
    succeed: (): Promise<LightMyRequestResponse> => {
      const raw = JSON.stringify(event);
      return t.app.inject({
        method: 'POST',
        url: '/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `sha256=${SandboxProvider.sign(deriveKeyHex(t.env.appSecret, 'sandbox-psp-webhook'), raw)}`,
        },
        payload: raw,
      });
    },
  };
}

/** A deposit that succeeds at once (its webhook sent and answered). */
export async function deposit(t: TestApp, client: Client, amountCents: number, currency = 'EUR') {
  const pending = await pendingDeposit(t, client, amountCents, currency);
  expect((await pending.succeed()).statusCode).toBe(200);
  return pending.paymentId;
}

export interface StoredBonus {
  id: number;
  campaign_id: number | null;
  kind: string;
  currency: string;
  stage: string;
  source: string;
  source_ref: string;
  amount_cents: number;
  wager_multiplier: number;
  wager_requirement_cents: number;
  max_bet_cents: number | null;
  max_conversion_cents: number | null;
  weights: Record<string, number>;
  default_weight: number;
  excluded_collections: string[];
  deposit_cents: number | null;
  terms: Json | null;
  activatable_until: string | null;
}

/** A player's bonuses as stored, by id. */
export async function storedBonuses(t: TestApp, userId: number): Promise<StoredBonus[]> {
  const found = await t.database.db.execute(
    sql`SELECT json_build_object('id', id, 'campaign_id', campaign_id, 'kind', kind, 'currency', currency, 'stage', stage,
               'source', source, 'source_ref', source_ref, 'amount_cents', amount_cents,
               'wager_multiplier', wager_multiplier, 'wager_requirement_cents', wager_requirement_cents,
               'max_bet_cents', max_bet_cents, 'max_conversion_cents', max_conversion_cents, 'weights', weights,
               'default_weight', default_weight, 'excluded_collections', excluded_collections,
               'deposit_cents', deposit_cents, 'terms', terms, 'activatable_until', activatable_until)::text AS b
          FROM player_bonuses WHERE user_id = ${userId} ORDER BY id`,
  );
  return (found.rows as { b: string }[]).map((r) => JSON.parse(r.b) as StoredBonus);
}

/** The wallet's cash and bonus money. */
export async function walletOf(t: TestApp, userId: number, currency = 'EUR') {
  const found = await t.database.db.execute(
    sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
         WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  const row = found.rows[0] as { amount: string; cash: string };
  return { cash: Number(row.cash), bonus: Number(row.amount) - Number(row.cash) };
}

/** Drains a consumer to the end of the log (the test app's `drain` waits for other files' transactions). */
export async function drainAll(t: TestApp, consumer: string) {
  await t.events.drain(consumer);
}

/** Moves a consumer's cursor back to the log's start, as a consumer new to the log would begin. */
export async function rewind(t: TestApp, consumer: string) {
  await t.database.db.execute(
    sql`UPDATE event_cursors SET last_tx = '0'::xid8, last_id = 0 WHERE consumer = ${consumer}`,
  );
}

/** The bonus consumers failed on no event (a failure would leave them stuck, retrying). */
export async function expectConsumersHealthy(t: TestApp) {
  const found = await t.database.db.execute(
    sql`SELECT consumer, failures, last_error FROM event_cursors WHERE consumer LIKE 'bonuses.%' ORDER BY consumer`,
  );
  for (const row of found.rows as { consumer: string; failures: number; last_error: string | null }[])
    expect(row, row.consumer).toMatchObject({ failures: 0, last_error: null });
}
