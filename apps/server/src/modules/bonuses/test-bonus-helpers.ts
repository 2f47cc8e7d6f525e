/**
 * Helpers of the bonus tests (not a test file): gifts to issue, campaigns written as an operator
 * would configure them, and what a wallet, the ledger and the event log hold for a bonus.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BonusTerms } from '@croupier/shared/bonus-terms';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { IssueInput } from './bonuses.service.ts';

/** A manual gift of 100.00 EUR, ×10, 7 days to wager and 3 to activate, unless `over` says otherwise. */
export function gift(userId: number, over: Partial<IssueInput> = {}): IssueInput {
  return {
    userId,
    currency: 'EUR',
    kind: 'nondeposit',
    source: 'manual',
    sourceRef: `test-${randomUUID()}`,
    amount: 100_00n,
    wagerMultiplier: 10,
    validityDays: 7,
    activationDays: 3,
    ...over,
  };
}

/** A campaign row as the operator's API will write it; its id. */
export async function insertCampaign(
  t: TestApp,
  c: { kind: string; trigger: string; terms: BonusTerms; titles?: Record<string, string>; groupKey?: string },
): Promise<number> {
  const found = await t.database.db.execute(
    sql`INSERT INTO bonus_campaigns (code, kind, trigger, group_key, titles, terms)
        VALUES (${`T${randomUUID().slice(0, 8).toUpperCase()}`}, ${c.kind}, ${c.trigger}, ${c.groupKey ?? null},
                ${c.titles ? JSON.stringify(c.titles) : null}::jsonb, ${JSON.stringify(c.terms)}::jsonb)
        RETURNING id`,
  );
  return Number((found.rows[0] as { id: number }).id);
}

/** The cash and the bonus money of a wallet. */
export async function walletOf(t: TestApp, userId: number, currency = 'EUR') {
  const found = await t.database.db.execute(
    sql`SELECT amount_cents::text AS amount, available_to_cashout_cents::text AS cash FROM player_accounts
         WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  const row = found.rows[0] as { amount: string; cash: string };
  return { cash: BigInt(row.cash), bonus: BigInt(row.amount) - BigInt(row.cash) };
}

/** The ledger movements posted for a bonus, in order, with what each moved on each account kind. */
export async function movements(t: TestApp, bonusId: number) {
  const found = await t.database.db.execute(
    sql`SELECT t.kind,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_cash'), 0)::text AS cash,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_bonus'), 0)::text AS bonus,
               coalesce(sum(p.amount) FILTER (WHERE a.kind = 'bonus_funding'), 0)::text AS funding
          FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
         WHERE t.idempotency_key LIKE ${`bonus:${bonusId}:%`} GROUP BY t.id ORDER BY t.id`,
  );
  return (found.rows as { kind: string; cash: string; bonus: string; funding: string }[]).map((r) => ({
    kind: r.kind,
    cash: BigInt(r.cash),
    bonus: BigInt(r.bonus),
    funding: BigInt(r.funding),
  }));
}

/** The `bonus.changed` events of a bonus, in log order, as `from → stage`. */
export async function stageEvents(t: TestApp, bonusId: number): Promise<string[]> {
  const found = await t.database.db.execute(
    sql`SELECT payload FROM events WHERE type = 'bonus.changed' AND (payload ->> 'id')::int = ${bonusId}
         ORDER BY tx, id`,
  );
  return (found.rows as { payload: { from: string | null; stage: string } }[]).map(
    (r) => `${r.payload.from ?? '∅'} → ${r.payload.stage}`,
  );
}

/** A bonus's stage and cancel reason as stored. */
export async function stageOf(t: TestApp, bonusId: number) {
  const found = await t.database.db.execute(sql`SELECT stage, cancel_reason FROM player_bonuses WHERE id = ${bonusId}`);
  return found.rows[0] as { stage: string; cancel_reason: string | null };
}
