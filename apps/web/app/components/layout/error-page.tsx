import { useTranslation } from '../../i18n/runtime';
import type { Locale } from '@croupier/shared/locales';
import { href } from '../../config/paths';

/** Not-found and oops content (docs/player-app.md#routes); English defaults keep it readable even without translations. */
export function ErrorPage({ kind, locale }: { kind: 'not-found' | 'oops'; locale: Locale }) {
  const { t } = useTranslation();
  const key = kind === 'not-found' ? 'not_found' : 'oops';
  return (
    <section className="container error-page">
      <p className="error-page__code" aria-hidden="true">
        {kind === 'not-found' ? '404' : '500'}
      </p>
      <h1>{t(`${key}.title`, kind === 'not-found' ? 'Page not found' : 'Oops!')}</h1>
      <p className="muted">
        {t(
          `${key}.text`,
          kind === 'not-found'
            ? 'The page you are looking for does not exist or has moved.'
            : 'Something went wrong on our side.',
        )}
      </p>
      <a className="btn btn--primary" href={href('home', locale)}>
        {t('actions.go_home', 'Go to the home page')}
      </a>
    </section>
  );
}
