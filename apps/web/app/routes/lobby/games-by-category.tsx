import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/games-by-category';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { CategoryLobby } from '../../features/games/components/category-lobby';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { categoryClientData } from '../../features/games/loaders/lookup-client-data';
import { categoryServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /games/{categoryId}: the older category URL, same page as /categories/{slug} (docs/player-app.md#lobby-routes). */
export const handle = { gtmPlace: 'games' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return categoryServerData(args, { section: null, slug: args.params.categoryId });
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return categoryClientData(args, { section: null, slug: args.params.categoryId });
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.title ?? args.params.categoryId;
  return lobbyMeta(args, {
    title: [args.loaderData?.notFound ? 'lobby:meta.not_found_title' : 'lobby:meta.category_title', { title }],
    description: ['lobby:meta.category_description', { title }],
  });
};

export default function GamesByCategoryPage({ loaderData, params }: Route.ComponentProps) {
  const viewer = useViewer(useCurrentUser());
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <CategoryLobby
        route={{ section: null, slug: params.categoryId }}
        device={loaderData.device}
        viewer={viewer}
        notFound={loaderData.notFound}
      />
    </HydrationBoundary>
  );
}
