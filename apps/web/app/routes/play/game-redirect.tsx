import type { Route } from './+types/game-redirect';
import { GameNotFound } from '../../features/games/components/game-view';
import { playRedirectClient } from '../../features/games/loaders/lookup-client-data';
import { playRedirectServer } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/**
 * /play/{name} (docs/player-app.md#game-page): `producer/name` (the slash may be encoded) redirects to
 * /play/{producer}/{name}, both normalised to lowercase words joined by hyphens; a bare game name
 * redirects to the game with that seo title. Anything else is a 404.
 */
export const handle = { gtmPlace: 'game', noindex: true } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return playRedirectServer(args, args.params.name);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return playRedirectClient(args, args.params.name);
}

export const meta: Route.MetaFunction = (args) => lobbyMeta(args, { title: ['game:meta.not_found_title'] });

export default function GameRedirect() {
  return <GameNotFound />;
}
