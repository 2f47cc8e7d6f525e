import { DEFAULT_LOCALE, matchLocale } from '@croupier/shared/locales';
import { Outlet, data, redirect } from 'react-router';
import type { Route } from './+types/_locale';
import { errorAwareMeta } from '../lib/seo';
import { ErrorBoundary as LayoutErrorBoundary } from './_layout';

/**
 * The `/:lang` prefix of every non-default locale. An unknown first segment is a missing page
 * (404, shown in the site layout by the boundary below), and the default language's prefix
 * (`/en/...`) redirects to the unprefixed URL.
 */
function check(params: { lang?: string }, url: string) {
  const locale = matchLocale(params.lang);
  if (!locale) throw data(null, { status: 404 });
  if (locale === DEFAULT_LOCALE) {
    const { pathname, search } = new URL(url);
    throw redirect(`${pathname.replace(/^\/[^/]+/, '') || '/'}${search}`, 301);
  }
  return null;
}

export function loader({ params, url }: Route.LoaderArgs) {
  return check(params, url.href);
}

export function clientLoader({ params, url }: Route.ClientLoaderArgs) {
  return check(params, url.href);
}

export default function LocalePrefix() {
  return <Outlet />;
}

/** Only an error ends here (every page below has its own meta): the 404 or oops title. */
export const meta = errorAwareMeta(() => []);

/** `/nope` and `/xx/yy` match this prefix before the layout: their 404 gets the header and navigation too. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorBoundary error={error} />;
}
