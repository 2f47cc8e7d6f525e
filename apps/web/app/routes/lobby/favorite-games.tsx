import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/favorite-games';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { FavoritesLobby } from '../../features/games/components/favorites-lobby';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { listClientData } from '../../features/games/loaders/client-data';
import { favoritesServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/**
 * /favorite-games (docs/player-app.md#lobby-routes). Guests see a sign-in prompt with a redirect back here rather than
 * being sent away, so the route is not marked requiresAuth.
 */
export const handle = { gtmPlace: 'favorite-games' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return favoritesServerData(args);
}

export function clientLoader() {
  return listClientData();
}

export const meta: Route.MetaFunction = (args) =>
  lobbyMeta(args, { title: ['lobby:meta.favorites_title'], description: ['lobby:meta.favorites_description'] });

export default function FavoriteGamesPage({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <FavoritesLobby viewer={viewer} />
    </HydrationBoundary>
  );
}
