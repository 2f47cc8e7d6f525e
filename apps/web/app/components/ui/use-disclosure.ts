import { useEffect, useId, useState, type RefObject } from 'react';

/**
 * A button-controlled popup (menus, the locale list): closes on Escape (focus back to the button),
 * outside click and focus leaving `root`. Wire `id`/`open` to aria-controls/aria-expanded.
 */
export function useDisclosure(root: RefObject<HTMLElement | null>, button: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, root, button]);

  return { open, id, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}
