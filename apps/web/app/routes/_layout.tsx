import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ContextType,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/runtime';
import {
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useNavigate,
  useOutlet,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
} from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { Footer } from '../components/layout/footer';
import { GlobalLoader } from '../components/layout/global-loader';
import { Header } from '../components/layout/header';
import { RouteAnnouncer } from '../components/layout/route-announcer';
import { useIdleTitle } from '../components/layout/use-idle-title';
import { modals } from '../components/modal/modals';
import { historyIndex, PageBehindContext } from '../components/modal/popup-route';
import { ToastRegion } from '../components/toast/toast-region';
import { toasts } from '../components/toast/toast-store';
import { AFFILIATE_COOKIE, AFFILIATE_COOKIE_MAX_AGE_S } from '../config/constants';
import { href } from '../config/paths';
import { splitBalance } from '../lib/player/balance';
import { currentAccount, useAccounts } from '../lib/player/get-accounts';
import { updateLocale } from '../features/account/api/update-player';
import { BonusesListener } from '../features/bonuses/components/bonuses-listener';
import { WageringMeter } from '../features/bonuses/components/wagering-meter';
import { JackpotWinListener } from '../features/jackpots/jackpot-win-popup';
import { LimitReachedListener } from '../features/limits/components/limit-reached-listener';
import { AuthFieldsModal, missingDetails } from '../features/profile/components/auth-fields-modal';
import { signOut } from '../features/auth/api/auth-calls';
import { HASH_MODALS } from '../features/auth/hash-modal-forms.client';
import { useCurrentUser } from '../lib/player/use-current-user';
import { formatMoney } from '../i18n/format';
import { localePath, splitLocale } from '../i18n/locale-path';
import { useLocale } from '../i18n/use-locale';
import { useApi, setUnauthorizedHandler } from '../lib/api-context';
import { useBoot } from '../lib/boot';
import { cookieString } from '../lib/cookies';
import { setCurrentPath } from '../lib/guard-client';
import { handleHash } from '../lib/hash-modals';
import { RESTRICTED_NOTICE_PARAM, type RouteHandle } from '../lib/route-guards';
import { QUERY_KEYS } from '../lib/query-keys';
import { resetSession } from '../lib/session';
import { errorAwareMeta, pageMeta } from '../lib/seo';

/** Fallback title and description for pages without their own `meta`, and the title of an error. */
export const meta = errorAwareMeta(pageMeta('common:meta.default_title'));

// The modal host and the hash-opened auth forms (HASH_MODALS) load on demand: they are not part of the first page's JavaScript.
const ModalHost = lazy(() => import('../components/modal/modal-host').then((m) => ({ default: m.ModalHost })));
const noModals = () => false;

/** Every page of the site, in the app shell. */
export default function AppLayout() {
  return (
    <AppShell>
      <PageAndPopup />
    </AppShell>
  );
}

/**
 * A page that fails to load or render (a missing collection, a crash) still has the header, the
 * navigation and the footer around its error. The `:lang` prefix route uses it for unknown
 * prefixes (`/nope`, `/xx/yy`), which never reach this layout.
 */
export function ErrorBoundary({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <AppShell>
      <ErrorPage kind={notFound ? 'not-found' : 'oops'} locale={useLocale()} />
    </AppShell>
  );
}

interface PageBehind {
  element: ReactNode;
  routerState: ContextType<typeof DataRouterStateContext>;
  location: ContextType<typeof LocationContext>;
  historyIndex: number;
}

/**
 * The routed content. A popup route (docs/player-app.md#popup-routes: /sign-in, /deposit, …) opens its modal over the page
 * it was opened from, which stays mounted and rendered as it was: its element, router state and
 * location are kept from its last settled render and handed back to it while the popup is open,
 * so it neither empties nor re-renders with the popup's URL, the opener keeps the focus to return
 * to, and closing the popup finds the same page (state, scroll) again. A popup that is the first
 * page of the visit has nothing behind it and shows its own backdrop.
 */
function PageAndPopup() {
  const matches = useMatches();
  const popup = matches.some((m) => (m.handle as RouteHandle | undefined)?.popup);
  const outlet = useOutlet();
  const routerState = useContext(DataRouterStateContext);
  const location = useContext(LocationContext);
  const [behind, setBehind] = useState<PageBehind | null>(null);
  // Remembered during render (React's "state from the previous render" pattern), so the very render
  // that opens the popup already has the page to keep.
  if (!popup && routerState?.navigation.state === 'idle' && behind?.routerState !== routerState)
    setBehind({ element: outlet, routerState, location, historyIndex: historyIndex() });
  const over = popup ? behind : null;
  return (
    <PageBehindContext.Provider value={over ? { historyIndex: over.historyIndex } : null}>
      <DataRouterStateContext.Provider value={over ? over.routerState : routerState}>
        <LocationContext.Provider value={over ? over.location : location}>
          {over ? over.element : outlet}
        </LocationContext.Provider>
      </DataRouterStateContext.Provider>
      {over && <div className="app__popup">{outlet}</div>}
    </PageBehindContext.Provider>
  );
}

/** The app shell: header, main, footer, and the global UI (modals, toasts, loader, idle title). */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const api = useApi();
  const boot = useBoot();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const { user, isLoggedIn } = useCurrentUser();
  const accounts = useAccounts(isLoggedIn);
  const currentPath = `${location.pathname}${location.search}`;
  const hasModals = useSyncExternalStore(modals.subscribe, () => modals.getState().length > 0, noModals);

  useIdleTitle([t('idle.title_1'), t('idle.title_2')]);

  // Where a cancelled navigation returns to (route guards in clientLoaders).
  useEffect(() => setCurrentPath(currentPath), [currentPath]);

  // docs/player-app.md#errors-and-toasts: any 401 forgets the session and sends the player to login.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const wasSignedIn = Boolean(queryClient.getQueryData<{ id?: number } | null>(QUERY_KEYS.player)?.id);
      resetSession(queryClient);
      if (wasSignedIn) toasts.add({ type: 'warning', text: t('errors.session_expired') });
      const here = `${window.location.pathname}${window.location.search}`;
      if (splitLocale(window.location.pathname).path !== '/login')
        void navigate(href('login', locale, { redirect: here }));
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, navigate, locale, t]);

  // A code-opened modal belongs to the page it was opened on.
  useEffect(() => {
    modals.closeAll({ immediate: true });
  }, [location.pathname]);

  // URL hashes open the auth modals; the hash is cleared after 1 s (docs/player-app.md#url-hashes).
  useEffect(
    () =>
      handleHash(location.hash, {
        open(hash) {
          const spec = HASH_MODALS[hash];
          if (spec.guestOnly && isLoggedIn) return;
          if (boot.restricted && !isLoggedIn) {
            toasts.add({ type: 'warning', text: t(`restricted.${spec.restriction}`) });
            return;
          }
          for (const other of Object.values(HASH_MODALS))
            if (other.name !== spec.name) modals.close(other.name, { immediate: true });
          modals.open(spec.name, spec.component, { mode: 'modal' }, { title: t(spec.title), fullScreenMobile: true });
        },
        clear: () =>
          window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`),
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as number),
      }) ?? undefined,
    // Only a new location (or hash) opens a modal, not a later sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.key, location.hash],
  );

  // A server-side guard redirect asks for the restriction toast with ?restricted=<kind>.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const notice = params.get(RESTRICTED_NOTICE_PARAM);
    const stag = params.get('stag');
    if (stag) document.cookie = cookieString(AFFILIATE_COOKIE, stag, AFFILIATE_COOKIE_MAX_AGE_S);
    if (notice !== 'login' && notice !== 'registration') return;
    toasts.add({ type: 'warning', text: t(`restricted.${notice}`) });
    params.delete(RESTRICTED_NOTICE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.pathname, location.hash, navigate, t]);

  const account = currentAccount(accounts.data, user?.currency);
  const balance = account ? formatMoney(account.amount_cents, account.currency, locale) : null;
  const parts = account ? splitBalance(account) : null;
  const balanceParts =
    account && parts && parts.bonusCents > 0
      ? {
          cash: formatMoney(parts.cashCents, account.currency, locale),
          bonus: formatMoney(parts.bonusCents, account.currency, locale),
        }
      : null;
  const playerName = user ? user.nickname || user.email.split('@')[0] || user.email : null;

  async function onSignOut() {
    await signOut(api);
    resetSession(queryClient);
    toasts.add({ type: 'success', text: t('auth:signed_out') });
    const guarded = matches.some((m) => (m.handle as RouteHandle | undefined)?.requiresAuth);
    if (guarded) void navigate(href('home', locale), { replace: true });
  }

  async function onLocaleSelect(next: typeof locale, to: string) {
    if (isLoggedIn) await updateLocale(api, next).catch((error: unknown) => console.warn('UPDATE_LOCALE_ERROR', error));
    await navigate(to);
  }

  return (
    <div className="app">
      <GlobalLoader />
      <Header
        locale={locale}
        currentPath={currentPath}
        playerName={playerName}
        balance={balance}
        balanceParts={balanceParts}
        wagering={
          user ? (
            <WageringMeter
              game={null}
              currency={user.currency}
              locale={locale}
              variant="compact"
              enabled={isLoggedIn}
            />
          ) : null
        }
        onSignOut={() => void onSignOut()}
        onLocaleSelect={(l, to) => void onLocaleSelect(l, to)}
      />
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
      <RouteAnnouncer />
      <Footer locale={locale} currentPath={localePath(currentPath, locale)} year={new Date().getFullYear()} />
      {hasModals && (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      )}
      <ToastRegion />
      <JackpotWinListener enabled={isLoggedIn} />
      <LimitReachedListener enabled={isLoggedIn} />
      <BonusesListener
        enabled={isLoggedIn}
        popupOpen={matches.some((m) => (m.handle as RouteHandle | undefined)?.popup)}
      />
      {/* Mounted only for a player who owes a field: every other page skips its form state and country list. */}
      {user && missingDetails(user).length > 0 && <AuthFieldsModal user={user} countryCodes={boot.countryCodes} />}
    </div>
  );
}
