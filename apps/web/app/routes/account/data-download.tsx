import { useSearchParams } from 'react-router';
import { DataDownload } from '../../features/account/components/data-download';
import { useLocale } from '../../i18n/use-locale';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import { useCurrentUser } from '../../lib/player/use-current-user';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

// Signed out, the guard sends the player to log in and back here with the token.
export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'data_download', noindex: true };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('privacy:meta.download_title', 'privacy:meta.description');

/** /profile/data/download?token=…: the mailed one-time link to the player's copy of their data (docs/privacy.md). */
export default function DataDownloadRoute() {
  const { user } = useCurrentUser();
  const locale = useLocale();
  const [params] = useSearchParams();
  if (!user) return null;
  return <DataDownload token={params.get('token') ?? ''} locale={locale} />;
}
