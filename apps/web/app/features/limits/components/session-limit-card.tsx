import { type FormEvent, useId, useState } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { TextField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import type { UserLimit } from '../api/get-limits';
import { useSaveLimit } from '../api/save-limit';
import { LimitRemoval } from './limit-removal';
import { DATE_TIME, limitErrorMessage, parseSessionMinutes } from '../lib/limits-logic';

/**
 * The session limit (docs/limits.md#session-limits): how long one sign-in session may be used for
 * play, when this session reaches it, a parked raise, and the form to set, lower or raise it.
 */
export function SessionLimitCard({ limit, locale }: { limit: UserLimit | undefined; locale: Locale }) {
  const { t } = useTranslation('limits');
  const titleId = useId();
  return (
    <section className="card limit-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('types.session.title')}</h2>
      <p>{t('types.session.note')}</p>
      <p className="muted">{t('page.rule')}</p>
      {limit ? (
        <SessionLimitItem limit={limit} locale={locale} />
      ) : (
        <p className="limit-card__none">{t('money.none')}</p>
      )}
      <SessionLimitForm limit={limit} locale={locale} />
    </section>
  );
}

function SessionLimitItem({ limit, locale }: { limit: UserLimit; locale: Locale }) {
  const { t } = useTranslation('limits');
  const headingId = useId();
  const removalParked = limit.status === 'unconfirmed_disable';
  const confirmFrom = limit.confirmable_at ?? limit.disable_at;
  return (
    <div className="limit-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="limit-item__title">
        {t('session.current', { minutes: limit.minutes ?? 0 })}
        {removalParked && <span className="badge">{t('status.removal_pending')}</span>}
        {limit.status === 'unconfirmed' && <span className="badge">{t('status.raise_pending')}</span>}
      </h3>
      {limit.ends_at && <p>{t('session.ends_at', { date: formatDate(limit.ends_at, locale, DATE_TIME) })}</p>}
      {limit.pending_minutes !== null && (
        <p className="limit-item__parked">
          {confirmFrom
            ? t('session.pending_raise', {
                minutes: limit.pending_minutes,
                date: formatDate(confirmFrom, locale, DATE_TIME),
              })
            : t('session.pending_raise_undated', { minutes: limit.pending_minutes })}
        </p>
      )}
      <LimitRemoval limit={limit} locale={locale} headingId={headingId} />
    </div>
  );
}

function SessionLimitForm({ limit, locale }: { limit: UserLimit | undefined; locale: Locale }) {
  const { t, i18n } = useTranslation('limits');
  const save = useSaveLimit();
  const formId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const minutes = parseSessionMinutes(text);
    if (minutes === null) {
      setError(t('session.minutes_invalid'));
      return;
    }
    setError(null);
    save.mutate(
      { ...(limit ? { id: limit.id } : {}), type: 'session', period: 'day', minutes },
      {
        onSuccess: (saved) => {
          setText('');
          setDone(
            saved.pending_minutes !== null && saved.confirmable_at
              ? t('session.saved_parked', { date: formatDate(saved.confirmable_at, locale, DATE_TIME) })
              : t('money.saved_now'),
          );
        },
      },
    );
  }

  return (
    <form className="form limit-form" onSubmit={onSubmit} noValidate aria-labelledby={formId}>
      <h3 id={formId} className="limit-form__title">
        {t('types.session.form_title')}
      </h3>
      {save.isError && <FormError message={limitErrorMessage(save.error, i18n, locale)} />}
      <div className="limit-form__fields">
        <TextField
          label={t('session.minutes')}
          name="minutes"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(v) => {
            setText(v);
            setError(null);
          }}
          error={error}
        />
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending}
          aria-busy={save.isPending || undefined}
        >
          {limit ? t('money.change') : t('money.set')}
        </button>
      </div>
      <div role="status">{done && <p className="form-success">{done}</p>}</div>
    </form>
  );
}
