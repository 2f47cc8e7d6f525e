import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/live';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { CategoryLobby } from '../../features/games/components/category-lobby';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { categoryClientData } from '../../features/games/loaders/lookup-client-data';
import { categoryServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /live/all and /live/{slug} (docs/player-app.md#lobby-routes). */
export const handle = { gtmPlace: 'live' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return categoryServerData(args, { section: 'live', slug: args.params.slug });
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return categoryClientData(args, { section: 'live', slug: args.params.slug });
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.title ?? 'Live';
  return lobbyMeta(args, {
    title: [args.loaderData?.notFound ? 'lobby:meta.not_found_title' : 'lobby:meta.category_title', { title }],
    description: ['lobby:meta.category_description', { title }],
  });
};

export default function LivePage({ loaderData, params }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <CategoryLobby
        route={{ section: 'live', slug: params.slug }}
        device={loaderData.device}
        viewer={viewer}
        notFound={loaderData.notFound}
      />
    </HydrationBoundary>
  );
}
