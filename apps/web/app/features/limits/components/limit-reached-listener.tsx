import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameLimitsEvent, UserLimit } from '@croupier/shared/api/limits';
import { limitAccountReached } from '@croupier/shared/limits';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toasts } from '../../../components/toast/toast-store';
import { localePath, splitLocale } from '../../../i18n/locale-path';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/runtime';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { resetSession } from '../../../lib/session';
import { useRealtimeChannel } from '../../../lib/realtime';
import { limitsQueryOptions } from '../api/get-limits';
import { bindingBreak, breakNotice } from '../lib/break-notice';

const LIMITS_PATH = '/users/limits';

/** A money limit is reached when nothing is left on one of its accounts (docs/limits.md#what-counts). */
export function anyMoneyLimitReached(limits: readonly UserLimit[] | undefined): boolean {
  return (limits ?? []).some((l) => l.accounts.some(limitAccountReached));
}

/**
 * The reached-limit warning (docs/limits.md#telling-the-player): while any of the signed-in
 * player's money limits is used up, a warning toast stays on every page until it is dismissed or
 * the limit starts again. A `game_limits` push makes the list be read again (the game page's gate
 * reads the same cache and leaves the game); a session limit that signed this session out says so
 * (only that session hears it), and the page asks who is signed in now. Mount once in the site layout.
 */
export function LimitReachedListener({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('limits');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const limits = useQuery({ ...limitsQueryOptions(useApi()), enabled, staleTime: 60_000 });
  const shown = useRef<number | null>(null);
  // Where the page is when a push arrives (useRealtimeChannel calls the latest handler).
  const { pathname } = useLocation();
  const reached = enabled && anyMoneyLimitReached(limits.data);

  useRealtimeChannel(
    'game_limits',
    (event: GameLimitsEvent) => {
      // Read again rather than stored: the list a push carries cannot say when this page's own
      // session reaches a session limit (`ends_at`), which only the page's own request can.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.limits, exact: true });
      if (event.reason === 'session_ended') {
        toasts.add({ type: 'warning', text: t('reached.session_ended'), time: 0 });
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true });
      } else if (event.reason === 'break_started') {
        // Signed out here too, and any game is left. The limits page says where the player stands
        // (this tab may be the one that started it, the push comes before the answer); elsewhere a
        // warning says why.
        const started = bindingBreak(event.limits);
        if (started) breakNotice.set(started);
        if (splitLocale(pathname).path !== LIMITS_PATH)
          toasts.add({ type: 'warning', text: t('reached.break_started'), time: 0 });
        resetSession(queryClient);
      }
    },
    enabled,
  );

  useEffect(() => {
    const open = shown.current !== null && toasts.getState().some((toast) => toast.id === shown.current);
    if (reached && !open) {
      shown.current = toasts.add({
        type: 'warning',
        text: t('reached.toast'),
        url: localePath(LIMITS_PATH, locale),
        time: 0,
      });
    } else if (!reached && shown.current !== null) {
      toasts.remove(shown.current);
      shown.current = null;
    }
  }, [reached, t, locale]);

  return null;
}
