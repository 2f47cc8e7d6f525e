import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/producers';
import { ProvidersLobby } from '../../features/games/components/providers-lobby';
import { producersClientData } from '../../features/games/loaders/client-data';
import { producersServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /producers: all game providers (docs/player-app.md#lobby-routes). */
export const handle = { gtmPlace: 'producers' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return producersServerData(args);
}

export function clientLoader() {
  return producersClientData();
}

export const meta: Route.MetaFunction = (args) =>
  lobbyMeta(args, { title: ['lobby:meta.producers_title'], description: ['lobby:meta.producers_description'] });

export default function ProducersPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ProvidersLobby />
    </HydrationBoundary>
  );
}
