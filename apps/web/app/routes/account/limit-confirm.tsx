import { useSearchParams } from 'react-router';
import { LimitConfirm } from '../../features/limits/components/limit-confirm';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

// Signed out, the guard sends the player to log in and back here with the token.
export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'limits_confirm', noindex: true };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('limits:meta.confirm_title', 'limits:meta.description');

/** /profile/limits/confirm?token=…: confirms a parked limit change from the mailed link (docs/limits.md#changing-a-limit). */
export default function LimitConfirmRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  const [params] = useSearchParams();
  if (!user) return null;
  return <LimitConfirm token={params.get('token') ?? ''} locale={locale} />;
}
