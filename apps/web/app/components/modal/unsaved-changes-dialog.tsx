import { useTranslation } from '../../i18n/runtime';
import { Dialog } from './dialog';

/**
 * The question before a modal with unsaved changes closes (docs/player-app.md#modals): the app's own
 * dialog over the modal, not the browser's `confirm` (unstyled, untranslated buttons, and it blocks
 * the page). Keeping is the first focus, so Enter or Escape never throws work away.
 */
export function UnsavedChangesDialog({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('modal.unsaved_title')} onClose={onKeep} showClose={false}>
      <p>{t('modal.unsaved_confirm')}</p>
      <div className="form__actions">
        <button type="button" className="btn btn--primary" onClick={onKeep} data-autofocus>
          {t('modal.unsaved_keep')}
        </button>
        <button type="button" className="btn btn--danger" onClick={onDiscard}>
          {t('modal.unsaved_discard')}
        </button>
      </div>
    </Dialog>
  );
}
