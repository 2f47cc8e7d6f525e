import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/runtime';
import { gameFrame, type FrameState, type ShellPosition } from './frame-store';
import { clampShell, defaultShellPosition, moveByKey, shellSize, SHELL_BAR_PX, type Size } from './shell-geometry';

type Box = { top: number; left: number; width: number; height: number };

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/** The page placeholder's box in document coordinates, so the frame scrolls with the page. */
function useSlotBox(active: boolean): Box | null {
  const slot = useSyncExternalStore(gameFrame.subscribe, gameFrame.getSlot, () => null);
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    if (!active || !slot) return;
    const measure = () => {
      const r = slot.getBoundingClientRect();
      const next = { top: r.top + window.scrollY, left: r.left + window.scrollX, width: r.width, height: r.height };
      setBox((prev) =>
        prev &&
        prev.top === next.top &&
        prev.left === next.left &&
        prev.width === next.width &&
        prev.height === next.height
          ? prev
          : next,
      );
    };
    measure();
    // The slot moves when anything above it changes size (fonts, banners), not only when it does.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(slot);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active, slot]);
  // A box measured for an earlier visit of the page is never shown: the effect measures again first.
  return active && slot ? box : null;
}

/** Pointer and keyboard dragging of the shell, always kept inside the viewport. */
function useShellDrag(shell: Size, active: boolean) {
  const position = useSyncExternalStore(gameFrame.subscribe, gameFrame.getPosition, () => null);
  const drag = useRef<{ id: number; dx: number; dy: number } | null>(null);

  useEffect(() => {
    if (!active) return;
    const fit = () => {
      const current = gameFrame.getPosition();
      gameFrame.setPosition(current ? clampShell(current, shell, viewport()) : defaultShellPosition(shell, viewport()));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [active, shell]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || !position) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, dx: event.clientX - position.x, dy: event.clientY - position.y };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    gameFrame.setPosition(clampShell({ x: event.clientX - d.dx, y: event.clientY - d.dy }, shell, viewport()));
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.id === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!position) return;
    const next = moveByKey(event.key, event.shiftKey, position, shell, viewport());
    if (!next) return;
    event.preventDefault();
    gameFrame.setPosition(next);
  };
  return {
    position,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onKeyDown },
  };
}

function hostStyle(
  state: Exclude<FrameState, { status: 'closed' }>,
  box: Box | null,
  position: ShellPosition | null,
  shell: Size,
): CSSProperties {
  if (state.view === 'minimised') {
    const p = position ?? { x: 0, y: 0 };
    return { left: p.x, top: p.y, width: shell.width, height: shell.height };
  }
  // Until the page's placeholder is measured the frame stays invisible rather than jumping.
  if (!box) return { visibility: 'hidden', top: 0, left: 0, width: 0, height: 0 };
  return { top: box.top, left: box.left, width: box.width, height: box.height };
}

/**
 * The game frame itself, mounted once above the routes (root.tsx) so the iframe — and the round in
 * it — survives navigation. On the game page it covers the page's placeholder; elsewhere it is the
 * minimised shell. The iframe element is never re-created between the two: only styles change.
 */
export default function OpenFrame({ state }: { state: Exclude<FrameState, { status: 'closed' }> }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const minimised = state.view === 'minimised';
  const { width, height } = state;
  const shell = useMemo(() => shellSize({ width, height }), [width, height]);
  const box = useSlotBox(!minimised);
  const { position, handlers } = useShellDrag(shell, minimised);
  const iframeRef = useCallback((el: HTMLIFrameElement | null) => gameFrame.setIframe(el), []);
  const scale = shell.width / width;

  const iframeStyle: CSSProperties = minimised
    ? { width, height, transform: `scale(${scale})`, transformOrigin: '0 0' }
    : { width: '100%', height: '100%' };

  return (
    <div
      className={`frame-host frame-host--${state.view}`}
      style={hostStyle(state, box, position, shell)}
      data-testid="game-frame"
      data-status={state.status}
      data-view={state.view}
      role={minimised ? 'region' : undefined}
      aria-label={minimised ? t('frame.shell_label', { title: state.title }) : undefined}
    >
      {minimised && (
        <div className="frame-shell__bar" style={{ height: SHELL_BAR_PX }}>
          <div
            className="frame-shell__handle"
            role="button"
            tabIndex={0}
            aria-roledescription={t('frame.drag_role')}
            aria-label={t('frame.drag', { title: state.title })}
            data-testid="frame-shell-handle"
            {...handlers}
          >
            <span aria-hidden="true">⠿</span>
            <span className="frame-shell__title">{state.title}</span>
          </div>
          <button
            type="button"
            className="frame-shell__close"
            aria-label={t('frame.close', { title: state.title })}
            data-testid="frame-shell-close"
            onClick={() => gameFrame.dispatch({ type: 'close' })}
          >
            ×
          </button>
        </div>
      )}
      <div className="frame-host__viewport" style={minimised ? { height: shell.height - SHELL_BAR_PX } : undefined}>
        <iframe
          key={state.url}
          ref={iframeRef}
          className="frame-host__iframe"
          src={state.url}
          title={state.title}
          // The permissions policy alone: Chrome warns when the legacy `allowfullscreen` is set too.
          allow="fullscreen"
          style={iframeStyle}
          tabIndex={minimised ? -1 : undefined}
          onLoad={() => gameFrame.dispatch({ type: 'loaded', url: state.url })}
        />
        {state.status === 'opened' && !minimised && (
          <div className="frame-host__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('frame.loading', { title: state.title })}</span>
          </div>
        )}
      </div>
      {minimised && (
        <button
          type="button"
          className="frame-shell__resume"
          style={{ top: SHELL_BAR_PX }}
          aria-label={t('frame.resume', { title: state.title })}
          data-testid="frame-shell-resume"
          onClick={() => void navigate(state.pagePath)}
        />
      )}
    </div>
  );
}
