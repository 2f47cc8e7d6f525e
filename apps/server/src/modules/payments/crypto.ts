/**
 * Crypto in the sandbox: fixed reference exchange rates, a deposit address per player and coin, and
 * a simulated chain. Coins "sent" to an address (the sandbox faucet stands in for the sender's
 * wallet) wait in the mempool, gain one confirmation per mined block, and after
 * `confirmations` blocks the chain notifies the casino with a signed webhook — the same verified,
 * idempotent path a card deposit takes, with the amount and coin from the chain.
 *
 * The rates are sandbox constants, not a market feed: a real deployment plugs a rate source and a
 * chain watcher in here.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CRYPTO_COINS,
  CURRENCIES,
  CURRENCY_CODES,
  isCrypto,
  isCurrencyCode,
  REFERENCE_RATES,
  type CurrencyCode,
} from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { upsertActiveAccount } from '../player/index.ts';
import {
  chainTxConfirmations,
  confirmChainTx,
  confirmMempoolOnce,
  dropChainTx,
  findChainTx,
  insertMempoolTx,
} from './crypto.repository.ts';
import {
  cryptoAddressCurrency,
  cryptoAddressesOf,
  cryptoAddressOf,
  insertCryptoAddressIfMissing,
} from './payments.repository.ts';
import { SandboxProvider } from './sandbox.ts';

/** Value of one coin in EUR (the shared reference rates). */
const COIN_EUR = Object.fromEntries(
  CRYPTO_COINS.map((c) => [c, REFERENCE_RATES[c].eur / REFERENCE_RATES[c].units]),
) as Record<(typeof CRYPTO_COINS)[number], number>;
/** Units of each fiat currency per EUR (the shared reference rates). */
const FIAT_PER_EUR: Record<string, number> = Object.fromEntries(
  CURRENCY_CODES.filter((c) => !isCrypto(c)).map((c) => [c, REFERENCE_RATES[c].units / REFERENCE_RATES[c].eur]),
);
/** Conversion fee of the sandbox exchange. */
const FEE = 0.01;

/** `GET /api/info/crypto_exchange_rates` (docs/api-shapes.md#info): `{ FROM: { TO: { exchange_rate, fee, total_exchange_rate } } }`. */
export function cryptoExchangeRates() {
  const out: Record<string, Record<string, { exchange_rate: number; fee: number; total_exchange_rate: number }>> = {};
  const round = (n: number) => Number(n.toPrecision(10));
  for (const coin of CRYPTO_COINS) {
    out[coin] = {};
    for (const [fiat, perEur] of Object.entries(FIAT_PER_EUR)) {
      const rate = COIN_EUR[coin] * perEur;
      out[coin][fiat] = { exchange_rate: round(rate), fee: FEE, total_exchange_rate: round(rate * (1 - FEE)) };
    }
  }
  return out;
}

/** A plausible-looking sandbox address for a coin (never a real chain's address). */
function newAddress(coin: string): string {
  const hex = randomBytes(20).toString('hex');
  switch (coin) {
    case 'ETH':
    case 'USDT':
      return `0x${hex}`;
    case 'BTC':
      return `tb1q${hex.slice(0, 38)}`;
    case 'LTC':
      return `tltc1q${hex.slice(0, 38)}`;
    case 'BCH':
      return `bchtest:q${hex.slice(0, 40)}`;
    default:
      return `n${hex.slice(0, 33)}`;
  }
}

export interface ChainDeps {
  db: Db;
  clock: Clock;
  secret: string;
  confirmations: number;
  deliver: (rawBody: Buffer, signature: string) => Promise<void>;
}

export class SandboxChain {
  constructor(private readonly deps: ChainDeps) {}

  /**
   * The player's deposit address for a coin, created on first use (one per player and coin). A
   * player without a wallet in that coin gets one, but stays in the currency they play in: asking
   * for an address must not switch the balance they see.
   */
  async addressFor(userId: number, currency: string): Promise<string> {
    if (!isCurrencyCode(currency) || !isCrypto(currency))
      throw new AppError(422, 'currency_unavailable', 'Not a crypto currency');
    await upsertActiveAccount(this.deps.db, userId, currency, this.deps.clock.now());
    await insertCryptoAddressIfMissing(this.deps.db, userId, currency, newAddress(currency), this.deps.clock.now());
    const row = await cryptoAddressOf(this.deps.db, userId, currency);
    return row!.address;
  }

  async addresses(userId: number) {
    return cryptoAddressesOf(this.deps.db, userId);
  }

  /** The sandbox faucet: someone sends `amountCents` (minor units of the coin) to an address. */
  async send(address: string, amountCents: bigint): Promise<string> {
    const currency = await cryptoAddressCurrency(this.deps.db, address);
    if (currency === undefined) throw new AppError(422, 'unknown_address', 'No such sandbox address');
    const id = `tx_${randomUUID().replace(/-/g, '')}`;
    await insertMempoolTx(this.deps.db, { id, currency, address, amountCents, now: this.deps.clock.now() });
    await this.notify(id, 'pending');
    return id;
  }

  /**
   * Mines one block: every unconfirmed transaction gains a confirmation (reported to the casino, so
   * the player sees the count rise); enough of them settle it.
   */
  async mineBlock(): Promise<number> {
    const advanced = await confirmMempoolOnce(this.deps.db);
    let settled = 0;
    for (const tx of advanced) {
      if (tx.confirmations < this.deps.confirmations) {
        await this.notify(tx.id, 'pending');
        continue;
      }
      if (!(await confirmChainTx(this.deps.db, tx.id))) continue;
      await this.notify(tx.id, 'succeeded');
      settled++;
    }
    return settled;
  }

  /**
   * A chain reorganisation drops a transaction that had not reached the required confirmations:
   * it was never credited, and the pending deposit is declined (docs/reliability.md#w13-verified-deposits). A transaction
   * already credited is past the reorg depth and stays.
   */
  async reorg(txId: string): Promise<boolean> {
    if (!(await dropChainTx(this.deps.db, txId))) return false;
    await this.notify(txId, 'declined');
    return true;
  }

  async confirmationsOf(txId: string): Promise<number> {
    return Number((await chainTxConfirmations(this.deps.db, txId)) ?? 0);
  }

  private async notify(id: string, status: 'pending' | 'succeeded' | 'declined') {
    const tx = await findChainTx(this.deps.db, id);
    const event = {
      // A pending event per confirmation count: each is a distinct notification, replays of one are not.
      event_id: status === 'pending' ? `${id}:pending:${tx!.confirmations}` : `${id}:${status}`,
      payment_id: id,
      merchant_reference: '',
      status,
      amount_cents: Number(tx!.amount_cents),
      currency: tx!.currency,
      address: tx!.address,
      confirmations: Number(tx!.confirmations),
      confirmations_required: this.deps.confirmations,
      ...(status === 'declined' ? { reason: 'Dropped by a chain reorganisation' } : {}),
    };
    const raw = Buffer.from(JSON.stringify(event));
    await this.deps.deliver(raw, `sha256=${SandboxProvider.sign(this.deps.secret, raw)}`);
  }
}

/** The card-to-crypto on-ramp of docs/player-app.md#cashbox-calls (sandbox): its cashbox entry (docs/player-app.md#data-objects). */
export const ONRAMP = {
  provider: 'sandbox_onramp',
  brand: 'card',
  fee: 4.5,
  processing_time: '10',
  verification: 900,
  paymentMethods: ['visa', 'mastercard'],
} as const;

/**
 * Coins (minor units) bought for `fiatCents` of `fiat` after the on-ramp's fee, at the sandbox
 * rate; null when the pair is unknown. Floors to a whole minor unit of the coin.
 */
export function onrampQuote(coin: string, fiat: string, fiatCents: bigint): bigint | null {
  const perCoin = COIN_EUR[coin as keyof typeof COIN_EUR];
  const perEur = FIAT_PER_EUR[fiat];
  if (perCoin === undefined || perEur === undefined || !isCurrencyCode(coin)) return null;
  const unit = CURRENCIES[coin].subunitsToUnit;
  // coins = fiat / (coin price in fiat) × (1 − fee), in integer arithmetic on micro-units of the rate.
  const priceMicro = BigInt(Math.round(perCoin * perEur * 1_000_000));
  const afterFee = (fiatCents * BigInt(1000 - ONRAMP.fee * 10)) / 1000n;
  return (afterFee * BigInt(unit) * 1_000_000n) / (priceMicro * 100n);
}

/** Minimum crypto deposit and withdrawal per coin, in whole coins (sandbox terms). */
export const CRYPTO_LIMITS: Record<string, { min: number; max: number }> = {
  BTC: { min: 0.0001, max: 10 },
  ETH: { min: 0.001, max: 200 },
  BCH: { min: 0.001, max: 1_000 },
  LTC: { min: 0.01, max: 5_000 },
  DOG: { min: 10, max: 2_000_000 },
  USDT: { min: 5, max: 500_000 },
};

export function cryptoUnits(currency: CurrencyCode, whole: number): bigint {
  return BigInt(Math.round(whole * CURRENCIES[currency].subunitsToUnit));
}
