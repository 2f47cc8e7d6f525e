import { currentI18n } from '../../i18n/create-i18n';
import { createModalStore } from './modal-store';

/** Asks before closing over unsaved changes (native confirm: modal, accessible, translated). */
export function confirmDiscard(): boolean {
  if (typeof window === 'undefined') return true;
  return window.confirm(currentI18n()?.t('modal.unsaved_confirm') ?? 'You have unsaved changes. Close anyway?');
}

export function browserModalDeps() {
  return {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
    confirm: confirmDiscard,
  };
}

/** The app's modal stack (modals opened by code: URL hashes, header buttons, features). */
export const modals = createModalStore(browserModalDeps());
