import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { PlayerBonus } from '@croupier/shared/api/bonuses';
import { useNavigate } from 'react-router';
import { toasts } from '../../../components/toast/toast-store';
import { cashbackHref, href } from '../../../config/paths';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { useRealtimeChannel, useRealtimeClient } from '../../../lib/realtime';
import { useApi } from '../../../lib/api-context';
import { bonusesQueryOptions } from '../api/get-bonuses';
import { bonusKeys } from '../api/query-keys';
import { markCashbackOffered, wasCashbackOffered } from '../lib/cashback-offers';
import { announceOnce, isClaimableCashback, reachesToastMinimum, wagerFreeCents } from '../lib/bonuses-logic';
import { bonusDisplayTitle } from '../lib/rule-text';

/**
 * The bonus pushes of the site layout (docs/bonuses.md#the-calls, Realtime): every
 * `bonuses_changes` reloads the gifts (the wallets reload in the realtime provider); a new gift is
 * announced, and money that became freely withdrawable shows the wager-free toast once it reaches
 * its currency's minimum; `freespins_changes` reloads the packs. An issued cashback opens its popup
 * (`/cashback/{id}`) once per browser session, whether it arrives as a push or is found among the
 * gifts (the weekly job mostly runs while the player is away); over another popup it is announced
 * with a link instead. Mount once in the layout.
 */
export function BonusesListener({ enabled, popupOpen = false }: { enabled: boolean; popupOpen?: boolean }) {
  const { t, i18n } = useTranslation('bonuses');
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const api = useApi();

  const offerCashback = useCallback(
    (id: number, amount: string) => {
      if (wasCashbackOffered(id)) return;
      markCashbackOffered(id);
      if (popupOpen)
        toasts.add({ type: 'success', text: t('toasts.cashback', { amount }), url: cashbackHref(id, locale) });
      else void navigate(cashbackHref(id, locale));
    },
    [popupOpen, navigate, locale, t],
  );

  // Once per sign-in, the gifts are read for a cashback issued while the player was away. Read, not
  // watched: an observer here would reload the list after every counted bet's push.
  const [waiting, setWaiting] = useState<PlayerBonus | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    queryClient.fetchQuery(bonusesQueryOptions(api)).then(
      (list) => {
        if (!cancelled) setWaiting(list.find(isClaimableCashback) ?? null);
      },
      // The popup waits for the next push or visit; the gifts page shows its own error.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, queryClient, api]);
  useEffect(() => {
    if (waiting && !popupOpen) offerCashback(waiting.id, formatMoney(waiting.amount_cents, waiting.currency, locale));
  }, [waiting, popupOpen, offerCashback, locale]);

  useRealtimeChannel(
    'bonuses_changes',
    (bonus) => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      const once = `${bonus.id}:${bonus.stage}`;
      if (isClaimableCashback(bonus)) {
        offerCashback(bonus.id, formatMoney(bonus.amount_cents, bonus.currency, locale));
        return;
      }
      if (bonus.stage === 'issued') {
        if (!announceOnce(once)) return;
        const title = bonusDisplayTitle(bonus, i18n);
        toasts.add({ type: 'success', text: t('toasts.issued', { title }), url: href('gifts', locale) });
        return;
      }
      const freed = wagerFreeCents(bonus);
      if (freed !== null && reachesToastMinimum(freed, bonus.currency) && announceOnce(once)) {
        toasts.add({
          type: 'success',
          text: t('toasts.wager_free', { amount: formatMoney(freed, bonus.currency, locale) }),
        });
      }
    },
    enabled,
  );

  useRealtimeChannel(
    'freespins_changes',
    () => void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins }),
    enabled,
  );

  // Pushes missed while the socket was away are not replayed: the lists are read again.
  useEffect(() => {
    if (!client || !enabled) return;
    return client.onResync(() => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins });
    });
  }, [client, enabled, queryClient]);

  return null;
}
