import { type FormEvent, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@croupier/shared/locales';
import { Dialog } from '../../../components/modal/dialog';
import { CheckField, SelectField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { resetSession } from '../../../lib/session';
import type { UserLimit } from '../api/get-limits';
import { useSaveLimit } from '../api/save-limit';
import { breakNotice } from '../lib/break-notice';
import { BREAK_PERIODS, type BreakType, breakEnd, DATE_TIME, limitErrorMessage } from '../lib/limits-logic';

type BreakPeriod = (typeof BREAK_PERIODS)[BreakType][number];

/**
 * A break (cooling-off or self-exclusion): what it does, the one running, or the form to take one.
 * Taking it goes through a dialog that says exactly what happens and needs the player's agreement;
 * the request that starts it ends all of the player's sessions, so the page then forgets the
 * player and, in its place, says where they stand (`BreakStarted`, docs/limits.md#enforcement).
 */
export function BreakCard({
  type,
  running,
  locale,
  now = () => new Date(),
}: {
  type: BreakType;
  /** The break of this type that is running, if any. */
  running: UserLimit | undefined;
  locale: Locale;
  /** The clock, for the end date the dialog states. */
  now?: () => Date;
}) {
  const { t, i18n } = useTranslation('limits');
  const save = useSaveLimit();
  const queryClient = useQueryClient();
  const titleId = useId();
  const periods = BREAK_PERIODS[type] as readonly BreakPeriod[];
  const [period, setPeriod] = useState<BreakPeriod>(periods[0]!);
  const [asking, setAsking] = useState<{ until: Date | null } | null>(null);
  const [agreed, setAgreed] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    setAgreed(false);
    setAsking({ until: breakEnd(period, now()) });
  }

  function start() {
    if (!agreed || !asking) return;
    const until = asking.until;
    // Not `mutate`'s own callbacks: they are dropped once this card unmounts, and it does unmount
    // when the server's `break_started` push signs the page out before the answer arrives.
    save.mutateAsync({ type, period }).then(
      (limit) => {
        breakNotice.set({ type, endsAt: limit.ends_at ?? until?.toISOString() ?? null });
        resetSession(queryClient);
      },
      () => setAsking(null),
    );
  }

  return (
    <section className="card limit-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`types.${type}.title`)}</h2>
      <p>{t(`types.${type}.note`)}</p>
      <p className="muted">{t('breaks.rule')}</p>
      {running ? (
        <p className="limit-item__parked">
          {running.ends_at
            ? t('breaks.running', { date: formatDate(running.ends_at, locale, DATE_TIME) })
            : t('breaks.running_forever')}
        </p>
      ) : (
        <form className="form limit-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          {save.isError && <FormError message={limitErrorMessage(save.error, i18n, locale)} />}
          <div className="limit-form__fields">
            <SelectField
              label={t('breaks.length')}
              name="period"
              value={period}
              onChange={(v) => setPeriod(v as BreakPeriod)}
              options={periods.map((p) => ({ value: p, label: t(`lengths.${p}`) }))}
            />
          </div>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary">
              {t(`types.${type}.take`)}
            </button>
          </div>
        </form>
      )}
      {asking && (
        <Dialog title={t(`types.${type}.dialog_title`)} onClose={() => !save.isPending && setAsking(null)}>
          <ul className="limit-dialog__list">
            <li>
              {asking.until
                ? t('breaks.no_bets_until', { date: formatDate(asking.until, locale, DATE_TIME) })
                : t('breaks.no_bets_forever')}
            </li>
            <li>{t('breaks.signed_out')}</li>
            <li>{t('breaks.cannot_undo')}</li>
          </ul>
          <CheckField label={t('breaks.agree')} name="agree" checked={agreed} onChange={setAgreed} />
          <div className="form__actions limit-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(null)} disabled={save.isPending}>
              {t('actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={!agreed || save.isPending}
              aria-busy={save.isPending || undefined}
              onClick={start}
            >
              {t(`types.${type}.start`)}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
