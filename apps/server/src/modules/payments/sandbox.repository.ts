/**
 * The sandbox PSP's own books (`sandbox_psp_payments`): what it was asked, what it answered, and
 * whether the casino acknowledged the answer. Card tokens live here too (kind `card_token`), so a
 * card number never reaches the casino's tables.
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';
import type { PaymentAction } from './provider.ts';

/** What an outcome's webhook carries about the payment. */
export interface SandboxOutcomeRow {
  merchant_reference: string;
  amount_cents: string;
  currency: string;
}

/** The payout the sandbox already has for the casino's reference, if any. */
export async function findSandboxPayout(db: Executor, reference: string): Promise<{ id: string } | undefined> {
  const [known] = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM sandbox_psp_payments WHERE kind = 'cashout' AND merchant_reference = ${reference}`,
  );
  return known;
}

export async function findCardToken(db: Executor, token: string): Promise<{ details: { number: string } } | undefined> {
  const [saved] = await rows<{ details: { number: string } }>(
    db,
    sql`SELECT details FROM sandbox_psp_payments WHERE kind = 'card_token' AND id = ${token}`,
  );
  return saved;
}

export async function insertCardToken(
  db: Executor,
  values: { token: string; reference: string; currency: string; number: string; now: Date },
): Promise<void> {
  const { token, reference, currency, number, now } = values;
  await db.execute(
    sql`INSERT INTO sandbox_psp_payments (id, kind, merchant_reference, amount_cents, currency, status, details, created_at)
        VALUES (${token}, 'card_token', ${reference}, 0, ${currency}, 'succeeded', ${JSON.stringify({ number })}::jsonb, ${now})`,
  );
}

export async function insertSandboxPayment(
  db: Executor,
  values: {
    id: string;
    action: PaymentAction;
    reference: string;
    amountCents: bigint;
    currency: string;
    status: 'created' | 'challenge';
    details: { method: string; reason: string | null };
    now: Date;
  },
): Promise<void> {
  const { id, action, reference, amountCents, currency, status, details, now } = values;
  await db.execute(
    sql`INSERT INTO sandbox_psp_payments (id, kind, merchant_reference, amount_cents, currency, status, details, created_at)
        VALUES (${id}, ${action}, ${reference}, ${amountCents.toString()}::bigint, ${currency},
                ${status}, ${JSON.stringify(details)}::jsonb, ${now})`,
  );
}

/** Decides a payment still open; undefined when it was already decided, so it settles once. */
export async function decideSandboxPayment(
  db: Executor,
  id: string,
  status: 'succeeded' | 'declined',
  reason: string | null,
): Promise<SandboxOutcomeRow | undefined> {
  const [row] = await rows<SandboxOutcomeRow>(
    db,
    sql`UPDATE sandbox_psp_payments SET status = ${status},
          details = details || jsonb_build_object('reason', ${reason}::text)
        WHERE id = ${id} AND status IN ('created', 'challenge')
        RETURNING merchant_reference, amount_cents::text, currency`,
  );
  return row;
}

export async function markSandboxDelivered(db: Executor, id: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE sandbox_psp_payments SET delivered_at = ${now} WHERE id = ${id}`);
}

/** A payment the retry queue decides or delivers again; `details.reason` is the outcome it was going to have. */
export interface UndeliveredSandboxRow extends SandboxOutcomeRow {
  id: string;
  status: string;
  details: { reason?: string | null };
}

/** Payments created before `cutoff` that were never decided, or whose outcome the casino never acknowledged; oldest first. */
export async function undeliveredSandboxPayments(
  db: Executor,
  cutoff: Date,
  limit: number,
): Promise<UndeliveredSandboxRow[]> {
  return rows<UndeliveredSandboxRow>(
    db,
    sql`SELECT id, status, merchant_reference, amount_cents::text, currency, details FROM sandbox_psp_payments
        WHERE kind IN ('deposit', 'cashout') AND created_at <= ${cutoff}
          AND (status = 'created' OR (status IN ('succeeded', 'declined') AND delivered_at IS NULL))
        ORDER BY created_at LIMIT ${limit}`,
  );
}

export async function findSandboxDeposit(
  db: Executor,
  id: string,
): Promise<{ amount_cents: string; currency: string; status: string; created_at: Date | string } | undefined> {
  const [row] = await rows<{ amount_cents: string; currency: string; status: string; created_at: Date | string }>(
    db,
    sql`SELECT amount_cents::text, currency, status, created_at FROM sandbox_psp_payments WHERE id = ${id} AND kind = 'deposit'`,
  );
  return row;
}

/** Deposits still waiting on their 3-D Secure page since before `cutoff`, oldest first. */
export async function expiredChallenges(db: Executor, cutoff: Date, limit: number): Promise<{ id: string }[]> {
  return rows<{ id: string }>(
    db,
    sql`SELECT id FROM sandbox_psp_payments WHERE kind = 'deposit' AND status = 'challenge' AND created_at <= ${cutoff} ORDER BY created_at LIMIT ${limit}`,
  );
}
