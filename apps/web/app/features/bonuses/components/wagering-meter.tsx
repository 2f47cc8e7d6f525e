import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { href } from '../../../config/paths';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useRealtimeChannel, useRealtimeClient } from '../../../lib/realtime';
import { useWagering, type WageringResponse } from '../api/get-wagering';
import { bonusKeys } from '../api/query-keys';
import { meterFigures, mergeWageringPush } from '../lib/bonuses-logic';
import { formatPercent } from '../lib/rule-text';
import './bonuses.css';

export interface WageringMeterProps {
  /** The game being played (its identifier), for how much it counts; null outside a game. */
  game: string | null;
  /** The wallet the player plays from: only its bonus is shown. */
  currency: string;
  locale: Locale;
  /** `full`: the sentence and a bar (the game page's toolbar); `compact`: a small link to the gifts (the header). */
  variant: 'full' | 'compact';
  /** Signed in: a guest has nothing to wager. */
  enabled: boolean;
}

/**
 * The wagering meter (docs/bonuses.md#what-the-player-sees): "€34.50 of €350.00 wagered · this game
 * counts 100 % · max bet €5.00 · 12 days left", from the wagering call and then from every
 * `bonuses_changes` push, so the player sees what is left at every moment. Renders nothing while no
 * bonus is being wagered in this currency.
 */
export function WageringMeter({ game, currency, locale, variant, enabled }: WageringMeterProps) {
  const { t, i18n } = useTranslation('bonuses');
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const key = bonusKeys.wagering(game);
  const wagering = useWagering(game, enabled);

  useRealtimeChannel(
    'bonuses_changes',
    (bonus) => {
      const { next, refetch } = mergeWageringPush(queryClient.getQueryData<WageringResponse>(key), bonus);
      if (next) queryClient.setQueryData<WageringResponse>(key, next);
      if (refetch) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    enabled,
  );

  // socket.io does not replay what was pushed while this tab was not listening: read again after
  // every connection (docs/reliability.md#t4-no-balance-drift).
  const keyText = JSON.stringify(key);
  useEffect(() => {
    if (!client || !enabled) return;
    return client.onResync(() => void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText), exact: true }));
  }, [client, enabled, queryClient, keyText]);

  // Days left count from the latest answer or push (each one stamps the cache), so the render stays pure.
  const figures = enabled ? meterFigures(wagering.data, currency, wagering.dataUpdatedAt) : null;
  if (!figures) return null;

  const money = (cents: number) => formatMoney(cents, currency, locale);
  const parts = [
    t('meter.wagered', { wagered: money(figures.wageredCents), required: money(figures.requiredCents) }),
    ...(figures.game === 'excluded'
      ? [t('meter.game_excluded')]
      : figures.game !== null
        ? [t('meter.game_counts', { percent: formatPercent(figures.game, i18n) })]
        : []),
    ...(figures.maxBetCents !== null ? [t('meter.max_bet', { amount: money(figures.maxBetCents) })] : []),
    ...(figures.daysLeft !== null ? [t('meter.days_left', { count: figures.daysLeft })] : []),
  ];
  const sentence = parts.join(' · ');
  const done = Math.floor(figures.progress * 100);

  if (variant === 'compact')
    return (
      <Link
        to={href('gifts', locale)}
        className="bonus-meter bonus-meter--compact"
        aria-label={`${t('meter.label')}: ${sentence}`}
        title={sentence}
        data-testid="wagering-meter"
      >
        <span aria-hidden="true">{t('meter.short', { percent: formatPercent(done, i18n) })}</span>
        <span className="bonus-meter__mini" aria-hidden="true">
          <span style={{ width: `${done}%` }} />
        </span>
      </Link>
    );

  return (
    <div className="bonus-meter" role="group" aria-label={t('meter.label')} data-testid="wagering-meter">
      <p className="bonus-meter__text">{sentence}</p>
      <progress
        className="bonus-meter__bar"
        max={figures.requiredCents || 1}
        value={Math.min(figures.wageredCents, figures.requiredCents || 1)}
        aria-label={t('meter.label')}
      />
    </div>
  );
}
