import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import './games.css';

/** A failed load, with a retry button. */
export function ErrorState({ title, onRetry, busy = false }: { title?: string; onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation('lobby');
  return (
    <div className="games-state games-state--error" role="alert">
      <p className="games-state__title">{title ?? t('error.title')}</p>
      <p className="games-state__text">{t('error.text')}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry} disabled={busy}>
        {busy ? t('grid.loading') : t('error.retry')}
      </button>
    </div>
  );
}

/** Nothing to show (an empty category, no search results, no favourites yet). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="games-state">
      <p className="games-state__text">{children}</p>
      {action}
    </div>
  );
}

/** Page content for an unknown category, provider or game (the loader sets the 404 status). */
export function NotFoundState({
  title,
  text,
  backHref,
  backLabel,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <section className="games-state games-state--page" aria-labelledby="games-not-found">
      <h1 id="games-not-found" className="games-state__heading">
        {title}
      </h1>
      <p className="games-state__text">{text}</p>
      <Link className="btn btn--primary" to={backHref}>
        {backLabel}
      </Link>
    </section>
  );
}

/** A guest on a page that needs an account: why, and a way to sign in and come back. */
export function SignInPrompt({ title, text, href, cta }: { title: string; text: string; href: string; cta: string }) {
  return (
    <section className="games-state games-state--page" aria-labelledby="games-sign-in">
      <h2 id="games-sign-in" className="games-state__heading">
        {title}
      </h2>
      <p className="games-state__text">{text}</p>
      <Link className="btn btn--primary" to={href}>
        {cta}
      </Link>
    </section>
  );
}
