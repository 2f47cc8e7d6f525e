/**
 * Route data of the lobby and game pages, browser side (clientLoader). Client navigations never
 * call the server loaders: they answer in the same shape as those (lobby-loaders.server.ts), and
 * read through the browser's React Query cache, so what they load is not fetched twice.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { localeFromPath, localePath } from '../../../i18n/locale-path';
import { getBrowserApi } from '../../../lib/api-context';
import { getQueryClient } from '../../../lib/query-client';
import { getCollectionsQueryOptions } from '../api/get-collections';
import { getGameBySeoTitleQueryOptions, selectGamesBySeoTitles } from '../api/get-game-by-seo-title';
import { getProvidersQueryOptions } from '../api/get-providers';
import { SEARCH_MIN_LENGTH } from '../constants';
import type { Device, Game } from '../types';
import { resolveCategoryPage, type CategoryRoute } from '../utils/category-page';
import { browserDevice } from '../utils/device';
import { normaliseGameName, parsePlayName } from '../utils/game-name';
import { paths } from '../utils/paths';
import { providerName } from '../utils/providers';

export interface HomeData {
  dehydratedState?: DehydratedState;
  device: Device;
}

export interface CategoryData {
  dehydratedState?: DehydratedState;
  device: Device;
  notFound: boolean;
  /** Collection title for the page title; null when unknown. */
  title: string | null;
}

export interface ProducersData {
  dehydratedState?: DehydratedState;
}

export interface ProducerData {
  dehydratedState?: DehydratedState;
  device: Device;
  notFound: boolean;
  title: string | null;
  /** First page to list (`/producers/{slug}/{page}`). */
  startPage: number;
}

export interface ListData {
  dehydratedState?: DehydratedState;
  device: Device;
}

export interface SearchData extends ListData {
  query: string;
}

export interface GameData {
  dehydratedState?: DehydratedState;
  notFound: boolean;
  title: string | null;
  /** Provider display title. */
  provider: string | null;
}

type Args = Pick<LoaderFunctionArgs, 'request'>;

/** The search text of a URL, trimmed; '' when too short to send. */
export function searchQuery(url: URL): string {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  return q.length >= SEARCH_MIN_LENGTH ? q : '';
}

/** `/producers/{slug}/{page}`: a whole number ≥ 1, else null (not found). */
export function parseStartPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

export async function homeClientData(): Promise<HomeData> {
  return { device: browserDevice() };
}

export async function listClientData(): Promise<ListData> {
  return { device: browserDevice() };
}

export async function searchClientData({ request }: Args): Promise<SearchData> {
  return { device: browserDevice(), query: searchQuery(new URL(request.url)) };
}

export async function producersClientData(): Promise<ProducersData> {
  return {};
}

export async function categoryClientData({ request }: Args, route: CategoryRoute): Promise<CategoryData> {
  const locale = localeFromPath(new URL(request.url).pathname);
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

export async function gameClientData({ request }: Args, producer: string, name: string): Promise<GameData> {
  const qc = getQueryClient();
  const [game, providers] = await Promise.all([
    qc.ensureQueryData(getGameBySeoTitleQueryOptions(getBrowserApi(), producer, name)).catch(() => undefined),
    qc.ensureQueryData(getProvidersQueryOptions(getBrowserApi())).catch(() => null),
  ]);
  const canonical = game ? canonicalGameRedirect(request, game, producer) : null;
  if (canonical) throw canonical;
  return {
    notFound: game === null,
    title: game?.title ?? null,
    provider: game ? providerName(game.provider, providers) : null,
  };
}

/** The same game under its own provider's URL (a link with a wrong or old provider). */
export function canonicalGameRedirect(request: Request, game: Game, producer: string): Response | null {
  if (game.provider === producer) return null;
  const url = new URL(request.url);
  return redirect(`${localePath(paths.game(game), localeFromPath(url.pathname))}${url.search}`, 301);
}

/**
 * `/play/{name}` (SPEC §2): `producer/name` redirects to `/play/{producer}/{name}` with both
 * parts normalised. A bare name is looked up by its seo title and redirects to the game when
 * it exists. Returns the target, or null when there is none (not found).
 */
export async function playRedirectTarget(
  request: Request,
  rawName: string,
  lookup: (seoTitle: string) => Promise<Record<string, Game>>,
): Promise<string | null> {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const target = parsePlayName(rawName);
  if (target)
    return `${localePath(paths.game({ provider: target.producer, seo_title: target.name }), locale)}${url.search}`;
  const seoTitle = normaliseGameName(rawName);
  if (!seoTitle) return null;
  const games = await lookup(seoTitle).catch(() => ({}) as Record<string, Game>);
  const game = Object.values(games).find((g) => g.seo_title === seoTitle);
  return game ? `${localePath(paths.game(game), locale)}${url.search}` : null;
}

export async function playRedirectClient({ request }: Args, rawName: string) {
  const to = await playRedirectTarget(request, rawName, (seo) => selectGamesBySeoTitles(getBrowserApi(), [seo]));
  if (to) throw redirect(to, 301);
  return { notFound: true as const };
}
