import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CURRENCIES } from '@croupier/shared/currencies';
import { CURRENCY_CODE_PATTERN, text } from '@croupier/shared/api/primitives';
import {
  CryptoAddressRequestSchema,
  DepositMethodsLogSchema,
  FaucetRequestSchema,
  PaymentIdParamsSchema,
  PaymentMethodsQuerySchema,
  PaymentPlanQuerySchema,
  PaymentRequestSchema,
  PaymentsPageRequestSchema,
  WithdrawalRequestSchema,
} from '@croupier/shared/api/payments';
import { RiskPayloadSchema } from '@croupier/shared/risk';
import type { AppDeps } from '../../app.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { parseBody, parseInput, parseParams, parseQuery } from '../../http/validate.ts';
import { requireUserFrom } from '../auth/index.ts';
import { requireSteppedUp } from '../auth/index.ts';
import { statusesOf } from '../player/index.ts';
import { insertRiskTransaction, lifetimeSums } from './payments.repository.ts';
import type { PaymentAnswer, PaymentsService } from './payments.service.ts';
import { cryptoExchangeRates, ONRAMP, onrampQuote, type SandboxChain } from './crypto.ts';
import {
  luhnValid,
  parseExpiry,
  SANDBOX_PROVIDER,
  SANDBOX_SIGNATURE_HEADER,
  TEST_CARDS,
  type SandboxProvider,
} from './sandbox.ts';

/** The sandbox bank page's two buttons. */
const ChallengeAnswer = z.strictObject({ decision: z.enum(['approve', 'decline']) });

/** The on-ramp widget's query: any keys (it is opened by third-party code), but only clean text. */
const WidgetQuery = z.record(text().max(100), text().max(2000));

/** `Idempotency-Key` of a deposit or withdrawal (decision 016): optional; 8 to 128 of [A-Za-z0-9_-]. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 8 to 128 letters, digits, "_" or "-"');
  }
  return value;
}

/** The answer as the service made it (or kept it): a retry gets the same status and the same bytes. */
function sendAnswer(reply: FastifyReply, answer: PaymentAnswer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

async function groupsOf(deps: AppDeps, userId: number): Promise<number[]> {
  return (await statusesOf(deps.database.db, userId)).map((s) => Number(s.id)).filter(Number.isFinite);
}

/** The player's cashbox calls (login required). */
async function playerRoutes(app: FastifyInstance, deps: AppDeps & { payments: PaymentsService; chain: SandboxChain }) {
  const { payments } = deps;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/payments/methods', async (request) => {
    const query = parseQuery(PaymentMethodsQuerySchema, request);
    const user = await request.requireUser();
    const methods = await payments.methods(
      { id: user.id, groups: await groupsOf(deps, user.id) },
      query.currency,
      query.action === 'deposit' ? 'deposit' : 'cashout',
    );
    const unit = CURRENCIES[query.currency as keyof typeof CURRENCIES]?.subunitsToUnit ?? 100;
    return methods.map((m) => ({
      id: m.id,
      type: m.type,
      brand: m.brand,
      provider: m.provider,
      currency: m.currency,
      fields: m.fields,
      savedProfiles: m.savedProfiles,
      termsOfService: {
        restrictions: {
          minAmountValue: Number(m.min) / unit,
          maxAmountValue: Number(m.max) / unit,
          amountCurrencyCode: m.currency,
        },
      },
    }));
  });

  // The payment plan (docs/player-app.md#cashbox-calls): the same checks as a submission, and when the money arrives.
  app.get('/api/payments/plan', async (request) => {
    const query = parseQuery(PaymentPlanQuerySchema, request);
    const user = await request.requireUser();
    const plan = await payments.plan(
      { id: user.id, groups: await groupsOf(deps, user.id) },
      { currency: query.currency, amountCents: query.amount_cents, methodId: query.method_id },
      query.action === 'deposit' ? 'deposit' : 'cashout',
    );
    return { plan };
  });

  app.post('/api/payments/deposits', async (request, reply) => {
    const { payment: input } = parseBody(PaymentRequestSchema, request);
    const key = idempotencyKey(request);
    const user = await request.requireUser();
    const answer = await payments.deposit(
      { id: user.id, groups: await groupsOf(deps, user.id) },
      {
        currency: input.currency,
        amountCents: BigInt(input.amount_cents),
        methodId: input.method_id,
        fields: input.fields,
        profileId: input.profile_id,
      },
      { idempotencyKey: key },
    );
    return sendAnswer(reply, answer);
  });

  app.post('/api/payments/withdrawals', async (request, reply) => {
    const { payment: input, forfeit_bonus: forfeitBonus } = parseBody(WithdrawalRequestSchema, request);
    const key = idempotencyKey(request);
    const loaded = await request.auth();
    const user = requireUserFrom(loaded);
    const answer = await payments.withdraw(
      { id: user.id, groups: await groupsOf(deps, user.id) },
      {
        currency: input.currency,
        amountCents: BigInt(input.amount_cents),
        methodId: input.method_id,
        fields: input.fields,
        profileId: input.profile_id,
      },
      // docs/reliability.md#a8-step-up: money goes somewhere it never went or came from only after a fresh step-up.
      {
        idempotencyKey: key,
        forfeitBonus,
        onNewDestination: () => {
          requireSteppedUp(loaded, deps.clock.now());
        },
      },
    );
    return sendAnswer(reply, answer);
  });

  // docs/api-shapes.md#info player stats: lifetime sums per currency in major units.
  app.get('/api/player/stats', async (request) => {
    const user = await request.requireUser();
    const sums = await lifetimeSums(deps.database.db, user.id);
    const major = (currency: string, cents: string) =>
      Number(cents) / (CURRENCIES[currency as keyof typeof CURRENCIES]?.subunitsToUnit ?? 100);
    const of = (kind: string) =>
      Object.fromEntries(sums.filter((r) => r.kind === kind).map((r) => [r.currency, major(r.currency, r.total)]));
    return {
      deposits_count: sums.filter((r) => r.kind === 'deposit').reduce((a, r) => a + Number(r.n), 0),
      deposits_sum: of('deposit'),
      cashouts_sum: of('cashout'),
      bets_sum: of('bet'),
      messages: { notice: '' },
    };
  });

  // docs/player-app.md#cashbox-calls and older clients: a bare array of every payment, newest first.
  app.get('/api/player/payments', async (request) => {
    const user = await request.requireUser();
    return (await payments.history(user.id, {})).items;
  });

  // docs/api-shapes.md#payments: the paged form with an optional filter.
  app.post('/api/player/payments/with_pages', async (request) => {
    const body = parseInput(PaymentsPageRequestSchema, request.body ?? {});
    const user = await request.requireUser();
    const { items, total } = await payments.history(
      user.id,
      { action: body.filter?.type, currency: body.filter?.currency },
      { page: body.page, perPage: body.page_size },
    );
    return { data: items, pagination: { page: body.page, per_page: body.page_size, total_count: total } };
  });

  // Crypto deposit addresses (docs/player-app.md#cashbox-calls: fetched for each coin the player has an account in).
  app.get('/api/payments/crypto/addresses', async (request) => {
    const user = await request.requireUser();
    return deps.chain.addresses(user.id);
  });

  // The card-to-crypto on-ramp entries the crypto tab offers (docs/player-app.md#data-objects Crypto card entry, §7).
  app.get('/api/payments/crypto/onramp', async (request) => {
    await request.requireUser();
    return deps.env.PAYMENTS_SANDBOX ? [ONRAMP] : [];
  });

  app.post('/api/payments/crypto/addresses', async (request, reply) => {
    const { currency } = parseBody(CryptoAddressRequestSchema, request);
    const user = await request.requireUser();
    return reply.status(201).send({ currency, address: await deps.chain.addressFor(user.id, currency) });
  });

  // docs/player-app.md#data-objects risk payload: stored for the risk review; it never decides an amount or an outcome.
  app.post('/api/users/transaction', async (request, reply) => {
    const payload = parseBody(RiskPayloadSchema, request);
    const user = await request.requireUser();
    if (payload.merchant_user_id !== undefined && payload.merchant_user_id !== String(user.id)) {
      return reply.status(422).send({
        code: 'validation_error',
        error: 'Some fields are not valid.',
        errors: { merchant_user_id: ['is not you'] },
      });
    }
    await insertRiskTransaction(deps.database.db, user.id, payload.type, payload, deps.clock.now());
    return reply.status(201).send({ status: 'ok' });
  });

  app.post('/log-payments-dep', async (request, reply) => {
    const body = parseBody(DepositMethodsLogSchema, request);
    const user = await request.requireUser();
    if (body.userInfo && body.userInfo.id !== user.id) {
      return reply
        .status(422)
        .send({ code: 'validation_error', error: 'Some fields are not valid.', errors: { id: ['is not you'] } });
    }
    request.log.info(
      { userId: user.id, depositMethods: body.depositMethods.map((m) => m.id), count: body.depositMethods.length },
      'cashbox: deposit methods shown',
    );
    return reply.status(204).send();
  });

  app.post('/api/player/payments/:id/recall', async (request) => {
    const { id } = parseParams(PaymentIdParamsSchema, request);
    const user = await request.requireUser();
    return { payment: await payments.recall(user.id, id) };
  });
  // A saved card or account the player no longer wants offered (savedProfiles[].isRemoveAvailable).
  app.delete('/api/payments/profiles/:id', async (request, reply) => {
    const { id } = parseParams(PaymentIdParamsSchema, request);
    const user = await request.requireUser();
    await payments.removeProfile(user.id, id);
    return reply.status(204).send();
  });
}

/** Provider webhooks: raw bytes, so the signature is checked over exactly what was signed. */
async function webhookRoutes(app: FastifyInstance, payments: PaymentsService) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 32 * 1024 }, (_req, body, done) => done(null, body));
  app.post<{ Params: { provider: string } }>(
    '/payments/webhooks/:provider',
    { config: { csrf: false } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature =
        request.headers[request.params.provider === SANDBOX_PROVIDER ? SANDBOX_SIGNATURE_HEADER : 'x-signature'];
      const answer = await payments.webhook(
        request.params.provider,
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
      // A refused signature is a security signal (a forgery or a misconfigured secret): warn, so it is seen.
      request.log[answer.status === 200 ? 'info' : 'warn'](
        { provider: request.params.provider, status: answer.status, result: answer.body.result ?? answer.body.code },
        'payments: webhook',
      );
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox PSP's 3-D Secure page. In production a PSP serves this on its own domain; the
 * sandbox serves it here so the whole flow runs offline. Plain HTML forms: no script, no CSRF
 * header (it is the "bank's" page), and completing twice changes nothing.
 */
async function sandboxPages(app: FastifyInstance, sandbox: SandboxProvider) {
  app.get<{ Params: { id: string } }>('/sandbox-psp/3ds/:id', async (request, reply) => {
    const found = await sandbox.challenge(request.params.id);
    if (!found) throw notFound('payment_not_found', 'Unknown payment');
    const unit = CURRENCIES[found.currency as keyof typeof CURRENCIES]?.subunitsToUnit ?? 100;
    const amount = `${(Number(found.amountCents) / unit).toFixed(2)} ${found.currency}`;
    const open = found.status === 'challenge';
    const action = `/sandbox-psp/3ds/${encodeURIComponent(request.params.id)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>3-D Secure — Sandbox bank</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}button{font:inherit;padding:.75rem 1.25rem;margin-right:.5rem;border-radius:.5rem;border:1px solid #333;cursor:pointer}.ok{background:#0a7d38;color:#fff;border-color:#0a7d38}</style></head>
<body><h1>Sandbox bank</h1><p>Confirm the payment of <strong data-testid="challenge-amount">${escapeHtml(amount)}</strong> to Croupier.</p>
${
  open
    ? `<form method="post" action="${action}"><input type="hidden" name="decision" value="approve"><button class="ok" type="submit" data-testid="challenge-approve">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="decline"><button type="submit" data-testid="challenge-decline">Decline</button></form>`
    : found.status === 'expired'
      ? `<p data-testid="challenge-done">This confirmation has expired: the payment was not made. You can close this window.</p>`
      : `<p data-testid="challenge-done">This payment is already ${escapeHtml(found.status)}. You can close this window.</p>`
}</body></html>`,
      );
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { id: string }; Body: { decision?: string } }>(
      '/sandbox-psp/3ds/:id',
      { config: { csrf: false } },
      async (request, reply) => {
        const { decision } = parseInput(ChallengeAnswer, request.body ?? {});
        const result = await sandbox.answerChallenge(request.params.id, decision === 'approve');
        if (!result) throw notFound('payment_not_found', 'Unknown payment');
        const said = {
          succeeded: 'Payment approved.',
          declined: 'Payment declined.',
          expired: 'This confirmation has expired: the payment was not made.',
        }[result];
        // The cashbox that opened this window closes it once the payment settles (it gets the event).
        return reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox bank</title></head><body><p data-testid="challenge-result">${said} You can close this window.</p></body></html>`,
          );
      },
    );
  });
}

/**
 * The simulated chain's controls: a faucet standing in for the sender's wallet, and a block on
 * demand (blocks are also mined on a timer). They move only sandbox coins; the casino credits a
 * deposit only after the chain's signed webhook at CRYPTO_CONFIRMATIONS blocks.
 */
async function chainRoutes(app: FastifyInstance, chain: SandboxChain) {
  // Signed-in players only: the controls are the demo's, not an open door for scripts on the internet.
  app.post('/sandbox-chain/send', async (request, reply) => {
    await request.requireUser();
    const body = parseBody(FaucetRequestSchema, request);
    return reply.status(201).send({ tx_id: await chain.send(body.address, BigInt(body.amount_cents)) });
  });
  app.post('/sandbox-chain/mine', async (request) => {
    await request.requireUser();
    return { settled: await chain.mineBlock() };
  });

  /**
   * The on-ramp widget (docs/player-app.md#cashbox-calls), loaded on demand in a window or frame with the coin, the fiat
   * currency and the player's address: a card buys coins at the sandbox rate less the 4.5 % fee and
   * the coins are sent to the address on the simulated chain, so they arrive as an ordinary crypto
   * deposit after the confirmations.
   */
  // The card-to-crypto widget, opened as the real one is (docs/player-app.md#cashbox-calls): the widget id by host, the
  // player's coins, the language, the fiat list and the address map. It opens on `coin` and `fiat`;
  // the player may pick another of their coins, and the coins go to that coin's address.
  app.get<{ Querystring: Record<string, string | undefined> }>('/sandbox-onramp', async (request, reply) => {
    const widget = readWidgetQuery(parseInput(WidgetQuery, request.query));
    const options = (values: string[], chosen: string) =>
      values
        .map((v) => `<option value="${escapeHtml(v)}"${v === chosen ? ' selected' : ''}>${escapeHtml(v)}</option>`)
        .join('');
    const form = `<form method="post" action="/sandbox-onramp" data-widget="${escapeHtml(widget.widgetId)}"><input type="hidden" name="addresses" value="${escapeHtml(JSON.stringify(widget.addresses))}">
<p><label>Coin <select name="coin" data-testid="onramp-coin">${options(widget.cryptos, widget.coin)}</select></label>
<label>Pay in <select name="fiat" data-testid="onramp-fiat">${options(widget.fiats, widget.fiat)}</select></label></p>
<p><label>Amount <input name="amount" inputmode="decimal" required value="50" data-testid="onramp-amount"></label></p>
<p><label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" required data-testid="onramp-card"></label></p>
<p><label>Expiry (MM/YY) <input name="expiry_date" autocomplete="cc-exp" required data-testid="onramp-expiry"></label> <label>CVV <input name="cvv" inputmode="numeric" autocomplete="cc-csc" required data-testid="onramp-cvv"></label></p>
<button type="submit" data-testid="onramp-buy">Buy</button></form>`;
    const body =
      widget.cryptos.length === 0
        ? '<p role="alert">Open a crypto deposit address first.</p>'
        : `<p>Buy crypto with a card. Fee ${ONRAMP.fee} %, about ${ONRAMP.processing_time} minutes.</p>${form}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(onrampPage(body, widget.lang));
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Body: Record<string, string | undefined> }>(
      '/sandbox-onramp',
      { config: { csrf: false } },
      async (request, reply) => {
        const b = request.body ?? {};
        const fail = (message: string) =>
          reply
            .status(422)
            .type('text/html; charset=utf-8')
            .send(onrampPage(`<p role="alert" data-testid="onramp-error">${escapeHtml(message)}</p>`));
        // It drives the sandbox chain like the chain controls do: signed-in players only.
        if (!(await request.auth())?.user) return fail('Sign in to buy coins.');
        const amount = Number((b.amount ?? '').replace(',', '.'));
        if (!Number.isFinite(amount) || amount < 20 || amount > 5_000)
          return fail('The amount must be between 20 and 5,000.');
        const card = (b.card_number ?? '').replace(/[\s-]/g, '');
        const expiry = parseExpiry(b.expiry_date ?? '');
        if (!luhnValid(card) || !expiry || expiry < new Date() || !/^\d{3,4}$/.test(b.cvv ?? ''))
          return fail('Check the card details.');
        if (card === TEST_CARDS.declined) return fail('The card was declined.');
        const coins = onrampQuote(b.coin ?? '', b.fiat ?? '', BigInt(Math.round(amount * 100)));
        if (coins === null || coins <= 0n) return fail('This currency pair is not available.');
        try {
          await chain.send(widgetAddresses(b.addresses)[b.coin ?? ''] ?? '', coins);
        } catch {
          return fail('The destination address is not known.');
        }
        return reply
          .type('text/html; charset=utf-8')
          .send(
            onrampPage(
              `<p data-testid="onramp-done">Purchase complete: your ${escapeHtml(b.coin ?? '')} is on its way and will be credited after the network confirms it.</p>`,
            ),
          );
      },
    );
  });
}

/** The address map the widget is given: `{ COIN: address }`, anything else dropped. */
function widgetAddresses(raw: string | undefined): Record<string, string> {
  try {
    const parsed = JSON.parse(raw ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([coin, address]) => CURRENCY_CODE_PATTERN.test(coin) && typeof address === 'string' && address.length <= 100,
      ),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The widget's query: only coins with an address are offered; the fiat defaults to EUR. */
function readWidgetQuery(q: Record<string, string | undefined>) {
  const list = (raw: string | undefined) =>
    (raw ?? '')
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter((v) => CURRENCY_CODE_PATTERN.test(v));
  const addresses = widgetAddresses(q.addresses);
  const coin = (q.coin ?? '').toUpperCase();
  const cryptos = list(q.cryptos).filter((c) => addresses[c]);
  if (coin && addresses[coin] && !cryptos.includes(coin)) cryptos.unshift(coin);
  const fiats = list(q.fiats);
  const fiat = (q.fiat ?? 'EUR').toUpperCase();
  if (!fiats.includes(fiat)) fiats.unshift(fiat);
  return {
    widgetId: (q.widget ?? '').slice(0, 100),
    lang: /^[a-z]{2}(-[A-Z]{2})?$/.test(q.lang ?? '') ? q.lang! : 'en',
    coin: cryptos.includes(coin) ? coin : (cryptos[0] ?? ''),
    fiat,
    cryptos,
    fiats,
    addresses,
  };
}

function onrampPage(body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox on-ramp</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}input{font:inherit;padding:.4rem}button{font:inherit;padding:.6rem 1rem}</style></head><body><h1>Sandbox on-ramp</h1>${body}</body></html>`;
}

export const paymentsRoutes: FastifyPluginAsync<
  AppDeps & { payments: PaymentsService; sandbox: SandboxProvider; chain: SandboxChain }
> = async (app, deps) => {
  // docs/api-shapes.md#info; public like the other /api/info calls.
  app.get('/api/info/crypto_exchange_rates', async () => cryptoExchangeRates());
  await app.register(async (scope) => playerRoutes(scope, deps));
  if (!deps.env.PAYMENTS_SANDBOX) {
    await app.register(async (scope) => webhookRoutes(scope, deps.payments));
    return;
  }
  await app.register(async (scope) => chainRoutes(scope, deps.chain));
  await app.register(async (scope) => webhookRoutes(scope, deps.payments));
  await app.register(async (scope) => sandboxPages(scope, deps.sandbox));
};
