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
}

/** Runs every step even when one fails, then fails the run (the scheduler logs and retries it). */
async function allSteps(steps: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  const failed: unknown[] = [];
  for (const [name, step] of Object.entries(steps)) {
    try {
      done[name] = await step();
    } catch (error) {
      failed.push(error);
    }
  }
  if (failed.length) throw new AggregateError(failed, `${failed.length} step(s) failed`);
  return done;
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
  app.addHook('onClose', async () => {
    await sandbox.idle();
  });
  // Withdrawals leave the recallable state and go to their provider after PAYOUT_APPROVAL_SECONDS;
  // a payout the job took but never got a provider id for is sent again (docs/payments.md).
  deps.jobs.define({
    name: 'payments.payouts',
    everySeconds: 5,
    run: async () => {
      const done = await allSteps({
        sent: () => service.processPayouts(),
        redriven: () => service.redrivePayouts(),
      });
      if (done.sent) app.log.info({ sent: done.sent }, 'payments: payouts sent');
      if (done.redriven) app.log.warn({ sent: done.redriven }, 'payments: payouts lost in a crash sent again');
      return done;
    },
  });
  if (deps.env.PAYMENTS_SANDBOX) {
    deps.jobs.define({
      name: 'payments.sandbox',
      everySeconds: 5,
      run: async () => {
        const done = await allSteps({
          redelivered: () => sandbox.redeliver(),
          expired: () => sandbox.expireChallenges(),
        });
        if (done.redelivered) app.log.warn({ sent: done.redelivered }, 'payments: sandbox webhooks redelivered');
        if (done.expired) app.log.info({ expired: done.expired }, 'payments: unanswered 3-D Secure deposits expired');
        return done;
      },
    });
    // The sandbox chain mines a block every CRYPTO_BLOCK_SECONDS.
    deps.jobs.define({
      name: 'payments.sandbox-chain',
      everySeconds: deps.env.CRYPTO_BLOCK_SECONDS,
      run: () => chain.mineBlock(),
    });
  }
  return {
    service,
    sandbox,
    chain,
    onChange: (l) => void listeners.push(l),
  };
}
