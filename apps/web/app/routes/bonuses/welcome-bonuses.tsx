import { HydrationBoundary } from '@tanstack/react-query';
import { defaultCurrencyForCountry } from '@croupier/shared/currencies';
import type { Route } from './+types/welcome-bonuses';
import { offersServerData } from '../../features/bonuses/api/offers-server-data.server';
import { WelcomeBonusesPage } from '../../features/bonuses/components/welcome-bonuses-page';
import { useLocale } from '../../i18n/use-locale';
import { useBoot } from '../../lib/boot';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { gtmPlace: 'welcome_bonuses' };
export const meta = pageMeta('bonuses:meta.welcome_title', 'bonuses:meta.welcome_description');

export function loader({ context }: Route.LoaderArgs) {
  return offersServerData(context);
}

/** Client navigations read the offers through the page's own queries. */
export function clientLoader() {
  return {};
}

/** /welcome-bonuses (public): the deposit and registration offers with their rules (docs/bonuses.md#what-the-player-sees). */
export default function WelcomeBonusesRoute({ loaderData }: Route.ComponentProps) {
  const { user, isLoggedIn } = useCurrentUser();
  const { country } = useBoot();
  const locale = useLocale();
  return (
    <HydrationBoundary state={'dehydratedState' in loaderData ? loaderData.dehydratedState : undefined}>
      <WelcomeBonusesPage
        locale={locale}
        signedIn={isLoggedIn}
        playerCurrency={user?.currency ?? null}
        guessedCurrency={defaultCurrencyForCountry(country)}
      />
    </HydrationBoundary>
  );
}
