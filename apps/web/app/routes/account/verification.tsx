import { VerificationPage } from '../../features/verification/components/verification-page';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'verification' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('verification:meta.title', 'verification:meta.description');

/** /users/verification: the player's verification documents and status (docs/verification.md). */
export default function VerificationRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return <VerificationPage verified={user.verified} locale={locale} />;
}
