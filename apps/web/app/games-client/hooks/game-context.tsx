import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { formatMoney } from '../../i18n/format';
import { useTranslation } from '../../i18n/runtime';
import type { GameSession } from '../api/types';
import type { GameSessionApi } from './use-game-session';

export interface GameContextValue extends GameSessionApi {
  session: GameSession;
  locale: Locale;
  money(minor: number): string;
  t: ReturnType<typeof useTranslation>['t'];
}

const GameContext = createContext<GameContextValue | null>(null);

export function GameProvider({
  value,
  children,
}: {
  value: GameSessionApi & { session: GameSession };
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('games');
  const locale = i18n.language;
  const currency = value.session.currency;
  const ctx = useMemo<GameContextValue>(
    () => ({ ...value, locale, t, money: (minor: number) => formatMoney(minor, currency, locale) }),
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
