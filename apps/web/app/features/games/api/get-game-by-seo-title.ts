import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { Game } from '../types';
import { gamesKeys } from './query-keys';

/** POST /api/games_filter/select_by_seo_titles (docs/api-shapes.md#select): a map identifier → game. */
export function selectGamesBySeoTitles(api: ApiClient, seoTitles: string[]): Promise<Record<string, Game>> {
  return api.post<Record<string, Game>>('/api/games_filter/select_by_seo_titles', { game_seo_titles: seoTitles });
}

/**
 * The game a page URL names: the entry whose provider and seo_title both match, else the first
 * entry with that seo_title (docs/api-shapes.md#select), else null (the page shows "not found").
 */
export function pickGame(games: Record<string, Game> | null | undefined, producer: string, name: string): Game | null {
  const list = Object.values(games ?? {});
  return (
    list.find((g) => g.provider === producer && g.seo_title === name) ?? list.find((g) => g.seo_title === name) ?? null
  );
}

export async function getGameBySeoTitle(api: ApiClient, producer: string, name: string): Promise<Game | null> {
  return pickGame(await selectGamesBySeoTitles(api, [name]), producer, name);
}

export function getGameBySeoTitleQueryOptions(api: ApiClient, producer: string, name: string) {
  return queryOptions({
    queryKey: gamesKeys.bySeoTitle(producer, name),
    queryFn: () => getGameBySeoTitle(api, producer, name),
    staleTime: 5 * 60_000,
  });
}

export function useGameBySeoTitle(producer: string, name: string) {
  return useQuery(getGameBySeoTitleQueryOptions(useApi(), producer, name));
}
