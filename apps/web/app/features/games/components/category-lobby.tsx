import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { categoryFilter } from '../api/filter-games';
import { useCollections } from '../api/get-collections';
import { useLocalePath } from '../hooks/use-locale-path';
import type { Device, Viewer } from '../types';
import { resolveCategoryPage, type CategoryRoute } from '../utils/category-page';
import { collectionTitle } from '../utils/collection-title';
import { paths } from '../utils/paths';
import { CategoryTabs, CategoryTabsSkeleton } from './category-tabs';
import { GameGridSkeleton } from './game-grid';
import { InfiniteGameGrid } from './infinite-game-grid';
import { ErrorState, NotFoundState } from './states';
import './games.css';

export interface CategoryLobbyProps {
  route: CategoryRoute;
  device: Device;
  viewer: Viewer;
  /** The loader found no such category (the response is a 404). */
  notFound: boolean;
}

/**
 * /pokies/…, /live/…, /categories/{slug}, /games/{categoryId}: the section's category tabs and
 * the collection's games with infinite scroll.
 */
export function CategoryLobby({ route, device, viewer, notFound }: CategoryLobbyProps) {
  const { t } = useTranslation('lobby');
  const locale = useLocale();
  const href = useLocalePath();
  const collections = useCollections(locale);
  const page = collections.data ? resolveCategoryPage(collections.data, route) : null;

  if (notFound || (collections.data && !page)) {
    return (
      <div className="lobby-page">
        <NotFoundState
          title={t('not_found.category_title')}
          text={t('not_found.category_text')}
          backHref={href(paths.home())}
          backLabel={t('not_found.back')}
        />
      </div>
    );
  }

  const section = page?.section ?? route.section;
  const sectionLabel = section ? t(`sections.${section}`) : t('sections.categories');
  const title = page?.collectionId ? collectionTitle(t, { id: page.collectionId, title: page.title }) : sectionLabel;

  return (
    <div className="lobby-page">
      <div className="lobby-page__head">
        <h1 className="lobby-page__title">{title}</h1>
      </div>
      {page ? (
        <CategoryTabs
          label={t('tabs.label', { section: sectionLabel })}
          collections={page.tabs}
          allHref={page.allHref ? href(page.allHref) : undefined}
          activeId={page.activeId}
        />
      ) : (
        !collections.isError && <CategoryTabsSkeleton />
      )}
      {page ? (
        <InfiniteGameGrid
          key={page.identifiers.join(',')}
          args={{ device, filter: categoryFilter(...page.identifiers) }}
          viewer={viewer}
          label={title}
          empty={t('grid.empty')}
        />
      ) : collections.isError ? (
        <ErrorState onRetry={() => void collections.refetch()} busy={collections.isFetching} />
      ) : (
        <GameGridSkeleton />
      )}
    </div>
  );
}
