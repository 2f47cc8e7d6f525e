import { useLoaderData, type ClientLoaderFunctionArgs } from 'react-router';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { CashboxPopup, comingFromSignUp } from '../../features/cashbox/components/cashbox-popup';
import { enforceGuardInBrowser } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, popup: true, isCashbox: true, gtmPlace: 'deposit' };
export const loader = guardLoader(handle);
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  enforceGuardInBrowser(handle, request);
  return { fromSignUp: comingFromSignUp() };
}
export const meta = pageMeta('cashbox:meta.deposit_title', 'cashbox:meta.description');

/** /deposit: the deposit steps in the cashbox popup (login required, SPEC §2). */
export default function DepositRoute() {
  const { user } = useCurrentUser();
  const data = useLoaderData() as { fromSignUp?: boolean } | null;
  if (!user) return null;
  return <CashboxPopup mode="deposit" currency={user.currency} fromSignUp={Boolean(data?.fromSignUp)} />;
}
