import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { useLocalePath } from '../hooks/use-locale-path';
import type { Provider } from '../types';
import { paths } from '../utils/paths';
import './games.css';

/** All providers with their game counts (/producers). */
export function ProvidersGrid({ providers }: { providers: readonly Provider[] }) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  return (
    <ul className="providers-grid">
      {providers.map((p) => (
        <li key={p.id}>
          <Link to={href(paths.producer(p.id))} className="provider-tile">
            <span className="provider-tile__title">{p.title}</span>
            <span className="provider-tile__count">{t('providers.games_count', { count: p.games_count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ProvidersGridSkeleton() {
  const { t } = useTranslation('lobby');
  return (
    <>
      <p className="visually-hidden" role="status">
        {t('grid.loading')}
      </p>
      <ul className="providers-grid" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <li key={i}>
            <span className="provider-tile provider-tile--skeleton" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The home page's providers strip: a scrollable row of provider links and "All providers". */
export function ProvidersStrip({ providers, limit = 16 }: { providers: readonly Provider[]; limit?: number }) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  if (providers.length === 0) return null;
  const shown = [...providers].sort((a, b) => b.games_count - a.games_count).slice(0, limit);
  return (
    <section className="providers-strip" aria-labelledby="providers-strip-title">
      <div className="game-row__head">
        <h2 id="providers-strip-title" className="game-row__title">
          {t('providers.strip_title')}
        </h2>
        <Link to={href(paths.producers())} className="game-row__all">
          {t('providers.all')}
        </Link>
      </div>
      <ul className="providers-strip__list">
        {shown.map((p) => (
          <li key={p.id}>
            <Link to={href(paths.producer(p.id))} className="provider-chip">
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
