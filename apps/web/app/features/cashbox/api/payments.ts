import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RiskPayload } from '@croupier/shared/risk';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import type { PaymentAction } from '../lib/cashbox-logic';

/** One form field of a payment method (GET /api/payments/methods). */
export interface MethodField {
  name: string;
  type: string;
  required: boolean;
}

export interface SavedProfile {
  id: number | string;
  /** Starts with the 6-digit card bin and ends with the last 4 digits (docs/player-app.md#data-objects). */
  title: string;
  isRemoveAvailable?: boolean;
}

/** A deposit or withdrawal method (docs/player-app.md#data-objects); limits in major units. */
export interface PaymentMethod {
  id: string;
  type: 'cards' | 'direct' | 'bank_transfer' | 'crypto' | 'voucher' | string;
  brand: string;
  provider: string;
  currency: string;
  fields: MethodField[];
  savedProfiles: SavedProfile[];
  termsOfService?: {
    restrictions?: { minAmountValue?: number | null; maxAmountValue?: number | null; amountCurrencyCode?: string };
  };
}

/** A payment of the player (docs/api-shapes.md#payments); amounts in minor units. */
export interface Payment {
  id: number;
  amount_cents: number;
  amount?: string;
  currency: string;
  action: 'deposit' | 'cashout';
  state: string;
  success: boolean;
  recallable: boolean;
  payment_system?: string | null;
  brand?: string | null;
  account?: string | null;
  created_at: string;
  finished_at: string | null;
  cancellation_reason: string | null;
  /** Crypto deposits waiting on the chain: blocks seen so far, and how many credit it (else null). */
  confirmations?: number | null;
  confirmations_required?: number | null;
}

export interface PaymentRequest {
  currency: string;
  amount_cents: number;
  method_id: string;
  fields: Record<string, string>;
  profile_id?: number | string;
}

export const PAYMENTS_KEY = ['player', 'payments'] as const;

export const getPaymentMethods = (api: ApiClient, currency: string, action: PaymentAction, signal?: AbortSignal) =>
  api.get<PaymentMethod[]>(
    `/api/payments/methods?currency=${encodeURIComponent(currency)}&action=${action}`,
    signal ? { signal } : undefined,
  );

/** The payment plan (GET /api/payments/plan): when the money arrives, before the player submits. */
export interface PaymentPlan {
  method_id: string;
  action: 'deposit' | 'cashout';
  currency: string;
  amount_cents: number;
  /** The provider's time plus, for a withdrawal, the review during which it can be cancelled. */
  arrives_in_seconds: number;
  recallable_for_seconds: number;
  /** The player may have to confirm with the bank (3-D Secure). */
  may_redirect: boolean;
  confirmations: number | null;
  saved_profile_required: boolean;
  /** Withdrawals: the cash that can be withdrawn (minor units). */
  available_cents: number | null;
}

export const getPaymentPlan = (
  api: ApiClient,
  query: { currency: string; action: PaymentAction; method_id: string; amount_cents: number },
  signal?: AbortSignal,
) =>
  api.get<{ plan: PaymentPlan }>(
    `/api/payments/plan?${new URLSearchParams({ ...query, amount_cents: String(query.amount_cents) })}`,
    signal ? { signal } : undefined,
  );

/** The plan of the payment on step 3; errors (a limit, too little cash) are the submission's errors. */
export function usePaymentPlan(query: {
  currency: string;
  action: PaymentAction;
  method_id: string;
  amount_cents: number;
}) {
  const api = useApi();
  return useQuery({
    queryKey: ['payments', 'plan', query] as const,
    queryFn: ({ signal }) => getPaymentPlan(api, query, signal).then((r) => r.plan),
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * `idempotencyKey`: one per submission, the same on its retries (decision 016), so a deposit or
 * withdrawal whose answer was lost is never made twice.
 */
export const createDeposit = (api: ApiClient, payment: PaymentRequest, idempotencyKey: string) =>
  api.post<{ payment: Payment; redirect_url: string | null }>(
    '/api/payments/deposits',
    { payment },
    { headers: { 'idempotency-key': idempotencyKey } },
  );

export const createWithdrawal = (api: ApiClient, payment: PaymentRequest, idempotencyKey: string) =>
  api.post<{ payment: Payment }>(
    '/api/payments/withdrawals',
    { payment },
    { headers: { 'idempotency-key': idempotencyKey } },
  );

/**
 * The risk payload of a submitted payment (docs/player-app.md#risk-payload). Sent after the
 * payment exists, so it carries our payment id; it is for risk review and never holds the player up.
 */
export const sendRiskTransaction = (api: ApiClient, payload: RiskPayload) =>
  api.post<unknown>('/api/users/transaction', payload);

/** What the deposit step showed, for the operator's logs (docs/player-app.md#cashbox-calls `POST /log-payments-dep`). */
export const logDepositMethods = (
  api: ApiClient,
  methods: readonly PaymentMethod[],
  userInfo: { id: number; currency: string; country?: string | null },
) =>
  api.post<unknown>('/log-payments-dep', {
    depositMethods: methods.map((m) => ({ id: m.id, brand: m.brand, provider: m.provider, type: m.type })),
    userInfo,
  });

export const getPayments = (api: ApiClient, signal?: AbortSignal) =>
  api.get<Payment[]>('/api/player/payments', signal ? { signal } : undefined);

export const recallPayment = (api: ApiClient, id: number) =>
  api.post<{ payment: Payment }>(`/api/player/payments/${id}/recall`);

/** One page of the history (docs/api-shapes.md#payments), optionally only deposits or only payouts. */
export interface PaymentsPage {
  data: Payment[];
  pagination: { page: number; per_page: number; total_count: number };
}

export const getPaymentsPage = (
  api: ApiClient,
  query: { page: number; page_size: number; type?: 'deposit' | 'cashout' },
  signal?: AbortSignal,
) =>
  api.post<PaymentsPage>(
    '/api/player/payments/with_pages',
    { page: query.page, page_size: query.page_size, ...(query.type ? { filter: { type: query.type } } : {}) },
    signal ? { signal } : undefined,
  );

/** Forgets a saved payment profile (a card the player no longer wants offered); 204. */
export const removePaymentProfile = (api: ApiClient, id: number | string) =>
  api.delete<unknown>(`/api/payments/profiles/${encodeURIComponent(String(id))}`);

export const paymentMethodsQueryOptions = (api: ApiClient, currency: string, action: PaymentAction) =>
  queryOptions({
    queryKey: ['payments', 'methods', currency, action] as const,
    queryFn: ({ signal }) => getPaymentMethods(api, currency, action, signal),
    staleTime: 60_000,
  });

export function usePaymentMethods(currency: string | undefined, action: PaymentAction) {
  return useQuery({ ...paymentMethodsQueryOptions(useApi(), currency ?? '', action), enabled: Boolean(currency) });
}

/** The history, newest first; `pollMs` re-reads it (the fallback while waiting for a bank). */
export function usePayments(options: { enabled?: boolean; pollMs?: number | false } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: PAYMENTS_KEY,
    queryFn: ({ signal }) => getPayments(api, signal),
    enabled: options.enabled ?? true,
    refetchInterval: options.pollMs ?? false,
  });
}

/** Lifetime sums of completed payments per currency, in major units (GET /api/player/stats, docs/api-shapes.md#player-stats). */
export interface PlayerStats {
  deposits_count: number;
  deposits_sum: Record<string, number>;
  cashouts_sum: Record<string, number>;
}

/** Under PAYMENTS_KEY: every change of the history reloads the totals too. */
export function usePlayerStats() {
  const api = useApi();
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'stats'] as const,
    queryFn: ({ signal }) => api.get<PlayerStats>('/api/player/stats', signal ? { signal } : undefined),
  });
}

/** Recall a pending withdrawal, then reload the history and the wallets (docs/api-shapes.md#payments). */
export function useRecallPayment() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => recallPayment(api, id),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: PAYMENTS_KEY });
      void qc.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    },
  });
}

/** Removes a saved profile, then reloads the methods that listed it. */
export function useRemovePaymentProfile() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => removePaymentProfile(api, id),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['payments', 'methods'] }),
  });
}

/** A deposit address of the player for one coin (GET/POST /api/payments/crypto/addresses). */
export interface CryptoAddress {
  currency: string;
  address: string;
}

/** The card-to-crypto entry (docs/player-app.md#data-objects, GET /api/payments/crypto/onramp). */
export interface OnrampEntry {
  provider: string;
  brand: string;
  /** Percent. */
  fee: number;
  /** Minutes. */
  processing_time: string;
  verification: number;
  paymentMethods?: string[];
}

/** `{ FROM: { TO: { exchange_rate, fee, total_exchange_rate } } }` (GET /api/info/crypto_exchange_rates). */
export type CryptoRates = Record<
  string,
  Record<string, { exchange_rate: number; fee: number; total_exchange_rate: number }>
>;

export const CRYPTO_ADDRESSES_KEY = ['payments', 'crypto', 'addresses'] as const;

export const getCryptoAddresses = (api: ApiClient, signal?: AbortSignal) =>
  api.get<CryptoAddress[]>('/api/payments/crypto/addresses', signal ? { signal } : undefined);

export const createCryptoAddress = (api: ApiClient, currency: string) =>
  api.post<CryptoAddress>('/api/payments/crypto/addresses', { currency });

export function useCryptoAddresses(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: CRYPTO_ADDRESSES_KEY,
    queryFn: ({ signal }) => getCryptoAddresses(api, signal),
    enabled,
  });
}

export function useOnramp(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['payments', 'crypto', 'onramp'] as const,
    queryFn: ({ signal }) => api.get<OnrampEntry[]>('/api/payments/crypto/onramp', signal ? { signal } : undefined),
    enabled,
    staleTime: 300_000,
  });
}

export function useCryptoRates(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['info', 'crypto_exchange_rates'] as const,
    queryFn: ({ signal }) => api.get<CryptoRates>('/api/info/crypto_exchange_rates', signal ? { signal } : undefined),
    enabled,
    staleTime: 300_000,
  });
}

/**
 * Creates the deposit address of a coin. The server opens the player's wallet in that coin when
 * there is none, without switching the currency they play in; wallets and addresses reload after.
 */
export function useCreateCryptoAddress() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => createCryptoAddress(api, currency),
    onSuccess: (created) => {
      qc.setQueryData<CryptoAddress[]>(CRYPTO_ADDRESSES_KEY, (prev) => [
        ...(prev ?? []).filter((a) => a.currency !== created.currency),
        created,
      ]);
      void qc.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    },
  });
}
