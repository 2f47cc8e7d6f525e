import { createContext, useContext } from 'react';

/** What content inside a modal can do to its own modal. */
export interface ModalControls {
  /** Closes with the exit delay; `immediate` skips it and the unsaved-changes question. */
  close: (options?: { immediate?: boolean }) => void;
  /** Marks unsaved changes: closing then asks for confirmation (docs/player-app.md#states). */
  setUnsaved: (unsaved: boolean) => void;
}

export const ModalContext = createContext<ModalControls | null>(null);

/** The enclosing modal's controls, or null when the content is rendered as a full page. */
export function useModal(): ModalControls | null {
  return useContext(ModalContext);
}
