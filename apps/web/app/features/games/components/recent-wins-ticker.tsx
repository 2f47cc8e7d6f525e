import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { WinEvent } from '@croupier/shared/realtime';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel';
import { useLocalePath } from '../hooks/use-locale-path';
import { paths } from '../utils/paths';
import './recent-wins-ticker.css';

/** How many wins the ticker keeps (the server's list is as long). */
export const MAX_WINS = 20;
/** A screen reader hears at most one new win per this interval, however fast wins arrive. */
export const ANNOUNCE_EVERY_MS = 30_000;

const winnersKey = ['games', 'winners-latest'] as const;

/** `GET /api/stats/winners/latest` (docs/api-shapes.md#jackpots-and-winners): a bare array, newest first. */
export function getLatestWinners(api: ApiClient): Promise<WinEvent[]> {
  return api.get<WinEvent[]>('/api/stats/winners/latest');
}

const winnersQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: winnersKey, queryFn: () => getLatestWinners(api), staleTime: 60_000 });

const winKey = (w: WinEvent) => `${w.at}|${w.game_identifier}|${w.nickname}|${w.win_amount_cents}|${w.currency}`;

/** A pushed win on top of the list: newest first, no repeats (a push may race the REST load), at most MAX_WINS. */
export function prependWin(list: readonly WinEvent[], win: WinEvent): WinEvent[] {
  const key = winKey(win);
  return [win, ...list.filter((w) => winKey(w) !== key)].slice(0, MAX_WINS);
}

/** The game page of a `provider/seo` identifier; a bare name goes through /play/{name}, which redirects. */
export function gamePath(identifier: string): string {
  const slash = identifier.indexOf('/');
  if (slash <= 0) return `/play/${encodeURIComponent(identifier)}`;
  return paths.game({ provider: identifier.slice(0, slash), seo_title: identifier.slice(slash + 1) });
}

/**
 * The lobby's recent-wins ticker: the latest wins over REST, then each `public:wins` push on top.
 * The list itself is not a live region (twenty updates a minute would drown a screen reader); a
 * separate polite region reads out at most one win per ANNOUNCE_EVERY_MS. Pause (WCAG 2.2.2)
 * freezes the list and the announcements; new wins keep collecting underneath.
 */
export function RecentWinsTicker() {
  const { t } = useTranslation('lobby');
  const locale = useLocale();
  const href = useLocalePath();
  const api = useApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const wins = useQuery(winnersQueryOptions(api));
  const [frozen, setFrozen] = useState<readonly WinEvent[] | null>(null);
  const [pushed, setPushed] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastAnnounced = useRef(0);
  const paused = frozen !== null;
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useRealtimeChannel('public:wins', (win) => {
    queryClient.setQueryData<WinEvent[]>(winnersKey, (list) => prependWin(list ?? [], win));
    // Only the keys still on the list matter; the set stays as short as the list.
    setPushed((keys) => new Set([...keys].slice(-MAX_WINS)).add(winKey(win)));
    if (pausedRef.current) return;
    pending.current = t('wins.announce', {
      nickname: win.nickname,
      amount: formatMoney(win.win_amount_cents, win.currency, locale),
      game: win.game_title,
    });
    if (timer.current) return;
    const wait = Math.max(0, lastAnnounced.current + ANNOUNCE_EVERY_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      if (pausedRef.current || pending.current === null) return;
      lastAnnounced.current = Date.now();
      setAnnouncement(pending.current);
      pending.current = null;
    }, wait);
  });

  const shown = frozen ?? wins.data ?? [];
  if (wins.isError && shown.length === 0) return null;

  const togglePause = () => {
    if (paused) {
      setFrozen(null);
      return;
    }
    pending.current = null;
    setFrozen(wins.data ?? []);
  };

  return (
    <section className="wins-ticker" aria-labelledby={headingId}>
      <div className="wins-ticker__head">
        <h2 id={headingId} className="wins-ticker__title">
          {t('wins.title')}
        </h2>
        <button type="button" className="btn btn--ghost btn--sm wins-ticker__pause" onClick={togglePause}>
          {paused ? t('wins.resume') : t('wins.pause')}
        </button>
      </div>
      {wins.isPending && shown.length === 0 ? (
        <p className="wins-ticker__note">{t('wins.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="wins-ticker__note">{t('wins.empty')}</p>
      ) : (
        <ol className="wins-ticker__list" aria-label={t('wins.list')}>
          {shown.map((win) => (
            <li
              key={winKey(win)}
              className={`wins-ticker__item${pushed.has(winKey(win)) ? ' wins-ticker__item--new' : ''}`}
            >
              <span className="wins-ticker__amount">{formatMoney(win.win_amount_cents, win.currency, locale)}</span>
              <span className="wins-ticker__nickname">{win.nickname}</span>
              <Link className="wins-ticker__game" to={href(gamePath(win.game_identifier))}>
                {win.game_title}
              </Link>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}
