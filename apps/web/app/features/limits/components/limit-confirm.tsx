import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { useTranslation } from '../../../i18n/runtime';
import { useConfirmLimit } from '../api/confirm-limit';
import { limitErrorMessage } from '../lib/limits-logic';
import './limits.css';

/**
 * The page body of /profile/limits/confirm?token=… (the link mailed for a parked raise or
 * removal): confirms once on arrival and shows the outcome, the server's refusal (too early,
 * lapsed, not valid) included, with a way to the limits page.
 */
export function LimitConfirm({ token, locale }: { token: string; locale: Locale }) {
  const { t, i18n } = useTranslation('limits');
  const confirm = useConfirmLimit();
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per token, even when React runs effects twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  let outcome;
  if (!token) outcome = <FormError message={t('errors.limit_confirm_invalid')} />;
  else if (confirm.isError) outcome = <FormError message={limitErrorMessage(confirm.error, i18n, locale)} />;
  else if (confirm.isSuccess)
    outcome = (
      <p className="form-success">{confirm.data.limit ? t('confirm.done_changed') : t('confirm.done_removed')}</p>
    );
  else outcome = <p>{t('confirm.working')}</p>;

  return (
    <section className="container page limits limits--confirm" aria-labelledby="limit-confirm-title">
      <h1 id="limit-confirm-title">{t('confirm.title')}</h1>
      <div role="status">{outcome}</div>
      <p>
        <Link to={href('limits', locale)} className="btn btn--secondary">
          {t('confirm.to_limits')}
        </Link>
      </p>
    </section>
  );
}
