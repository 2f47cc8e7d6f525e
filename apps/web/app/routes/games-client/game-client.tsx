import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isLocale, type Locale } from '@croupier/shared/locales';
import type { Route } from './+types/game-client';
import type { LocaleResources } from '../../i18n/config';
import { createI18nRuntime, I18nProvider, useTranslation } from '../../i18n/runtime';
import { GameApp, GameSkeleton } from '../../games-client/components/game-app';
import type { RouteHandle } from '../../lib/route-guards';

/**
 * /games/{gameSlug}/{id}: the game client shown inside the site's game frame (docs/player-app.md#game-frame). It sits
 * outside the site layout (no header or footer: it is an iframe document) and the server renders
 * only a skeleton: the session, balance and round come from the games host in the browser.
 */
export const handle = { noindex: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => [{ title: 'Croupier' }, { name: 'robots', content: 'noindex' }];

/**
 * The frame URL carries no locale prefix, so the root renders the default language; the frame may
 * pass `?locale=de` and the game then loads that language's strings in the browser.
 */
function LocaleOverride({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const wanted = params.get('locale');
  const { i18n } = useTranslation('games');
  const [loaded, setLoaded] = useState<{ locale: Locale; resources: LocaleResources } | null>(null);
  const target = wanted && isLocale(wanted) && wanted !== i18n.language ? wanted : null;
  useEffect(() => {
    if (!target) return;
    let cancelled = false;
    void import('../../i18n/resources.client')
      .then(({ fetchLocaleResources }) => fetchLocaleResources(target))
      .then((resources) => {
        if (!cancelled) setLoaded({ locale: target, resources });
      });
    return () => {
      cancelled = true;
    };
  }, [target]);
  const runtime = useMemo(() => (loaded ? createI18nRuntime(loaded.locale, loaded.resources) : null), [loaded]);
  if (target && !runtime) return <GameSkeleton label={i18n.t('games:loading')} />;
  return runtime ? <I18nProvider i18n={runtime}>{children}</I18nProvider> : <>{children}</>;
}

const noSubscribe = () => () => {};

export default function GameClientPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation('games');
  // false in the server render and during hydration, true afterwards: the game starts in the browser.
  const browser = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  if (!browser) return <GameSkeleton label={t('loading')} />;
  return (
    <LocaleOverride>
      <GameApp key={`${params.gameSlug}/${params.id}`} gameSlug={params.gameSlug} launchId={params.id} />
    </LocaleOverride>
  );
}
