import { deriveKeyHex } from '../../config/secrets.ts';
import { defineModule } from '../module.ts';
import {
  cryptoAddressesForExport,
  deletePaymentProfiles,
  hasPaymentUnderWay,
  paymentProfilesForExport,
  paymentsForExport,
  riskTransactionsForExport,
} from './payments.repository.ts';
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

declare module '../module.ts' {
  interface ModuleApis {
    payments: PaymentsModule;
  }
}

/**
 * Cashbox payments: the provider registry (the built-in sandbox; a real PSP adds its adapter
 * here), the service and its routes, and the jobs that send withdrawals once they are no longer
 * recallable and keep the sandbox's promises (webhook redelivery, 3-D Secure expiry, blocks).
 */
export const paymentsModule = defineModule({
  name: 'payments',
  channels: ['payments_changes'],
  setup(ctx, app): PaymentsModule {
    const listeners: ((userId: number, payment: PaymentView) => void)[] = [
      (userId, payment) => ctx.publish.toPlayer(userId, 'payments_changes', payment),
      // A payment transition appended its event (deposit credited, withdrawal paid): consumers catch up.
      () => ctx.events.wake(),
    ];
    const secret = deriveKeyHex(ctx.env.appSecret, 'sandbox-psp-webhook');
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
      db: ctx.database.db,
      clock: ctx.clock,
      secret,
      fingerprintKey: deriveKeyHex(ctx.env.appSecret, 'sandbox-card-fingerprint'),
      deliver,
      onError: (message, error) => ctx.log.error({ err: error }, message),
      chain: { confirmations: ctx.env.CRYPTO_CONFIRMATIONS, blockSeconds: ctx.env.CRYPTO_BLOCK_SECONDS },
      challengeExpiryMs: SANDBOX_CHALLENGE_MINUTES * 60_000,
    });
    const chain = new SandboxChain({
      db: ctx.database.db,
      clock: ctx.clock,
      secret,
      confirmations: ctx.env.CRYPTO_CONFIRMATIONS,
      deliver,
    });
    const bonuses = ctx.use('bonuses');
    const providers = new Map<string, PaymentProvider>(ctx.env.PAYMENTS_SANDBOX ? [[sandbox.id, sandbox]] : []);
    const service = new PaymentsService({
      db: ctx.database.db,
      clock: ctx.clock,
      wallet: ctx.wallet,
      providers,
      payoutDelayMs: ctx.env.PAYOUT_APPROVAL_SECONDS * 1000,
      recallAllowed: ctx.env.WITHDRAWAL_RECALL,
      publish: (userId, payment) => {
        // The operator's trail of every payment transition (masked account only, never card data).
        ctx.log.info(
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
            ctx.log.error({ err: error }, 'payments: change listener failed');
          }
        }
      },
      onError: (message, error) => ctx.log.error({ err: error }, message),
      requestHashKey: deriveKeyHex(ctx.env.appSecret, 'payment-idempotency'),
      verificationThresholds: ctx.env.kycWithdrawalThresholds,
      beforeWithdrawal: (tx, input) => bonuses.onWithdrawal(tx, input),
      prepareWithdrawal: (userId, currency) => bonuses.applyDepositsAhead(userId, currency),
    });
    return { service, sandbox, chain, onChange: (l) => void listeners.push(l) };
  },
  routes: (app, api, ctx) =>
    paymentsRoutes(app, { ...ctx, payments: api.service, sandbox: api.sandbox, chain: api.chain }),
  jobs: ({ service, sandbox, chain }, ctx) => [
    // Withdrawals leave the recallable state and go to their provider after PAYOUT_APPROVAL_SECONDS;
    // a payout the job took but never got a provider id for is sent again (docs/payments.md).
    {
      name: 'payments.payouts',
      everySeconds: 5,
      run: async () => {
        const done = await allSteps({
          sent: () => service.processPayouts(),
          redriven: () => service.redrivePayouts(),
        });
        if (done.sent) ctx.log.info({ sent: done.sent }, 'payments: payouts sent');
        if (done.redriven) ctx.log.warn({ sent: done.redriven }, 'payments: payouts lost in a crash sent again');
        return done;
      },
    },
    ...(ctx.env.PAYMENTS_SANDBOX
      ? [
          {
            name: 'payments.sandbox',
            everySeconds: 5,
            run: async () => {
              const done = await allSteps({
                redelivered: () => sandbox.redeliver(),
                expired: () => sandbox.expireChallenges(),
              });
              if (done.redelivered) ctx.log.warn({ sent: done.redelivered }, 'payments: sandbox webhooks redelivered');
              if (done.expired)
                ctx.log.info({ expired: done.expired }, 'payments: unanswered 3-D Secure deposits expired');
              return done;
            },
          },
          // The sandbox chain mines a block every CRYPTO_BLOCK_SECONDS.
          {
            name: 'payments.sandbox-chain',
            everySeconds: ctx.env.CRYPTO_BLOCK_SECONDS,
            run: () => chain.mineBlock(),
          },
        ]
      : []),
  ],
  // In-flight sandbox deliveries finish before the database closes.
  close: (api) => api.sandbox.idle(),
  // Payments are money records, kept on erasure; saved cards go (docs/privacy.md#what-is-kept-and-why).
  personalData: () => ({
    sections: {
      payments:
        'Your deposits and withdrawals: amount, currency, method, state, the masked card or account and where a payout was sent.',
      saved_methods: 'Your saved cards and accounts (masked).',
      crypto_addresses: 'Your crypto deposit addresses.',
      risk_checks: 'What the cashbox sent our risk checks with your payments (device and session data).',
    },
    export: async (userId, tx) => ({
      payments: await paymentsForExport(tx, userId),
      saved_methods: await paymentProfilesForExport(tx, userId),
      crypto_addresses: await cryptoAddressesForExport(tx, userId),
      risk_checks: await riskTransactionsForExport(tx, userId),
    }),
    refuseErasure: async (userId, tx) =>
      (await hasPaymentUnderWay(tx, userId))
        ? {
            code: 'erasure_payment_pending',
            message: 'A deposit or withdrawal of the player is still under way: wait until it ends.',
          }
        : null,
    erase: (userId, tx) => deletePaymentProfiles(tx, userId),
  }),
});
