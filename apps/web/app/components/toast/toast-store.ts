import { TOAST_LIFETIME_MS } from '../../config/constants';

/** A toast (docs/player-app.md#data-objects). `time` is the lifetime in ms (default 10 s); 0 keeps the toast until dismissed. */
export type ToastType = 'message' | 'success' | 'warning' | 'error';

export interface ToastInput {
  title?: string;
  text: string;
  type?: ToastType;
  time?: number;
  /** A link shown with the toast. */
  url?: string;
  /** Called when the toast is clicked. */
  callback?: () => void;
}

export interface Toast
  extends Required<Pick<ToastInput, 'text' | 'type' | 'time'>>, Omit<ToastInput, 'text' | 'type' | 'time'> {
  id: number;
}

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export function createToastStore(
  timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) },
) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const handles = new Map<number, unknown>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  function remove(id: number) {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    handles.delete(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function add(input: ToastInput): number {
    const toast: Toast = {
      ...input,
      id: nextId++,
      type: input.type ?? 'message',
      time: input.time ?? TOAST_LIFETIME_MS,
    };
    // The same text twice in a row (e.g. a repeated blocked navigation) refreshes instead of stacking.
    const same = toasts.find((t) => t.text === toast.text && t.type === toast.type);
    if (same) remove(same.id);
    toasts = [...toasts, toast];
    if (toast.time > 0)
      handles.set(
        toast.id,
        timers.setTimeout(() => remove(toast.id), toast.time),
      );
    emit();
    return toast.id;
  }

  return {
    add,
    remove,
    clear: () => [...toasts].forEach((t) => remove(t.id)),
    getState: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toasts. Only browser code adds to it; server renders always see an empty list. */
export const toasts = createToastStore();
