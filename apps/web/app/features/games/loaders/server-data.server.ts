/**
 * Route data of the lobby and game pages, server side (loader): the first paint's queries run
 * in-process and travel to the browser dehydrated; routes render them inside <HydrationBoundary>.
 * Unknown categories, providers and games answer 404 with the page's own "not found" content.
 */
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { localeFromPath } from '../../../i18n/locale-path';
import { getServerApi } from '../../../lib/api-context';
import { prefetchQueries } from '../../../lib/prefetch';
import { loadServerData } from '../../../lib/server-data.server';
import { categoryFilter, getGamesRowQueryOptions } from '../api/filter-games';
import { getGamesListPrefetchOptions } from '../api/get-games-list';
import { getCollections, getCollectionsQueryOptions } from '../api/get-collections';
import { getFavoriteGamesQueryOptions } from '../api/get-favorite-games';
import { getGameBySeoTitle, getGameBySeoTitleQueryOptions, selectGamesBySeoTitles } from '../api/get-game-by-seo-title';
import { getProviders, getProvidersQueryOptions } from '../api/get-providers';
import { getRecentGamesQueryOptions } from '../api/get-recent-games';
import { HOME_ROW_CATEGORIES } from '../constants';
import type { Game } from '../types';
import { resolveCategoryPage, type CategoryRoute } from '../utils/category-page';
import { deviceFromUserAgent } from '../utils/device';
import { providerName } from '../utils/providers';
import { searchQuery } from './client-data';
import { canonicalGameRedirect, parseStartPage, playRedirectTarget } from './shared';
import type { CategoryData, GameData, HomeData, ListData, ProducerData, ProducersData, SearchData } from './types';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context' | 'url'>;

type PrefetchEntry = FetchQueryOptions<unknown, Error, unknown, QueryKey, never>;

/**
 * prefetchQueries takes untyped entries; typed queryOptions are not assignable to them (their
 * staleTime callback is typed by key), so each entry is widened here.
 */
function entries(...list: unknown[]): PrefetchEntry[] {
  return list as PrefetchEntry[];
}

function basics({ request, url }: Args) {
  // `url`, not `request.url`: a data request's raw URL ends in `.data` (future.v8_passThroughRequests).
  return { url, locale: localeFromPath(url.pathname), device: deviceFromUserAgent(request.headers.get('user-agent')) };
}

/** Signed in at render time (the root loader's serverdata, fetched once per request). */
async function isSignedIn({ request, context }: Args, locale: ReturnType<typeof localeFromPath>): Promise<boolean> {
  const server = await loadServerData(context, request, locale);
  return Boolean(server.user && typeof server.user === 'object' && 'id' in server.user);
}

/** A value already in hand, as a prefetch entry (so the loader does not ask twice). */
const resolved =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);

export async function homeServerData(args: Args): Promise<HomeData> {
  const { locale, device } = basics(args);
  const signedIn = await isSignedIn(args, locale);
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    entries(
      getCollectionsQueryOptions(api, locale),
      getProvidersQueryOptions(api),
      ...HOME_ROW_CATEGORIES.map((category) => getGamesRowQueryOptions(api, { device, category })),
      ...(signedIn ? [getRecentGamesQueryOptions(api), getFavoriteGamesQueryOptions(api)] : []),
    ),
  );
  return { dehydratedState, device };
}

export async function categoryServerData(args: Args, route: CategoryRoute) {
  const { locale, device } = basics(args);
  const api = getServerApi(args.context);
  const [collections, signedIn] = await Promise.all([
    getCollections(api, locale).catch(() => null),
    isSignedIn(args, locale),
  ]);
  const page = collections ? resolveCategoryPage(collections, route) : null;
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    entries(
      getProvidersQueryOptions(api),
      ...(collections ? [{ ...getCollectionsQueryOptions(api, locale), queryFn: resolved(collections) }] : []),
      ...(page ? [getGamesListPrefetchOptions(api, { device, filter: categoryFilter(...page.identifiers) })] : []),
      ...(signedIn ? [getFavoriteGamesQueryOptions(api)] : []),
    ),
  );
  const notFound = Boolean(collections) && !page;
  return data<CategoryData>(
    { dehydratedState, device, notFound, title: page?.title ?? null },
    { status: notFound ? 404 : 200 },
  );
}

export async function producersServerData(args: Args): Promise<ProducersData> {
  const dehydratedState = await prefetchQueries(args.context, (api) => entries(getProvidersQueryOptions(api)));
  return { dehydratedState };
}

export async function producerServerData(args: Args, slug: string, rawPage: string | undefined) {
  const { locale, device } = basics(args);
  const startPage = parseStartPage(rawPage);
  const api = getServerApi(args.context);
  const [providers, signedIn] = await Promise.all([getProviders(api).catch(() => null), isSignedIn(args, locale)]);
  const provider = providers?.find((p) => p.id === slug) ?? null;
  const notFound = startPage === null || (Boolean(providers) && !provider);
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    entries(
      ...(providers ? [{ ...getProvidersQueryOptions(api), queryFn: resolved(providers) }] : []),
      ...(!notFound
        ? [getGamesListPrefetchOptions(api, { device, filter: { providers: [slug] }, startPage: startPage ?? 1 })]
        : []),
      ...(signedIn ? [getFavoriteGamesQueryOptions(api)] : []),
    ),
  );
  return data<ProducerData>(
    { dehydratedState, device, notFound, title: provider?.title ?? null, startPage: startPage ?? 1 },
    { status: notFound ? 404 : 200 },
  );
}

export async function favoritesServerData(args: Args): Promise<ListData> {
  const { locale, device } = basics(args);
  const signedIn = await isSignedIn(args, locale);
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    signedIn ? entries(getFavoriteGamesQueryOptions(api), getProvidersQueryOptions(api)) : [],
  );
  return { dehydratedState, device };
}

export async function searchServerData(args: Args): Promise<SearchData> {
  const { url, locale, device } = basics(args);
  const query = searchQuery(url);
  const signedIn = query ? await isSignedIn(args, locale) : false;
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    query
      ? entries(
          getProvidersQueryOptions(api),
          getGamesListPrefetchOptions(api, { device, filter: { title: query } }),
          ...(signedIn ? [getFavoriteGamesQueryOptions(api)] : []),
        )
      : [],
  );
  return { dehydratedState, device, query };
}

export async function gameServerData(args: Args, producer: string, name: string) {
  const { locale } = basics(args);
  const api = getServerApi(args.context);
  const [game, signedIn, providers] = await Promise.all([
    getGameBySeoTitle(api, producer, name).catch((): Game | null | undefined => undefined),
    isSignedIn(args, locale),
    getProviders(api).catch(() => null),
  ]);
  if (game) {
    const canonical = canonicalGameRedirect(args.url, game, producer);
    if (canonical) throw canonical;
  }
  const dehydratedState = await prefetchQueries(args.context, (api) =>
    entries(
      ...(providers ? [{ ...getProvidersQueryOptions(api), queryFn: resolved(providers) }] : []),
      ...(game !== undefined
        ? [{ ...getGameBySeoTitleQueryOptions(api, producer, name), queryFn: resolved(game) }]
        : []),
      ...(signedIn ? [getFavoriteGamesQueryOptions(api)] : []),
    ),
  );
  const notFound = game === null;
  return data<GameData>(
    {
      dehydratedState,
      notFound,
      title: game?.title ?? null,
      provider: game ? providerName(game.provider, providers) : null,
    },
    { status: notFound ? 404 : 200 },
  );
}

export async function playRedirectServer(args: Args, rawName: string) {
  const api = getServerApi(args.context);
  const to = await playRedirectTarget(args.url, rawName, (seo) => selectGamesBySeoTitles(api, [seo]));
  if (to) throw redirect(to, 301);
  return data({ notFound: true as const }, { status: 404 });
}
