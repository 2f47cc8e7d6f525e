import { HydrationBoundary } from '@tanstack/react-query';
import { defaultCurrencyForCountry } from '@croupier/shared/currencies';
import type { Route } from './+types/welcome-bonus';
import { offerServerData } from '../../features/bonuses/api/offers-server-data.server';
import { WelcomeBonusPage } from '../../features/bonuses/components/welcome-bonuses-page';
import { useLocale } from '../../i18n/use-locale';
import { useBoot } from '../../lib/boot';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { gtmPlace: 'welcome_bonus' };
export const meta = pageMeta('bonuses:meta.offer_title', 'bonuses:meta.welcome_description');

export function loader({ context, params }: Route.LoaderArgs) {
  return offerServerData(context, params.code);
}

/** Client navigations read the offers through the page's own queries. */
export function clientLoader() {
  return {};
}

/** /welcome-bonuses/<code>: one offer, all its rules and the button that selects it (docs/bonuses.md#what-the-player-sees). */
export default function WelcomeBonusRoute({ loaderData, params }: Route.ComponentProps) {
  const { user, isLoggedIn } = useCurrentUser();
  const { country } = useBoot();
  const locale = useLocale();
  return (
    <HydrationBoundary state={'dehydratedState' in loaderData ? loaderData.dehydratedState : undefined}>
      <WelcomeBonusPage
        code={params.code}
        locale={locale}
        signedIn={isLoggedIn}
        playerCurrency={user?.currency ?? null}
        guessedCurrency={defaultCurrencyForCountry(country)}
      />
    </HydrationBoundary>
  );
}
