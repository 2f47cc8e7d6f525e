import { useState } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { Dialog } from '../../../components/modal/dialog';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import type { UserLimit } from '../api/get-limits';
import { useRemoveLimit } from '../api/remove-limit';
import { DATE_TIME, limitErrorMessage } from '../lib/limits-logic';

/**
 * The removal part of a limit (money or session): a parked removal with from when it can be
 * confirmed, or the button that asks in a dialog and parks one (docs/limits.md#changing-a-limit).
 * `headingId` names the limit the button removes.
 */
export function LimitRemoval({ limit, locale, headingId }: { limit: UserLimit; locale: Locale; headingId: string }) {
  const { t, i18n } = useTranslation('limits');
  const remove = useRemoveLimit();
  const [asking, setAsking] = useState(false);
  const confirmFrom = limit.confirmable_at ?? limit.disable_at;
  if (limit.status === 'unconfirmed_disable')
    return (
      <p className="limit-item__parked">
        {confirmFrom
          ? t('money.pending_removal', { date: formatDate(confirmFrom, locale, DATE_TIME) })
          : t('money.pending_removal_undated')}
      </p>
    );
  return (
    <>
      <div className="limit-item__actions">
        <button
          type="button"
          className="btn btn--danger-outline btn--sm"
          aria-describedby={headingId}
          onClick={() => {
            remove.reset();
            setAsking(true);
          }}
        >
          {t('money.remove')}
        </button>
      </div>
      {remove.isError && !asking && <FormError message={limitErrorMessage(remove.error, i18n, locale)} />}
      {asking && (
        <Dialog title={t('money.remove_title')} onClose={() => setAsking(false)}>
          <p>{t('money.remove_text')}</p>
          <div className="form__actions limit-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
              {t('actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => remove.mutate(limit.id, { onSettled: () => setAsking(false) })}
            >
              {t('money.remove_confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
