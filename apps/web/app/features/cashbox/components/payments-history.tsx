import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { formatDate, formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useApi } from '../../../lib/api-context';
import { useRealtimeRefresh } from '../../../lib/realtime';
import {
  getPaymentsPage,
  PAYMENTS_KEY,
  usePlayerStats,
  useRecallPayment,
  type Payment,
  type PaymentsPage,
} from '../api/payments';
import { subunitsOf, toCents } from '../lib/cashbox-logic';
import { submitErrorToForm } from './payment-details-step';
import { methodName } from './methods-panel';
import { PaymentLogo, paymentLogoSource } from './payment-logo';
import './cashbox.css';

/** Payments per page of each list ("Show more" loads the next). */
export const HISTORY_PAGE_SIZE = 20;

type Kind = 'deposit' | 'cashout';

/** The next page to ask for, or undefined when every payment is loaded. */
export function nextHistoryPage(last: PaymentsPage, pages: readonly PaymentsPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return loaded < last.pagination.total_count && last.data.length > 0 ? last.pagination.page + 1 : undefined;
}

/**
 * One list, paged. Under PAYMENTS_KEY, so every invalidation of the history (a recall, a
 * `payments_changes` event) reloads the pages already shown.
 */
function usePaymentsList(kind: Kind) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...PAYMENTS_KEY, 'pages', kind] as const,
    queryFn: ({ pageParam, signal }) =>
      getPaymentsPage(api, { page: pageParam, page_size: HISTORY_PAGE_SIZE, type: kind }, signal),
    initialPageParam: 1,
    getNextPageParam: nextHistoryPage,
  });
}

/** "Visa", "Bank transfer", or the coin of a crypto payment. */
function methodLabel(p: Payment): string | null {
  const source = paymentLogoSource(p);
  if (source.type === 'crypto') return p.currency;
  return p.brand ? methodName({ brand: p.brand }) : null;
}

function stateText(p: Payment, t: ReturnType<typeof useTranslation>['t']): string {
  const state = t(`history.state.${p.state}`, p.state);
  if (p.state === 'pending' && p.confirmations_required != null) {
    return `${state} — ${t('history.confirming', { count: p.confirmations ?? 0, required: p.confirmations_required })}`;
  }
  return p.cancellation_reason ? `${state} — ${p.cancellation_reason}` : state;
}

function PaymentList({
  kind,
  title,
  locale,
  onRecall,
  recallingId,
}: {
  kind: Kind;
  title: string;
  locale: Locale;
  onRecall?: (payment: Payment) => void;
  recallingId: number | null;
}) {
  const { t } = useTranslation('cashbox');
  const id = useId();
  const list = usePaymentsList(kind);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages.at(-1)?.pagination.total_count ?? 0;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {list.isPending ? (
        <p className="muted">{t('loading')}</p>
      ) : list.isError ? (
        <FormError message={t('errors.history')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <>
          <p className="muted">{t('history.shown', { shown: items.length, total })}</p>
          <ul className="payments-history__list">
            {items.map((p) => (
              <li key={p.id} className="payments-history__item">
                <PaymentLogo method={paymentLogoSource(p)} />
                <div className="payments-history__meta">
                  <span className="payments-history__amount">{formatMoney(p.amount_cents, p.currency, locale)}</span>
                  <span className="payments-history__account">
                    {[methodLabel(p), p.account].filter(Boolean).join(' · ')}
                  </span>
                  <span className="muted">{formatDate(p.created_at, locale)}</span>
                </div>
                <span className={`payments-history__state payments-history__state--${p.state}`}>{stateText(p, t)}</span>
                {p.recallable && onRecall && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => onRecall(p)}
                    disabled={recallingId === p.id}
                    aria-label={t('history.recall_label', { amount: formatMoney(p.amount_cents, p.currency, locale) })}
                  >
                    {t('history.recall')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              aria-busy={list.isFetchingNextPage || undefined}
            >
              {list.isFetchingNextPage ? t('loading') : t('history.more')}
            </button>
          )}
          {list.isFetchNextPageError && <FormError message={t('errors.history')} />}
        </>
      )}
    </section>
  );
}

/**
 * Lifetime deposits, payouts and net deposits per currency (docs/reliability.md#g7-history: a player can see their
 * net deposits). Only completed payments count, as in the server's sums.
 */
function PaymentTotals({ locale }: { locale: Locale }) {
  const { t } = useTranslation('cashbox');
  const id = useId();
  const stats = usePlayerStats();
  if (!stats.data) return null;
  const { deposits_sum: deposits, cashouts_sum: cashouts } = stats.data;
  const currencies = [...new Set([...Object.keys(deposits), ...Object.keys(cashouts)])].sort();
  if (currencies.length === 0) return null;
  // The sums come in major units; back to minor units for exact formatting.
  const minor = (value: number | undefined, currency: string) => toCents(value ?? 0, subunitsOf(currency));
  return (
    <section aria-labelledby={`${id}-title`} className="payments-history__totals">
      <h2 id={`${id}-title`}>{t('history.totals')}</h2>
      {/* A card per currency on a phone (shell.css); scrolls sideways on its own if it still cannot fit:
          focusable, so a keyboard can scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="group" aria-labelledby={`${id}-title`}>
        <table className="figures">
          <thead>
            <tr>
              <th scope="col">{t('history.currency')}</th>
              <th scope="col">{t('history.deposited')}</th>
              <th scope="col">{t('history.withdrawn')}</th>
              <th scope="col">{t('history.net')}</th>
            </tr>
          </thead>
          <tbody>
            {currencies.map((c) => {
              const inCents = minor(deposits[c], c);
              const outCents = minor(cashouts[c], c);
              return (
                <tr key={c}>
                  <th scope="row">{c}</th>
                  <td data-label={t('history.deposited')}>{formatMoney(inCents, c, locale)}</td>
                  <td data-label={t('history.withdrawn')}>{formatMoney(outCents, c, locale)}</td>
                  <td data-label={t('history.net')}>{formatMoney(inCents - outCents, c, locale)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('history.totals_note')}</p>
    </section>
  );
}

/** /users/payments: deposits and payouts in two paged lists; pending withdrawals can be recalled (docs/player-app.md#payment-history). */
export function PaymentsHistory({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('cashbox');
  const recall = useRecallPayment();
  const [error, setError] = useState<string | null>(null);
  useRealtimeRefresh('payments_changes', PAYMENTS_KEY);

  function onRecall(payment: Payment) {
    setError(null);
    recall.mutate(payment.id, {
      onError: (e) => setError(submitErrorToForm(e, [], i18n).general),
    });
  }

  return (
    <div className="container page payments-history">
      <h1>{t('history.title')}</h1>
      <p>
        <Link to={localePath('/deposit', locale)} className="btn btn--primary btn--sm">
          {t('deposit.title')}
        </Link>{' '}
        <Link to={localePath('/withdraw', locale)} className="btn btn--secondary btn--sm">
          {t('withdrawal.title')}
        </Link>
      </p>
      <FormError message={error} />
      <PaymentTotals locale={locale} />
      <PaymentList kind="deposit" title={t('history.deposits')} locale={locale} recallingId={null} />
      <PaymentList
        kind="cashout"
        title={t('history.payouts')}
        locale={locale}
        onRecall={onRecall}
        recallingId={recall.isPending ? (recall.variables ?? null) : null}
      />
    </div>
  );
}
