import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/game';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { FreespinsBar } from '../../features/bonuses/components/freespins-bar';
import { WageringMeter } from '../../features/bonuses/components/wagering-meter';
import { GameView } from '../../features/games/components/game-view';
import { useLocale } from '../../i18n/use-locale';
import { useViewer } from '../../features/games/hooks/use-viewer';
import { gameClientData } from '../../features/games/loaders/lookup-client-data';
import { gameServerData } from '../../features/games/loaders/server-data.server';
import { lobbyMeta } from '../../features/games/utils/meta';
import type { RouteHandle } from '../../lib/route-guards';

/** /play/{producer}/{name}: the game page (docs/player-app.md#game-page). */
export const handle = { gtmPlace: 'game' } satisfies RouteHandle;

export function loader(args: Route.LoaderArgs) {
  return gameServerData(args, args.params.producer, args.params.name);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return gameClientData(args, args.params.producer, args.params.name);
}

export const meta: Route.MetaFunction = (args) => {
  const { title, provider, notFound } = args.loaderData ?? {};
  if (notFound || !title) return lobbyMeta(args, { title: ['game:meta.not_found_title'] });
  return lobbyMeta(args, {
    title: ['game:meta.title', { title, provider }],
    description: ['game:meta.description', { title, provider }],
  });
};

export default function GamePage({ loaderData, params }: Route.ComponentProps) {
  const current = useCurrentUser();
  const viewer = useViewer(current);
  const locale = useLocale();
  const currency = current.user?.currency ?? null;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <GameView
        key={`${params.producer}/${params.name}`}
        producer={params.producer}
        name={params.name}
        viewer={viewer}
        notFound={loaderData.notFound}
        toolbar={
          currency
            ? (game) => (
                <>
                  <WageringMeter
                    game={game.identifier}
                    currency={currency}
                    locale={locale}
                    variant="full"
                    enabled={current.isLoggedIn}
                  />
                  <FreespinsBar
                    game={game.identifier}
                    currency={currency}
                    locale={locale}
                    enabled={current.isLoggedIn}
                  />
                </>
              )
            : undefined
        }
      />
    </HydrationBoundary>
  );
}
