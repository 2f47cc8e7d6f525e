/** Pure parts of the lobby's route loaders, used on the server and in the browser. */
import { redirect } from 'react-router';
import { localeFromPath, localePath } from '../../../i18n/locale-path';
import type { Game } from '../types';
import { normaliseGameName, parsePlayName } from '../utils/game-name';
import { paths } from '../utils/paths';

/** `/producers/{slug}/{page}`: a whole number ≥ 1, else null (not found). */
export function parseStartPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/**
 * The same game under its own provider's URL (a link with a wrong or old provider). `url` is the
 * route's URL (the loader's `url` argument: never a data request's `.data` address).
 */
export function canonicalGameRedirect(url: URL, game: Game, producer: string): Response | null {
  if (game.provider === producer) return null;
  return redirect(`${localePath(paths.game(game), localeFromPath(url.pathname))}${url.search}`, 301);
}

/**
 * `/play/{name}` (docs/player-app.md#game-page): `producer/name` redirects to `/play/{producer}/{name}` with both
 * parts normalised. A bare name is looked up by its seo title and redirects to the game when
 * it exists. Returns the target, or null when there is none (not found).
 */
export async function playRedirectTarget(
  url: URL,
  rawName: string,
  lookup: (seoTitle: string) => Promise<Record<string, Game>>,
): Promise<string | null> {
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
