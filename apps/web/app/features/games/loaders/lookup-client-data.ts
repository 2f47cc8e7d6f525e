/**
 * Client loaders that must know whether the page exists (category, provider, game, /play/{name})
 * before rendering: they read through the browser's React Query cache (lib/query-client.ts), so
 * what they load is not fetched again by the page, and client navigations never call the server
 * loaders.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localeFromPath } from '../../../i18n/locale-path';
import { getBrowserApi } from '../../../lib/api-context';
import { getQueryClient } from '../../../lib/query-client';
import { getCollectionsQueryOptions } from '../api/get-collections';
import { getGameBySeoTitleQueryOptions, selectGamesBySeoTitles } from '../api/get-game-by-seo-title';
import { getProvidersQueryOptions } from '../api/get-providers';
import { resolveCategoryPage, type CategoryRoute } from '../utils/category-page';
import { browserDevice } from '../utils/device';
import { providerName } from '../utils/providers';
import { canonicalGameRedirect, parseStartPage, playRedirectTarget } from './shared';
import type { CategoryData, GameData, ProducerData } from './types';

type Args = Pick<LoaderFunctionArgs, 'url'>;

export async function categoryClientData({ url }: Args, route: CategoryRoute): Promise<CategoryData> {
  const locale = localeFromPath(url.pathname);
  const collections = await getQueryClient()
    .ensureQueryData(getCollectionsQueryOptions(getBrowserApi(), locale))
    .catch(() => null);
  const page = collections ? resolveCategoryPage(collections, route) : null;
  return { device: browserDevice(), notFound: Boolean(collections) && !page, title: page?.title ?? null };
}

export async function producerClientData(
  _args: Args,
  slug: string,
  rawPage: string | undefined,
): Promise<ProducerData> {
  const startPage = parseStartPage(rawPage);
  const providers = await getQueryClient()
    .ensureQueryData(getProvidersQueryOptions(getBrowserApi()))
    .catch(() => null);
  const provider = providers?.find((p) => p.id === slug) ?? null;
  return {
    device: browserDevice(),
    notFound: startPage === null || (Boolean(providers) && !provider),
    title: provider?.title ?? null,
    startPage: startPage ?? 1,
  };
}

export async function gameClientData({ url }: Args, producer: string, name: string): Promise<GameData> {
  const qc = getQueryClient();
  const [game, providers] = await Promise.all([
    qc.ensureQueryData(getGameBySeoTitleQueryOptions(getBrowserApi(), producer, name)).catch(() => undefined),
    qc.ensureQueryData(getProvidersQueryOptions(getBrowserApi())).catch(() => null),
  ]);
  const canonical = game ? canonicalGameRedirect(url, game, producer) : null;
  if (canonical) throw canonical;
  return {
    notFound: game === null,
    title: game?.title ?? null,
    provider: game ? providerName(game.provider, providers) : null,
  };
}

export async function playRedirectClient({ url }: Args, rawName: string) {
  const to = await playRedirectTarget(url, rawName, (seo) => selectGamesBySeoTitles(getBrowserApi(), [seo]));
  if (to) throw redirect(to, 301);
  return { notFound: true as const };
}
