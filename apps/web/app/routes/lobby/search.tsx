import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/search';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { SearchLobby } from '../../features/games/components/search-lobby';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { searchClientData } from '../../features/games/loaders/client-data';
import { searchServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /search?q=: game search by title. */
export const handle = { gtmPlace: 'search', noindex: true } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return searchServerData(args);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return searchClientData(args);
}

export const meta: Route.MetaFunction = (args) => {
  const query = args.loaderData?.query;
  return lobbyMeta(args, {
    title: query ? ['lobby:meta.search_query_title', { query }] : ['lobby:meta.search_title'],
    description: ['lobby:meta.search_description'],
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SearchLobby device={loaderData.device} viewer={viewer} />
    </HydrationBoundary>
  );
}
