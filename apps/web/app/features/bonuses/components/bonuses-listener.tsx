import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toasts } from '../../../components/toast/toast-store';
import { href } from '../../../config/paths';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { useRealtimeChannel, useRealtimeClient } from '../../../lib/realtime';
import { bonusKeys } from '../api/query-keys';
import { reachesToastMinimum, wagerFreeCents } from '../lib/bonuses-logic';
import { headline } from '../lib/rule-text';

/**
 * The bonus pushes of the site layout (docs/bonuses.md#the-calls, Realtime): every
 * `bonuses_changes` reloads the gifts (the wallets reload in the realtime provider); a new gift is
 * announced, and money that became freely withdrawable shows the wager-free toast once it reaches
 * its currency's minimum; `freespins_changes` reloads the packs. Mount once in the layout.
 */
export function BonusesListener({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('bonuses');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  // One announcement per bonus and stage, should a push come twice.
  const announced = useRef(new Set<string>());

  useRealtimeChannel(
    'bonuses_changes',
    (bonus) => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      const once = `${bonus.id}:${bonus.stage}`;
      if (announced.current.has(once)) return;
      if (bonus.stage === 'issued') {
        announced.current.add(once);
        const title = bonus.title || (bonus.terms ? headline(bonus.terms, i18n) : '');
        toasts.add({ type: 'success', text: t('toasts.issued', { title }), url: href('gifts', locale) });
        return;
      }
      const freed = wagerFreeCents(bonus);
      if (freed !== null && reachesToastMinimum(freed, bonus.currency)) {
        announced.current.add(once);
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
