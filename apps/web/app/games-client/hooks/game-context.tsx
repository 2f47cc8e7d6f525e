import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { formatMoney } from '../../i18n/format';
import { useTranslation } from '../../i18n/runtime';
import type { GameSession } from '../api/types';
import type { GameSessionApi } from './use-game-session';

export interface GameContextValue extends GameSessionApi {
  session: GameSession;
  /**
   * The max bet of the bonus being wagered (minor units of the session's currency), or null: the
   * stake selector keeps under it as advice (docs/bonuses.md#what-the-player-sees).
   */
  bonusMaxBet: number | null;
  locale: Locale;
  money(minor: number): string;
  t: ReturnType<typeof useTranslation>['t'];
}

const GameContext = createContext<GameContextValue | null>(null);

export function GameProvider({
  value,
  children,
}: {
  value: GameSessionApi & { session: GameSession; bonusMaxBet?: number | null };
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('games');
  const locale = i18n.language;
  const currency = value.session.currency;
  const ctx = useMemo<GameContextValue>(
    () => ({
      ...value,
      bonusMaxBet: value.bonusMaxBet ?? null,
      locale,
      t,
      money: (minor: number) => formatMoney(minor, currency, locale),
    }),
    [value, locale, t, currency],
  );
  return <GameContext.Provider value={ctx}>{children}</GameContext.Provider>;
}

/** The launched game, its balance and round, and the UI helpers every game client needs. */
export function useGame(): GameContextValue {
  const ctx = useContext(GameContext);
  if (!ctx) throw new Error('useGame outside GameProvider');
  return ctx;
}
