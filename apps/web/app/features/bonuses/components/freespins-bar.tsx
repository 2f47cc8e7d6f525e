import { useEffect, useId, useRef } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useActivateFreespins } from '../api/activate-freespins';
import { useFreespins, type FreespinPack } from '../api/get-freespins';
import { bonusErrorMessage, packsForGame } from '../lib/bonuses-logic';
import './bonuses.css';

export interface FreespinsBarProps {
  /** The game on the page (its identifier): only packs covering it are shown. */
  game: string;
  /** The player's wallet currency: packs are played in it. */
  currency: string;
  locale: Locale;
  /** Signed in: a guest has no packs. */
  enabled: boolean;
}

/**
 * The free spins of the game page's toolbar (docs/bonuses.md#what-the-player-sees): "Free spins:
 * 7 of 20 left · €0.20 each" for a pack being played, with where its spins are played (the
 * game's own "Play a free spin" button, inside the frame, which shows the reels); and a pack for
 * this game still to activate, with its button. The packs follow `freespins_changes` (the layout's
 * listener reloads them after every spin). Renders nothing without such a pack.
 */
export function FreespinsBar({ game, currency, locale, enabled }: FreespinsBarProps) {
  const { t } = useTranslation('bonuses');
  const packs = useFreespins(enabled);
  const shown = enabled ? packsForGame(packs.data, game, currency) : [];
  if (shown.length === 0) return null;
  return (
    <div className="bonus-freespins" role="group" aria-label={t('freespins_bar.label')} data-testid="freespins-bar">
      {shown.map((pack) => (
        <PackLine key={pack.id} pack={pack} locale={locale} />
      ))}
    </div>
  );
}

function PackLine({ pack, locale }: { pack: FreespinPack; locale: Locale }) {
  const { t, i18n } = useTranslation('bonuses');
  const id = useId();
  const activate = useActivateFreespins();
  const line = useRef<HTMLParagraphElement>(null);
  const each = formatMoney(pack.bet_level, pack.currency, locale);
  // The activate button goes once the pack is ready: the keyboard lands on what replaced it.
  const activated = activate.isSuccess;
  useEffect(() => {
    if (activated && pack.stage === 'handle_bets') line.current?.focus();
  }, [activated, pack.stage]);
  if (pack.stage === 'handle_bets')
    return (
      <p className="bonus-freespins__line" ref={line} tabIndex={-1}>
        <strong>
          {t('freespins_bar.left', {
            left: pack.freespins_total - pack.freespins_performed,
            total: pack.freespins_total,
            amount: each,
          })}
        </strong>{' '}
        <span className="muted">{t('freespins_bar.where')}</span>
      </p>
    );
  return (
    <div className="bonus-freespins__line">
      <p id={id}>
        <strong>{t('freespins_bar.waiting', { count: pack.freespins_total, amount: each })}</strong>
      </p>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        aria-describedby={id}
        disabled={activate.isPending}
        aria-busy={activate.isPending || undefined}
        onClick={() => activate.mutate(pack.id)}
      >
        {activate.isPending ? t('gifts.activating') : t('freespins_bar.activate')}
      </button>
      <FormError message={activate.isError ? bonusErrorMessage(activate.error, i18n) : null} />
    </div>
  );
}
