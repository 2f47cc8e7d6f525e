import { createModalStore } from './modal-store';

export function browserModalDeps() {
  return {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
}

/** The app's modal stack (modals opened by code: URL hashes, header buttons, features). */
export const modals = createModalStore(browserModalDeps());
