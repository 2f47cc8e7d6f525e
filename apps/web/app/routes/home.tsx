import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/home';
import { useCurrentUser } from '../lib/player/use-current-user';
import { HomeLobby } from '../features/games/components/home-lobby';
import { useViewer } from '../features/games/hooks/use-viewer';
import { homeClientData } from '../features/games/loaders/client-data';
import { homeServerData } from '../features/games/loaders/server-data.server';
import { lobbyMeta } from '../features/games/utils/meta';
import type { RouteHandle } from '../lib/route-guards';

export const handle = { gtmPlace: 'home' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return homeServerData(args);
}

export function clientLoader() {
  return homeClientData();
}

export const meta: Route.MetaFunction = (args) =>
  lobbyMeta(args, { title: ['lobby:meta.home_title'], description: ['lobby:meta.home_description'] });

export default function Home({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <HomeLobby device={loaderData.device} viewer={viewer} />
    </HydrationBoundary>
  );
}
