import { data } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { useLocale } from '../i18n/use-locale';
import type { RouteHandle } from '../lib/route-guards';
import { pageMeta } from '../lib/seo';

export const handle: RouteHandle = { noindex: true };
export const meta = pageMeta('common:meta.not_found_title');

/** Unknown paths answer 404 on the server render. */
export function loader() {
  return data(null, { status: 404 });
}

export function clientLoader() {
  return null;
}

export default function NotFound() {
  return <ErrorPage kind="not-found" locale={useLocale()} />;
}
