import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { formatDate, formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import type { Locale } from '@croupier/shared/locales';
import { useRealtimeChannel } from '../../../lib/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENTS_KEY, usePayments, useRecallPayment, type Payment } from '../api/payments';
import { submitErrorToForm } from './payment-details-step';
import './cashbox.css';

function PaymentList({
  title,
  payments,
  locale,
  onRecall,
  recallingId,
}: {
  title: string;
  payments: Payment[];
  locale: Locale;
  onRecall?: (payment: Payment) => void;
  recallingId: number | null;
}) {
  const { t } = useTranslation('cashbox');
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {payments.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <ul className="payments-history__list">
          {payments.map((p) => (
            <li key={p.id} className="payments-history__item">
              <div className="payments-history__meta">
                <span className="payments-history__amount">{formatMoney(p.amount_cents, p.currency, locale)}</span>
                <span>
                  {[p.brand, p.account].filter(Boolean).join(' · ')}
                </span>
                <span className="muted">{formatDate(p.created_at, locale)}</span>
              </div>
              <span className={`payments-history__state payments-history__state--${p.state}`}>
                {t(`history.state.${p.state}`, p.state)}
                {p.cancellation_reason ? ` — ${p.cancellation_reason}` : ''}
              </span>
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
      )}
    </section>
  );
}

/** /users/payments: deposits and payouts in two lists; pending withdrawals can be recalled (SPEC §4). */
export function PaymentsHistory({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('cashbox');
  const queryClient = useQueryClient();
  const payments = usePayments();
  const recall = useRecallPayment();
  const [error, setError] = useState<string | null>(null);
  useRealtimeChannel('payments_changes', () => void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }));
  const all = payments.data ?? [];
  const deposits = all.filter((p) => p.action === 'deposit');
  const payouts = all.filter((p) => p.action === 'cashout');

  function onRecall(payment: Payment) {
    setError(null);
    recall.mutate(payment.id, {
      onError: (e) => setError(submitErrorToForm(e, [], i18n).general),
    });
  }

  return (
    <div className="payments-history">
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
      {payments.isPending && <p className="muted">{t('loading')}</p>}
      {payments.isError && <FormError message={t('errors.history')} />}
      {payments.isSuccess && (
        <>
          <PaymentList title={t('history.deposits')} payments={deposits} locale={locale} recallingId={null} />
          <PaymentList
            title={t('history.payouts')}
            payments={payouts}
            locale={locale}
            onRecall={onRecall}
            recallingId={recall.isPending ? (recall.variables ?? null) : null}
          />
        </>
      )}
    </div>
  );
}
