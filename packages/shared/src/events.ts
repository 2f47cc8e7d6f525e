/**
 * Payloads of the durable event log (docs/events.md), one schema per event type. The server writes
 * them (the wallet's trigger in SQL, payments and sign-up in TypeScript through `appendEvent`,
 * which only accepts these types and payloads) and consumers read them; a test checks the events a
 * real bet, win, deposit and sign-up leave against these schemas.
 */
import { z } from 'zod';
import { BONUS_STAGES } from './bonus-terms.ts';

const money = z.number().int().nonnegative();

/** A seamless-wallet call that moved money or ended a round: a bet taken, a win paid (or a round closed with nothing to pay), a bet rolled back. */
export const WalletEventPayload = z.strictObject({
  provider: z.string(),
  transaction_id: z.string(),
  round_id: z.string(),
  /** The provider's game id (null only for a rollback of a bet that never arrived). */
  game: z.string().nullable(),
  currency: z.string(),
  amount: money,
  ledger_transaction_id: z.number().int().positive().nullable(),
  /** For a rollback: the bet it cancels. */
  reference_transaction_id: z.string().nullable(),
  /** A win that closed its round. */
  round_closed: z.boolean(),
});

/** A payment's money movement, appended in the transaction of its transition. */
export const PaymentEventPayload = z.strictObject({
  payment_id: z.number().int().positive(),
  currency: z.string(),
  amount: money,
  provider: z.string(),
  method_id: z.string(),
});

/**
 * A deposit credited: the payment's fields, the deposit bonus code the player had chosen when it
 * started (`payments.bonus_code`, null: none) and its number among the player's successful deposits
 * (1: the first), which deposit campaigns match (docs/bonuses.md#through-the-event-log-exactly-once).
 * Deposits logged before these fields existed lack them: consumers read them as absent.
 */
export const DepositSucceededPayload = PaymentEventPayload.extend({
  bonus_code: z.string().nullable(),
  deposit_number: z.number().int().positive(),
});

/** A player account was created (sign-up), with what offers and groups depend on. */
export const PlayerRegisteredPayload = z.strictObject({
  currency: z.string(),
  country: z.string().nullable(),
  registration_variant: z.string().nullable(),
  /** Affiliate tag the player arrived with. */
  stag: z.string().nullable(),
});

/**
 * A bonus changed stage (docs/bonuses.md#through-the-event-log-exactly-once), appended in the
 * transaction of the change; `from` is null for a bonus just issued. `amount`: the bonus's amount.
 */
export const BonusChangedPayload = z.strictObject({
  id: z.number().int().positive(),
  campaign_id: z.number().int().positive().nullable(),
  kind: z.string(),
  currency: z.string(),
  from: z.enum(BONUS_STAGES).nullable(),
  stage: z.enum(BONUS_STAGES),
  amount: money,
});

/**
 * A player's e-mail address was confirmed for the first time (the confirmation link, a password
 * reset link, or a confirmed address change of a player never confirmed before). Registration
 * bonuses wait for it (docs/bonuses.md#settled-before-building).
 */
export const PlayerEmailConfirmedPayload = z.strictObject({
  currency: z.string(),
  country: z.string().nullable(),
});

export const EVENT_PAYLOADS = {
  'wallet.bet': WalletEventPayload,
  'wallet.win': WalletEventPayload,
  'wallet.rollback': WalletEventPayload,
  'payment.deposit.succeeded': DepositSucceededPayload,
  'payment.withdrawal.requested': PaymentEventPayload,
  'payment.withdrawal.recalled': PaymentEventPayload,
  'payment.withdrawal.paid': PaymentEventPayload,
  'payment.withdrawal.failed': PaymentEventPayload,
  'player.registered': PlayerRegisteredPayload,
  'bonus.changed': BonusChangedPayload,
  'player.email_confirmed': PlayerEmailConfirmedPayload,
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_PAYLOADS, type);
}
