import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { toasts, type Toast } from './toast-store';

const NONE: readonly Toast[] = [];

const ICONS: Record<Toast['type'], string> = { message: 'ℹ', success: '✓', warning: '!', error: '✕' };

/**
 * The toast list. The live regions are in the server HTML from the start, so screen readers
 * announce toasts added later; warnings and errors use the assertive region.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(toasts.subscribe, toasts.getState, () => NONE);
  const render = (toast: Toast) => (
    <li key={toast.id} className={`toast toast--${toast.type}`}>
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className="toast__content">
        {toast.title && <strong className="toast__title">{toast.title}</strong>}
        {toast.url ? (
          <a href={toast.url} onClick={toast.callback}>
            {toast.text}
          </a>
        ) : toast.callback ? (
          <button type="button" className="toast__action" onClick={toast.callback}>
            {toast.text}
          </button>
        ) : (
          <p className="toast__text">{toast.text}</p>
        )}
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--icon btn--sm toast__close"
        aria-label={t('toast.dismiss')}
        onClick={() => toasts.remove(toast.id)}
      >
        ×
      </button>
    </li>
  );
  const urgent = (x: Toast) => x.type === 'warning' || x.type === 'error';
  // The live regions wrap the lists: a list keeps its list role (a `ul` given role="alert" is no
  // longer a list, and its items lose their context for assistive technology).
  return (
    <section className="toasts" aria-label={t('toast.region')}>
      <div role="status" aria-live="polite" aria-relevant="additions text">
        <ul className="toasts__list">{list.filter((x) => !urgent(x)).map(render)}</ul>
      </div>
      <div role="alert" aria-live="assertive" aria-relevant="additions text">
        <ul className="toasts__list">{list.filter(urgent).map(render)}</ul>
      </div>
    </section>
  );
}
