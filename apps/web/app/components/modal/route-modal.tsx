import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { ModalContext } from './modal-context';
import { browserModalDeps } from './modals';
import { createModalStore, type ModalOptions } from './modal-store';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

function Empty() {
  return null;
}

/**
 * The modal of a popup route (/sign-in, /sign-up, …). Server-rendered open, so the form works and
 * is indexable without JavaScript; it follows the same stack rules as code-opened modals (one
 * private stack with a single entry), and `onClosed` (popup-route.tsx `useLeavePopup`) leaves the
 * route once the modal is gone: exactly once, after the dialog has unmounted and handed the focus
 * back, however often this re-renders.
 */
export function RouteModal({ name, options, children }: { name: string; options: ModalOptions; children: ReactNode }) {
  const { onClosed, ...stackOptions } = options;
  const [store] = useState(() => {
    const s = createModalStore(browserModalDeps());
    s.open(name, Empty, {}, stackOptions);
    return s;
  });
  const stack = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const entry = stack[0];
  const closed = useRef(false);
  useEffect(() => {
    if (entry || closed.current) return;
    closed.current = true;
    onClosed?.();
  }, [entry, onClosed]);
  if (!entry) return null;
  return (
    <ModalContext.Provider
      value={{ close: (o) => void store.close(name, o), setUnsaved: (u) => store.setUnsaved(name, u) }}
    >
      <Dialog
        title={options.title}
        closing={entry.closing}
        showClose={options.showClose ?? true}
        fullScreenMobile={options.fullScreenMobile ?? true}
        onClose={(reason) => (reason === 'overlay' ? store.overlayClick(name) : store.close(name))}
      >
        {children}
      </Dialog>
      {entry.asking && <UnsavedChangesDialog onDiscard={() => store.discard(name)} onKeep={() => store.keep(name)} />}
    </ModalContext.Provider>
  );
}
