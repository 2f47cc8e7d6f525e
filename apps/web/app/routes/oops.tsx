import { ErrorPage } from '../components/layout/error-page';
import { useLocale } from '../i18n/use-locale';
import type { RouteHandle } from '../lib/route-guards';
import { pageMeta } from '../lib/seo';

export const handle: RouteHandle = { noindex: true, gtmPlace: 'oops' };
export const meta = pageMeta('common:meta.oops_title');

/** /oops: the generic error page (also where the AU age card's "Decline" leads). */
export default function Oops() {
  return <ErrorPage kind="oops" locale={useLocale()} />;
}
