import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { useGamesList, type GamesListArgs } from '../api/get-games-list';
import { useFavorites } from '../hooks/use-favorites';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import type { Viewer } from '../types';
import { flattenPages } from '../utils/paging';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { EmptyState, ErrorState } from './states';
import './games.css';

export interface InfiniteGameGridProps {
  args: GamesListArgs;
  viewer: Viewer;
  /** Accessible name of the list. */
  label: string;
  empty: ReactNode;
  enabled?: boolean;
}

/**
 * A paged game list (docs/player-app.md#paged-lists): pages of 40 appended in order, the next one loaded by an
 * IntersectionObserver 500 px before the end, one at a time, until the "loaded" rule says stop.
 * A "Load more" button does the same for keyboard users and when the observer is unavailable.
 */
export function InfiniteGameGrid({ args, viewer, label, empty, enabled = true }: InfiniteGameGridProps) {
  const { t } = useTranslation('lobby');
  const query = useGamesList(args, { enabled });
  const favorites = useFavorites(viewer);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch, isRefetching } = query;

  const sentinel = useInfiniteScroll({
    canLoad: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    load: () => fetchNextPage({ cancelRefetch: false }),
  });

  if (query.isPending) return enabled ? <GameGridSkeleton /> : null;
  if (query.isError && !data) return <ErrorState onRetry={() => void refetch()} busy={isRefetching} />;

  const games = flattenPages(data?.pages);
  if (games.length === 0) return <EmptyState>{empty}</EmptyState>;
  const total = data?.pages[0]?.pagination?.total_count ?? games.length;

  return (
    <div className="game-list">
      <GameGrid games={games} favorites={favorites} label={label} />
      <div ref={sentinel} className="game-list__sentinel" aria-hidden="true" />
      <div className="game-list__footer">
        <p className="game-list__count" role="status">
          {isFetchingNextPage ? t('grid.loading_more') : t('grid.shown', { count: games.length, total })}
        </p>
        {isFetchNextPageError && (
          <ErrorState
            title={t('error.more')}
            onRetry={() => void fetchNextPage({ cancelRefetch: false })}
            busy={isFetchingNextPage}
          />
        )}
        {hasNextPage && !isFetchNextPageError && (
          <button
            type="button"
            className="btn btn--secondary game-list__more"
            onClick={() => void fetchNextPage({ cancelRefetch: false })}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
          >
            {isFetchingNextPage ? t('grid.loading') : t('grid.load_more')}
          </button>
        )}
      </div>
    </div>
  );
}
