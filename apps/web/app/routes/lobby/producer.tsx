import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/producer';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { ProducerLobby } from '../../features/games/components/producer-lobby';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { producerClientData } from '../../features/games/loaders/lookup-client-data';
import { producerServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /producers/{slug} and /producers/{slug}/{page}: a provider's games from that page on (docs/player-app.md#lobby-routes). */
export const handle = { gtmPlace: 'producer' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return producerServerData(args, args.params.slug, args.params.page);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return producerClientData(args, args.params.slug, args.params.page);
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.title ?? args.params.slug;
  return lobbyMeta(args, {
    title: [args.loaderData?.notFound ? 'lobby:meta.not_found_title' : 'lobby:meta.producer_title', { title }],
    description: ['lobby:meta.producer_description', { title }],
  });
};

export default function ProducerPage({ loaderData, params }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ProducerLobby
        slug={params.slug}
        startPage={loaderData.startPage}
        device={loaderData.device}
        viewer={viewer}
        notFound={loaderData.notFound}
      />
    </HydrationBoundary>
  );
}
