import { useLoaderData, type ClientLoaderFunctionArgs } from 'react-router';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { enforceGuardInBrowser } from '../../../lib/guard-client';
import type { RouteHandle } from '../../../lib/route-guards';
import { pageMeta } from '../../../lib/seo';
import { CashboxPopup, comingFromSignUp } from './cashbox-popup';

type Mode = Parameters<typeof CashboxPopup>[0]['mode'];

/**
 * The route module of one cashbox popup path (SPEC §2: /cashbox, /dashboard, /deposit, /withdraw,
 * /deposit-fast): login required, opened as a modal; it remembers whether the player came from
 * sign-up, which sends them home first. The route file adds `loader = guardLoader(handle)` itself: a
 * server-only loader must be declared in the route module for the build to strip it.
 */
export function cashboxRoute(mode: Mode, gtmPlace: string, titleKey: string) {
  const handle: RouteHandle = { requiresAuth: true, popup: true, isCashbox: true, gtmPlace };
  function CashboxRoute() {
    const { user } = useCurrentUser();
    const data = useLoaderData() as { fromSignUp?: boolean } | null;
    if (!user) return null;
    return <CashboxPopup mode={mode} currency={user.currency} fromSignUp={Boolean(data?.fromSignUp)} />;
  }
  return {
    handle,
    clientLoader: async ({ request }: ClientLoaderFunctionArgs) => {
      enforceGuardInBrowser(handle, request);
      return { fromSignUp: comingFromSignUp() };
    },
    meta: pageMeta(`cashbox:meta.${titleKey}`, 'cashbox:meta.description'),
    Component: CashboxRoute,
  };
}
