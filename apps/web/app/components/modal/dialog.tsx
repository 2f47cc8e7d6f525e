import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/runtime';

const FOCUSABLE =
  'a[href],area[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"]),[contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

/**
 * Controls that never take the first focus: the close button, and whatever the content marks
 * `data-no-autofocus` (a "Back" that would close the flow on Enter). When only these are there yet
 * (content still loading), the dialog itself holds focus until a real field appears.
 */
const NOT_FIRST = '.modal__close,[data-no-autofocus]';

let openCount = 0;

export type CloseReason = 'escape' | 'overlay' | 'button';

export interface DialogProps {
  title: string;
  onClose: (reason: CloseReason) => void;
  children: ReactNode;
  closing?: boolean;
  showClose?: boolean;
  fullScreen?: boolean;
  fullScreenMobile?: boolean;
  bottomSide?: boolean;
  /** Show the title visually (it always labels the dialog). */
  showTitle?: boolean;
}

/**
 * An accessible modal dialog: aria-modal with a labelled title, focus moved in on open, trapped
 * while open and restored on close, Escape and overlay click reported to the owner (which applies
 * the stack rules), page scroll locked while any dialog is open.
 */
export function Dialog({
  title,
  onClose,
  children,
  closing = false,
  showClose = true,
  fullScreen,
  fullScreenMobile,
  bottomSide,
  showTitle = true,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const firstField = () =>
      node?.querySelector<HTMLElement>('[data-autofocus],[autofocus]') ??
      (node ? focusables(node).find((el) => !el.matches(NOT_FIRST)) : undefined);
    let observer: MutationObserver | null = null;
    if (node && !node.contains(document.activeElement)) {
      const first = firstField();
      (first ?? node).focus();
      // Lazy content (a form still loading) gets the focus once it appears, unless the player moved it.
      if (!first) {
        observer = new MutationObserver(() => {
          const late = firstField();
          if (!late) return;
          if (document.activeElement === node) late.focus();
          observer?.disconnect();
        });
        observer.observe(node, { childList: true, subtree: true });
      }
    }
    openCount += 1;
    document.documentElement.classList.add('has-modal');
    return () => {
      observer?.disconnect();
      openCount -= 1;
      if (openCount <= 0) document.documentElement.classList.remove('has-modal');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose('escape');
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    // A dialog opened over another (even through a portal, React events bubble to the owner):
    // only the innermost one traps Tab.
    event.stopPropagation();
    const items = focusables(ref.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const classes = [
    'modal',
    closing && 'modal--closing',
    fullScreen && 'modal--full',
    fullScreenMobile && 'modal--full-mobile',
    bottomSide && 'modal--bottom',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={`modal-overlay${closing ? ' modal-overlay--closing' : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose('overlay');
      }}
    >
      <div
        ref={ref}
        className={classes}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__head">
          <h2 id={titleId} className={showTitle ? 'modal__title' : 'visually-hidden'}>
            {title}
          </h2>
          {showClose && (
            <button
              type="button"
              className="btn btn--ghost btn--icon modal__close"
              aria-label={t('actions.close')}
              onClick={() => onClose('button')}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
