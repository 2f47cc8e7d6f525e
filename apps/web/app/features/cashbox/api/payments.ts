import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CryptoAddress,
  CryptoRates,
  DepositResponse,
  OnrampEntry,
  Payment,
  PaymentMethod,
  PaymentPlan,
  PaymentRequest,
  PaymentResponse,
  PaymentsPage,
  PlayerStats,
} from '@croupier/shared/api/payments';
import type { RiskPayload } from '@croupier/shared/risk';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import type { PaymentAction } from '../lib/cashbox-logic';

// The wire types of the cashbox are inferred from the shared contract (docs/contract.md).
export type {
  CryptoAddress,
  CryptoRates,
  MethodField,
  OnrampEntry,
  Payment,
  PaymentMethod,
  PaymentPlan,
  PaymentRequest,
  PaymentsPage,
  PlayerStats,
  SavedProfile,
} from '@croupier/shared/api/payments';

export const PAYMENTS_KEY = ['player', 'payments'] as const;

export const getPaymentMethods = (api: ApiClient, currency: string, action: PaymentAction, signal?: AbortSignal) =>
  api.get<PaymentMethod[]>(
    `/api/payments/methods?currency=${encodeURIComponent(currency)}&action=${action}`,
    signal ? { signal } : undefined,
  );

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
  api.post<DepositResponse>('/api/payments/deposits', { payment }, { headers: { 'idempotency-key': idempotencyKey } });

/**
 * `forfeitBonus`: the player saw what a withdrawal during wagering cancels (the 409 `bonus_active`
 * answer's `cancel_info`) and goes ahead; the bonus is cancelled with the reserve
 * (docs/bonuses.md#limits-withdrawals-privacy).
 */
export const createWithdrawal = (
  api: ApiClient,
  payment: PaymentRequest,
  idempotencyKey: string,
  options: { forfeitBonus?: boolean } = {},
) =>
  api.post<PaymentResponse>(
    '/api/payments/withdrawals',
    { payment, ...(options.forfeitBonus ? { forfeit_bonus: true } : {}) },
    { headers: { 'idempotency-key': idempotencyKey } },
  );

/**
 * The risk payload of a submitted payment (docs/player-app.md#data-objects, §7 "SEND_COVERY_TRANSACTION"). Sent after the
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
  api.post<PaymentResponse>(`/api/player/payments/${id}/recall`);

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
