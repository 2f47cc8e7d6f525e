/**
 * Helpers for tests that move money (not a test file): players with funded wallets (funded through
 * the ledger from payment clearing, never by writing a balance), signed wallet calls, and the
 * ledger invariant check (docs/reliability.md#ledger-invariants) to run after every such test.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { Wallet } from './index.ts';
import { ledgerViolations } from './invariants.repository.ts';
import { MODULES } from '../../app.ts';
import { moduleInvariants } from '../module.ts';
import { createGameSession } from './game-sessions.repository.ts';
import { PROVIDER_HEADER, SIGNATURE_HEADER, WalletResponseSchema } from '@croupier/shared/api/wallet';
import { expectContract } from '../../../test/contract.ts';
import { WalletProtocol } from './protocol.ts';

let seq = 0;

/**
 * A third-party game provider configured for tests: protocol tests call `/wallet/v1` as a studio
 * would. (Our own games host cannot: it is in-process only and the route refuses its id.)
 */
export const TEST_PROVIDER = 'test-studio';
export const TEST_PROVIDER_SECRET = 'test-studio-secret-used-by-wallet-tests-only';
export const TEST_PROVIDERS_ENV = { WALLET_PROVIDERS: `${TEST_PROVIDER}:${TEST_PROVIDER_SECRET}` };

/** A player row with a wallet, inserted directly (no password hashing: these tests are about money). */
export async function insertPlayer(database: Database, currency = 'EUR'): Promise<number> {
  seq += 1;
  const email = `wallet.${process.pid}.${seq}.${randomUUID().slice(0, 8)}@example.com`;
  const found = await database.db.execute(
    sql`INSERT INTO users (email, encrypted_password, currency, nickname) VALUES (${email}, 'x', ${currency}, ${`player_${seq}`}) RETURNING id`,
  );
  const id = Number((found.rows[0] as { id: number }).id);
  await database.db.execute(sql`INSERT INTO player_accounts (user_id, currency) VALUES (${id}, ${currency})`);
  return id;
}

export async function fund(wallet: Wallet, userId: number, currency: string, amount: bigint | number) {
  await wallet.service.creditPlayer({
    userId,
    currency,
    amount: BigInt(amount),
    from: 'payment_clearing',
    kind: 'deposit',
    idempotencyKey: `test-fund:${randomUUID()}`,
  });
}

export async function gameSession(
  database: Database,
  userId: number,
  currency: string,
  provider: string,
  now: Date,
  minutes = 60,
) {
  const { token } = await createGameSession(database.db, { userId, currency, gameId: 1, provider, now, minutes });
  return token;
}

/** Sends a signed wallet call exactly as a provider would (raw body + HMAC header). */
export async function walletCall(
  app: FastifyInstance,
  provider: string,
  secret: string,
  action: string,
  body: unknown | string,
  signatureOverride?: string,
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: `/wallet/v1/${action}`,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_HEADER]: provider,
      [SIGNATURE_HEADER]: signatureOverride ?? `sha256=${WalletProtocol.sign(secret, raw)}`,
    },
    payload: raw,
  });
  // Every protocol answer a test sees is held to the wire contract; a 5xx is the server's, not the protocol's.
  if (res.statusCode < 500) expectContract(WalletResponseSchema, res.json());
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { status: string; balance?: number; reference?: number },
  };
}

/** The ledger's invariants and every module's own (`invariants` in its `defineModule`) hold. */
export async function expectLedgerSound(database: Database) {
  expect(await ledgerViolations(database.db, moduleInvariants(MODULES))).toEqual({});
}

export async function count(
  database: Database,
  table: 'ledger_transactions' | 'ledger_postings' | 'wallet_requests',
): Promise<number> {
  const found = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number((found.rows[0] as { n: number }).n);
}

export async function balanceOf(database: Database, userId: number, currency = 'EUR'): Promise<number> {
  const found = await database.db.execute(
    sql`SELECT amount_cents::text AS a FROM player_accounts WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  return Number((found.rows[0] as { a: string }).a);
}
