// First: before any module builds a zod schema (see the module).
import './lib/zod-jitless';
import { useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from './i18n/runtime';
import {
  data,
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from './config/constants';
import { createI18n } from './i18n/create-i18n';
import { localeFromPath } from './i18n/locale-path';
import { loadLocaleResources } from './i18n/resources.server';
import { ErrorPage } from './components/layout/error-page';
import { RouteLinks } from './components/layout/route-links';
import { SandboxRibbon } from './components/layout/sandbox-ribbon';
import { GameFrameHost } from './features/games/frame/frame-host';
import { ApiProvider, getBrowserApi, getServerApi } from './lib/api-context';
import type { Account, Player } from './lib/api-types';
import { getBrowserBoot, rememberBoot, useOptionalBoot, type BootData } from './lib/boot';
import { cookieString } from './lib/cookies';
import { useNonce } from './lib/nonce';
import { getQueryClient } from './lib/query-client';
import { QUERY_KEYS } from './lib/query-keys';
import { RealtimeProvider } from './lib/realtime/realtime-provider';
import type { RouteHandle } from './lib/route-guards';
import { buildSeoLinks, isNoindexPath } from './lib/seo';
import { loadServerData } from './lib/server-data.server';
import { requireSsrContext } from './lib/ssr-context';
import './styles/tokens.css';
import './styles/global.css';
import './styles/shell.css';

/**
 * Start data of every page (docs/player-app.md#server-side-start): the locale from the first URL segment,
 * that locale's translations (all namespaces, so the browser initialises translations without a second
 * request), and /json-api/serverdata (settings, user, restricted region, currencies, countries).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  // `url` is the page's URL; a data request's raw `request.url` ends in `.data` (v8_passThroughRequests).
  const locale = localeFromPath(url.pathname);
  const ssr = requireSsrContext(context);
  const server = await loadServerData(context, request, locale);
  const user = server.user && typeof server.user === 'object' && 'id' in server.user ? (server.user as Player) : null;
  // The header shows the balance in the first paint, so a signed-in player's wallets come along.
  const accounts = user
    ? await getServerApi(context)
        .get<Account[]>('/api/player/accounts?compatibility=false')
        .catch(() => null)
    : null;
  const boot: BootData = {
    locale,
    resources: loadLocaleResources(locale),
    publicUrl: ssr.publicUrl ?? url.origin,
    country: server.country ?? ssr.country ?? null,
    isBot: Boolean(ssr.isBot),
    restricted: Boolean(server.restricted),
    sandbox: Boolean(server.payments_sandbox),
    settings: server.settings ?? {},
    currencies: server.currencies ?? [],
    // Codes only: the names are the page language's `countries` translations (in `resources`), the
    // same text on the server and in the browser (docs/web-shell.md).
    countryCodes: (server.countries ?? []).map((c) => c.code.toUpperCase()),
    user,
    accounts: Array.isArray(accounts) ? accounts : null,
  };
  // A game frame's URL has no locale prefix (its language comes as ?locale=), so loading it must not
  // reset the player's language cookie to the default.
  if (isGameFramePath(url.pathname)) return data(boot);
  return data(boot, { headers: { 'Set-Cookie': cookieString(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_S) } });
}

/**
 * Client navigations reuse the boot data; only a locale change re-runs this, and then loads that
 * locale's translation chunks in the browser instead of asking the server again.
 */
export async function clientLoader({ url, serverLoader }: Route.ClientLoaderArgs): Promise<BootData> {
  const boot = getBrowserBoot();
  if (!boot) return serverLoader();
  const locale = localeFromPath(url.pathname);
  if (locale === boot.locale) return boot;
  // The per-file import map is only needed on a locale switch, so it is not in the first page's JS.
  const { fetchLocaleResources } = await import('./i18n/resources.client');
  const resources = await fetchLocaleResources(locale);
  document.cookie = cookieString(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_S);
  return { ...boot, locale, resources };
}

/** The in-frame game document (its page shows the ribbon around it, so the frame does not). */
const isGameFramePath = (pathname: string) => /^\/games\/[^/]+\/\d+\/?$/.test(pathname);

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

/** Canonical, hreflang alternates and robots for every page, in the server HTML (docs/player-app.md#seo). */
function SeoLinks() {
  const boot = useOptionalBoot();
  const { pathname } = useLocation();
  const matches = useMatches();
  if (!boot) return <meta name="robots" content="noindex" />;
  const noindex = isNoindexPath(pathname) || matches.some((m) => (m.handle as RouteHandle | undefined)?.noindex);
  return (
    <>
      {noindex && <meta name="robots" content="noindex, follow" />}
      {buildSeoLinks(boot.publicUrl, pathname).map((link) => (
        <link key={`${link.rel}:${link.hrefLang ?? ''}`} rel={link.rel} href={link.href} hrefLang={link.hrefLang} />
      ))}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const boot = useOptionalBoot();
  const { pathname } = useLocation();
  const locale = boot?.locale ?? localeFromPath(pathname);
  const nonce = useNonce();
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0a0c16" />
        {/* The site files (docs/web-shell.md#site-files): /favicon.ico for what asks for it by name. */}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <SeoLinks />
        {/* <Links>, keeping the stylesheets of the page behind a popup route. */}
        <RouteLinks nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const boot = loaderData as BootData;
  rememberBoot(boot);
  // One cache per browser session (and per server render), seeded with the SSR player.
  const [queryClient] = useState(() => {
    const qc = getQueryClient();
    if (qc.getQueryData(QUERY_KEYS.player) === undefined) qc.setQueryData(QUERY_KEYS.player, boot.user);
    if (boot.accounts && qc.getQueryData(QUERY_KEYS.accounts) === undefined)
      qc.setQueryData(QUERY_KEYS.accounts, boot.accounts);
    return qc;
  });
  const i18n = useMemo(() => createI18n(boot.locale, boot.resources), [boot.locale, boot.resources]);
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={getBrowserApi()}>
        <I18nProvider i18n={i18n}>
          <RealtimeProvider>
            {boot.sandbox && <SandboxRibbonUnlessFramed />}
            <Outlet />
            {/* Above the routes, so a running game survives navigation (docs/player-app.md#game-frame). */}
            <GameFrameHost />
          </RealtimeProvider>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}

function SandboxRibbonUnlessFramed() {
  const { pathname } = useLocation();
  return isGameFramePath(pathname) ? null : <SandboxRibbon />;
}

/** Last-resort boundary (root loader failed or a render crashed outside the layout). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const boot = useOptionalBoot();
  const { pathname } = useLocation();
  const locale = boot?.locale ?? localeFromPath(pathname);
  const i18n = useMemo(() => createI18n(locale, boot?.resources ?? {}), [locale, boot?.resources]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== 'undefined') console.error(error);
  return (
    <I18nProvider i18n={i18n}>
      <main id="main">
        <ErrorPage kind={notFound ? 'not-found' : 'oops'} locale={locale} />
      </main>
    </I18nProvider>
  );
}
