import { Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { Dialog } from './dialog';
import { ModalContext } from './modal-context';
import { modals } from './modals';
import type { ModalEntry } from './modal-store';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

const NONE: readonly ModalEntry[] = [];

/** Renders the app's modal stack (bottom to top). Empty on the server. */
export function ModalHost() {
  const { t } = useTranslation();
  const stack = useSyncExternalStore(modals.subscribe, modals.getState, () => NONE);
  return (
    <>
      {stack.map((entry) => {
        const { name, options } = entry;
        const Component = entry.component;
        return (
          <ModalContext.Provider
            key={name}
            value={{ close: (o) => void modals.close(name, o), setUnsaved: (u) => modals.setUnsaved(name, u) }}
          >
            <Dialog
              title={options.title}
              closing={entry.closing}
              showClose={options.showClose ?? true}
              fullScreen={options.fullScreen}
              fullScreenMobile={options.fullScreenMobile}
              bottomSide={options.bottomSide}
              onClose={(reason) => (reason === 'overlay' ? modals.overlayClick(name) : modals.close(name))}
            >
              <Suspense fallback={<div className="spinner" role="status" aria-label={t('actions.loading')} />}>
                <Component {...entry.props} />
              </Suspense>
            </Dialog>
            {entry.asking && (
              <UnsavedChangesDialog onDiscard={() => modals.discard(name)} onKeep={() => modals.keep(name)} />
            )}
          </ModalContext.Provider>
        );
      })}
    </>
  );
}
