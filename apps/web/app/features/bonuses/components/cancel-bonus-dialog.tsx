import { Dialog } from '../../../components/modal/dialog';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { useCancelBonus } from '../api/cancel-bonus';
import { useCancelInfo } from '../api/get-cancel-info';
import type { PlayerBonus } from '../api/get-bonuses';
import { bonusErrorMessage } from '../lib/bonuses-logic';
import { CancelFiguresText } from './cancel-figures';

/**
 * The question before a bonus is cancelled. A bonus being wagered holds money, so the dialog first
 * reads `cancel_info` and says what goes and what stays; the button waits for those figures, so
 * nobody confirms without having seen them. A gift not yet wagered holds none: a plain question.
 */
export function CancelBonusDialog({ bonus, onClose }: { bonus: PlayerBonus; onClose: () => void }) {
  const { t, i18n } = useTranslation('bonuses');
  const holdsMoney = bonus.stage === 'handle_bets';
  const info = useCancelInfo(bonus.id, holdsMoney);
  const cancel = useCancelBonus();
  const ready = !holdsMoney || info.isSuccess;
  return (
    <Dialog title={t('cancel.title')} onClose={onClose}>
      {holdsMoney ? (
        info.isPending ? (
          <p role="status">{t('cancel.loading')}</p>
        ) : info.isError ? (
          <div role="alert">
            <p>{t('cancel.error')}</p>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => void info.refetch()}>
              {t('gifts.retry')}
            </button>
          </div>
        ) : (
          <CancelFiguresText info={info.data} kind="cancel" />
        )
      ) : (
        <p>{t('cancel.simple')}</p>
      )}
      <FormError message={cancel.isError ? bonusErrorMessage(cancel.error, i18n) : null} />
      <div className="form__actions bonus-dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('cancel.keep')}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={!ready || cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          onClick={() => cancel.mutate(bonus.id, { onSuccess: onClose })}
        >
          {t('cancel.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
