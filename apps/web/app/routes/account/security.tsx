import { SecurityPage } from '../../features/account/components/security-page';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'security' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('security:meta.title', 'security:meta.description');

/** /users/security: password, e-mail, two-factor with recovery codes, active sessions (docs/auth.md). */
export default function SecurityRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  if (!user) return null;
  return <SecurityPage user={user} locale={locale} />;
}
