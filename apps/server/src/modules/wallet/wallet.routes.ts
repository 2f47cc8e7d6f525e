import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { parseBody } from '../../http/validate.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { AdminCreditRequestSchema, PROVIDER_HEADER, SIGNATURE_HEADER } from '@croupier/shared/api/wallet';
import type { Wallet } from './index.ts';
import { findPlayerIdByEmail, findPlayerIdById } from './wallet.repository.ts';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The seamless-wallet endpoint (docs/wallet-protocol.md). Bodies are read as raw bytes so the
 * signature is checked over exactly what the provider signed, before any parsing (W11).
 */
async function protocolRoutes(app: FastifyInstance, wallet: Wallet) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
  app.post<{ Params: { action: string } }>(
    '/wallet/v1/:action',
    { config: { csrf: false } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await wallet.protocol.handleExternal(
        header(request.headers[PROVIDER_HEADER]),
        request.params.action,
        raw,
        header(request.headers[SIGNATURE_HEADER]),
      );
      return reply
        .status(answer.httpStatus)
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(answer.body);
    },
  );
}

/**
 * Operator calls (the module's `adminRoutes`: mounted only when `ADMIN_API_TOKEN` is configured,
 * the token checked before the handler): a manual credit from the payment-clearing account (an
 * off-platform deposit, a goodwill payment). Through the ledger like every movement; never a
 * balance write. The browser stories fund players with it.
 */
export async function walletAdminRoutes(app: FastifyInstance, deps: AppDeps & { wallet: Wallet }) {
  app.post('/api/admin/wallet/credits', { config: { csrf: false } }, async (request, reply) => {
    const body = parseBody(AdminCreditRequestSchema, request, { code: 'invalid_credit', rules: 'bad_request' });
    const { db } = deps.database;
    const user =
      body.user_id !== undefined
        ? await findPlayerIdById(db, body.user_id)
        : body.email
          ? await findPlayerIdByEmail(db, body.email)
          : undefined;
    if (!user) throw notFound('player_not_found', 'No such player');
    const result = await deps.wallet.service
      .creditPlayer({
        userId: user.id,
        currency: body.currency,
        amount: BigInt(body.amount_cents),
        from: 'payment_clearing',
        kind: 'deposit',
        idempotencyKey: `admin-credit:${body.idempotency_key}`,
        metadata: { reason: body.reason, by: 'admin-api' },
      })
      .catch((error: Error) => {
        // A definite refusal (the balance maximum) keeps its own status and code.
        if (error instanceof AppError) throw error;
        throw badRequest('credit_refused', error.message);
      });
    const balance = await deps.wallet.service.balanceOf(user.id, body.currency);
    return reply.status(result.duplicate ? 200 : 201).send({
      transaction_id: result.transactionId,
      duplicate: result.duplicate,
      account: balance ? deps.wallet.service.presentBalance(balance) : null,
    });
  });
}

export const walletRoutes: FastifyPluginAsync<AppDeps & { wallet: Wallet }> = async (app, deps) => {
  await protocolRoutes(app, deps.wallet);
};
