import { useCallback } from 'react';
import type { JackpotWinAwardEvent } from '@croupier/shared/realtime';
import { modals } from '../../components/modal/modals';
import { useModal } from '../../components/modal/modal-context';
import { formatMoney } from '../../i18n/format';
import { useTranslation } from '../../i18n/runtime';
import { useLocale } from '../../i18n/use-locale';
import { useRealtimeChannel } from '../../lib/realtime';
import './jackpot-win.css';

export type JackpotWin = JackpotWinAwardEvent['jackpot'];

/** The modal's name in the stack (one at a time: a second win replaces the first's content). */
export const JACKPOT_WIN_MODAL = 'jackpot-win';

/** Reads a `jackpot_win_award` payload; anything without a whole, positive amount is ignored. */
export function parseJackpotWin(data: unknown): JackpotWin | null {
  const jackpot = (data as { jackpot?: unknown } | null)?.jackpot as Partial<JackpotWin> | undefined;
  if (!jackpot || typeof jackpot !== 'object') return null;
  const { id, name, level_name, amount_cents, currency } = jackpot;
  if (typeof amount_cents !== 'number' || !Number.isSafeInteger(amount_cents) || amount_cents <= 0) return null;
  if (typeof currency !== 'string' || !currency) return null;
  return {
    id: typeof id === 'number' ? id : 0,
    name: typeof name === 'string' ? name : '',
    level_name: typeof level_name === 'string' ? level_name : '',
    amount_cents,
    currency,
  };
}

/** The popup's content: the amount first, then which jackpot and level. */
export function JackpotWinContent({ jackpot }: { jackpot: JackpotWin }) {
  const { t } = useTranslation('game');
  const locale = useLocale();
  const modal = useModal();
  return (
    <div className="jackpot-win" data-testid="jackpot-win">
      <p className="jackpot-win__amount" aria-live="polite">
        {formatMoney(jackpot.amount_cents, jackpot.currency, locale)}
      </p>
      <p className="jackpot-win__text">
        {jackpot.level_name
          ? t('jackpot_win.text_level', { name: jackpot.name, level: jackpot.level_name })
          : t('jackpot_win.text', { name: jackpot.name })}
      </p>
      <button type="button" className="btn btn--primary" onClick={() => modal?.close()}>
        {t('jackpot_win.ok')}
      </button>
    </div>
  );
}

/**
 * Shows the win popup when the player's private `jackpot_win_award` event arrives (docs/player-app.md#realtime-events
 * realtime rules). Mount it once inside the site layout, never inside a game's iframe document.
 */
export function JackpotWinListener({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('game');
  const onWin = useCallback(
    (data: unknown) => {
      const jackpot = parseJackpotWin(data);
      if (!jackpot) return;
      modals.open(
        JACKPOT_WIN_MODAL,
        JackpotWinContent,
        { jackpot },
        { title: t('jackpot_win.title'), mobileFriendly: true },
      );
    },
    [t],
  );
  useRealtimeChannel('jackpot_win_award', onWin, enabled);
  return null;
}
