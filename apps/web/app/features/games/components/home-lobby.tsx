import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useGamesRow } from '../api/filter-games';
import { useCollections } from '../api/get-collections';
import { useProviders } from '../api/get-providers';
import { useRecentGames } from '../api/get-recent-games';
import { HOME_ROW_CATEGORIES } from '../constants';
import { useFavorites, type FavoritesApi } from '../hooks/use-favorites';
import { useLocalePath } from '../hooks/use-locale-path';
import type { Collection, Device, Viewer } from '../types';
import { collectionTitle } from '../utils/collection-title';
import { collectionPath, paths } from '../utils/paths';
import { prettifySlug } from '../utils/providers';
import { GameRow } from './game-row';
import { ProvidersStrip } from './providers';
import { RecentWinsTicker } from './recent-wins-ticker';
import './games.css';

function HomeHero() {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  return (
    <section className="lobby-hero" aria-labelledby="lobby-hero-title">
      <h1 id="lobby-hero-title" className="lobby-hero__title">
        {t('hero.title')}
      </h1>
      <p className="lobby-hero__text">{t('hero.text')}</p>
      <div className="lobby-hero__actions">
        <Link className="btn btn--primary" to={href(paths.section('pokies'))}>
          {t('hero.cta_pokies')}
        </Link>
        <Link className="btn btn--secondary" to={href(paths.section('live'))}>
          {t('hero.cta_live')}
        </Link>
      </div>
    </section>
  );
}

interface CategoryRowProps {
  category: string;
  collection: Collection | undefined;
  collectionsLoaded: boolean;
  device: Device;
  favorites: FavoritesApi;
  eager: boolean;
}

function CategoryRow({ category, collection, collectionsLoaded, device, favorites, eager }: CategoryRowProps) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  const row = useGamesRow({ device, category });
  if (collectionsLoaded && !collection) return null;
  return (
    <GameRow
      title={collection ? collectionTitle(t, collection) : prettifySlug(category)}
      games={row.data}
      isPending={row.isPending}
      isError={row.isError}
      onRetry={() => void row.refetch()}
      favorites={favorites}
      seeAllHref={collection ? href(collectionPath(collection)) : undefined}
      eager={eager}
    />
  );
}

function RecentRow({ favorites }: { favorites: FavoritesApi }) {
  const { t } = useTranslation('lobby');
  const recent = useRecentGames({ enabled: true });
  return (
    <GameRow
      title={t('rows.recent')}
      games={recent.data}
      isPending={recent.isPending}
      isError={recent.isError}
      onRetry={() => void recent.refetch()}
      favorites={favorites}
    />
  );
}

/**
 * The home page (docs/player-app.md#lobby-routes): hero, recently played (signed-in players), one row per main
 * collection with a "see all" link, and the providers strip.
 */
export function HomeLobby({ device, viewer }: { device: Device; viewer: Viewer }) {
  const locale = useLocale();
  const collections = useCollections(locale);
  const providers = useProviders();
  const favorites = useFavorites(viewer);
  const byId = new Map((collections.data ?? []).map((c) => [c.id, c]));
  return (
    <div className="lobby-page">
      <HomeHero />
      <RecentWinsTicker />
      {viewer.isLoggedIn && <RecentRow favorites={favorites} />}
      {HOME_ROW_CATEGORIES.map((category, i) => (
        <CategoryRow
          key={category}
          category={category}
          collection={byId.get(category)}
          collectionsLoaded={Boolean(collections.data)}
          device={device}
          favorites={favorites}
          eager={i === 0}
        />
      ))}
      {providers.data && <ProvidersStrip providers={providers.data} />}
    </div>
  );
}
