import type { ComponentType } from 'react';
import { MODAL_CLOSE_DELAY_MS } from '../../config/constants';

/** Modal options (docs/player-app.md#data-objects). */
export interface ModalOptions {
  /** Dialog title (also its accessible name). */
  title: string;
  showClose?: boolean;
  blockCloseOverlay?: boolean;
  fullScreen?: boolean;
  fullScreenMobile?: boolean;
  mobileFriendly?: boolean;
  bottomSide?: boolean;
  /** Called once the modal has been removed from the stack. */
  onClosed?: () => void;
}

export interface ModalEntry {
  name: string;
  // Props are checked where the modal is opened; the stack only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  props: Record<string, unknown>;
  options: ModalOptions;
  /** Closing animation running; removed after MODAL_CLOSE_DELAY_MS. */
  closing: boolean;
  /** The content marked unsaved changes: closing asks first. */
  unsaved: boolean;
  /**
   * Closing was asked over unsaved changes: the host shows the app's own question
   * (`UnsavedChangesDialog`) until the player answers with `discard` or `keep`.
   */
  asking: boolean;
}

interface Deps {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * The modal stack of docs/player-app.md#modals: one modal per name (opening an open name updates it in place),
 * closing waits 500 ms for the exit animation unless immediate, closing over unsaved changes asks
 * first unless immediate (the entry is marked `asking`; `discard` closes, `keep` stays), and an
 * overlay click is ignored with blockCloseOverlay.
 */
export function createModalStore(deps: Deps) {
  let stack: readonly ModalEntry[] = [];
  const timers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const find = (name: string) => stack.find((m) => m.name === name);
  const replace = (name: string, patch: Partial<ModalEntry>) => {
    stack = stack.map((m) => (m.name === name ? { ...m, ...patch } : m));
    emit();
  };

  function remove(name: string) {
    const entry = find(name);
    const timer = timers.get(name);
    if (timer !== undefined) deps.clearTimeout(timer);
    timers.delete(name);
    if (!entry) return;
    stack = stack.filter((m) => m.name !== name);
    emit();
    entry.options.onClosed?.();
  }

  function open<P extends object>(name: string, component: ComponentType<P>, props: P, options: ModalOptions) {
    const timer = timers.get(name);
    if (timer !== undefined) deps.clearTimeout(timer);
    timers.delete(name);
    const existing = find(name);
    if (existing) {
      replace(name, { component, props: props as Record<string, unknown>, options, closing: false });
      return;
    }
    stack = [
      ...stack,
      {
        name,
        component,
        props: props as Record<string, unknown>,
        options,
        closing: false,
        unsaved: false,
        asking: false,
      },
    ];
    emit();
  }

  /** Returns false when the modal stays open for now: it asks the player about unsaved changes first. */
  function close(name: string, { immediate = false }: { immediate?: boolean } = {}): boolean {
    const entry = find(name);
    if (!entry) return true;
    if (immediate) {
      remove(name);
      return true;
    }
    if (entry.closing) return true;
    if (entry.unsaved) {
      if (!entry.asking) replace(name, { asking: true });
      return false;
    }
    startClosing(name);
    return true;
  }

  function startClosing(name: string) {
    replace(name, { closing: true, asking: false });
    timers.set(
      name,
      deps.setTimeout(() => remove(name), MODAL_CLOSE_DELAY_MS),
    );
  }

  return {
    open,
    close,
    /** Overlay click: ignored with blockCloseOverlay. */
    overlayClick(name: string): boolean {
      const entry = find(name);
      if (!entry || entry.options.blockCloseOverlay) return false;
      return close(name);
    },
    /** The answer to the unsaved-changes question: close anyway. */
    discard(name: string) {
      const entry = find(name);
      if (entry?.asking) startClosing(name);
    },
    /** The answer to the unsaved-changes question: stay in the modal. */
    keep(name: string) {
      if (find(name)?.asking) replace(name, { asking: false });
    },
    setUnsaved(name: string, unsaved: boolean) {
      const entry = find(name);
      if (entry && entry.unsaved !== unsaved) replace(name, { unsaved });
    },
    closeAll: (opts?: { immediate?: boolean }) => [...stack].reverse().forEach((m) => close(m.name, opts)),
    isOpen: (name: string) => Boolean(find(name) && !find(name)!.closing),
    getState: () => stack,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ModalStore = ReturnType<typeof createModalStore>;
