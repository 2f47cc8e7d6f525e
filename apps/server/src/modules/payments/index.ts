import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { deriveKeyHex } from '../../config/secrets.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { PaymentsService, type PaymentView } from './payments.service.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxChain } from './crypto.ts';
import { SANDBOX_CHALLENGE_MINUTES, SANDBOX_SIGNATURE_HEADER, SandboxProvider } from './sandbox.ts';

export interface PaymentsModule {
  service: PaymentsService;
  sandbox: SandboxProvider;
  chain: SandboxChain;
  onChange(listener: (userId: number, payment: PaymentView) => void): void;
  /**
   * Runs the payout job, the re-drive of payouts lost in a crash, the sandbox's redelivery of
   * unacknowledged outcomes and its 3-D Secure expiry every `intervalMs`, and mines a sandbox block
   * every CRYPTO_BLOCK_SECONDS (serving processes only).
   */
  startJobs(intervalMs?: number): void;
}

/**
 * Cashbox payments: the provider registry (the built-in sandbox; a real PSP adds its adapter
 * here), the service and its routes, and the payout job that sends withdrawals once they are no
 * longer recallable.
 */
export async function registerPayments(app: FastifyInstance, deps: AppDeps): Promise<PaymentsModule> {
  const listeners: ((userId: number, payment: PaymentView) => void)[] = [];
  const secret = deriveKeyHex(deps.env.appSecret, 'sandbox-psp-webhook');
  // The sandbox posts its webhooks to our own webhook route with the exact signed bytes, as a PSP would over HTTP.
  const deliver = async (raw: Buffer, signature: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: raw,
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  };
  const sandbox = new SandboxProvider({
    db: deps.database.db,
    clock: deps.clock,
    secret,
    fingerprintKey: deriveKeyHex(deps.env.appSecret, 'sandbox-card-fingerprint'),
    deliver,
    onError: (message, error) => app.log.error({ err: error }, message),
    chain: { confirmations: deps.env.CRYPTO_CONFIRMATIONS, blockSeconds: deps.env.CRYPTO_BLOCK_SECONDS },
    challengeExpiryMs: SANDBOX_CHALLENGE_MINUTES * 60_000,
  });
  const chain = new SandboxChain({
    db: deps.database.db,
    clock: deps.clock,
    secret,
    confirmations: deps.env.CRYPTO_CONFIRMATIONS,
    deliver,
  });
  const providers = new Map<string, PaymentProvider>(deps.env.PAYMENTS_SANDBOX ? [[sandbox.id, sandbox]] : []);
  const service = new PaymentsService({
    db: deps.database.db,
    clock: deps.clock,
    wallet: deps.wallet,
    providers,
    payoutDelayMs: deps.env.PAYOUT_APPROVAL_SECONDS * 1000,
    recallAllowed: deps.env.WITHDRAWAL_RECALL,
    publish: (userId, payment) => {
      // The operator's trail of every payment transition (masked account only, never card data).
      app.log.info(
        {
          userId,
          paymentId: payment.id,
          action: payment.action,
          state: payment.state,
          amountCents: payment.amount_cents,
          currency: payment.currency,
          method: payment.payment_system,
        },
        'payments: payment changed',
      );
      for (const l of listeners) {
        try {
          l(userId, payment);
        } catch (error) {
          app.log.error({ err: error }, 'payments: change listener failed');
        }
      }
    },
    onError: (message, error) => app.log.error({ err: error }, message),
    requestHashKey: deriveKeyHex(deps.env.appSecret, 'payment-idempotency'),
  });
  await app.register(paymentsRoutes, { ...deps, payments: service, sandbox, chain });
  let job: NodeJS.Timeout | undefined;
  let miner: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(job);
    clearInterval(miner);
    await sandbox.idle();
  });
  return {
    service,
    sandbox,
    chain,
    onChange: (l) => void listeners.push(l),
    startJobs(intervalMs = 5_000) {
      clearInterval(job);
      clearInterval(miner);
      if (!deps.env.PAYMENTS_SANDBOX) return;
      miner = setInterval(() => {
        chain.mineBlock().catch((error: unknown) => app.log.error({ err: error }, 'payments: sandbox block failed'));
      }, deps.env.CRYPTO_BLOCK_SECONDS * 1000);
      miner.unref();
      job = setInterval(() => {
        service
          .processPayouts()
          .then((n) => n > 0 && app.log.info({ sent: n }, 'payments: payouts sent'))
          .catch((error: unknown) => app.log.error({ err: error }, 'payments: payout job failed'));
        service
          .redrivePayouts()
          .then((n) => n > 0 && app.log.warn({ sent: n }, 'payments: payouts lost in a crash sent again'))
          .catch((error: unknown) => app.log.error({ err: error }, 'payments: payout re-drive failed'));
        sandbox
          .redeliver()
          .then((n) => n > 0 && app.log.warn({ sent: n }, 'payments: sandbox webhooks redelivered'))
          .catch((error: unknown) => app.log.error({ err: error }, 'payments: sandbox redelivery failed'));
        sandbox
          .expireChallenges()
          .then((n) => n > 0 && app.log.info({ expired: n }, 'payments: unanswered 3-D Secure deposits expired'))
          .catch((error: unknown) => app.log.error({ err: error }, 'payments: 3-D Secure expiry failed'));
      }, intervalMs);
      job.unref();
    },
  };
}
