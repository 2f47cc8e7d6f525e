import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FreespinPack, PlayerBonus } from '@croupier/shared/api/bonuses';
import { useApi } from '../../lib/api-context';
import { useRealtimeChannel, useRealtimeClient } from '../../lib/realtime';
import { createBonusApi } from '../api/games-api';
import type { GameSession } from '../api/types';
import {
  bonusAfterPush,
  packsAfterPush,
  packsAfterSpin,
  playablePack,
  wageredBonus,
  type PackSpin,
} from '../lib/bonus-play';

/** Calls `reload` after every (re)connection of the tab's socket: pushes sent while away are not replayed. */
function useResync(reload: () => void, enabled: boolean) {
  const client = useRealtimeClient();
  useEffect(() => {
    if (!client || !enabled) return;
    return client.onResync(reload);
  }, [client, enabled, reload]);
}

export interface FreeSpinPacks {
  /** The pack the frame plays now, or null. */
  pack: FreespinPack | null;
  /** A spin's answer: the pack's counters as the host left them. */
  afterSpin(spin: PackSpin): void;
  /** Reads the packs again (a refused spin: the pack may have ended meanwhile). */
  reload(): void;
}

/**
 * The player's free-spin packs for this game (docs/bonuses.md#free-spin-packs-codes): read from
 * `GET /api/player/freespins` when a real-money session starts, kept current by `freespins_changes`
 * (a pack activated from the site, another tab's spin) and by each spin's own answer. A demo
 * session plays no packs and reads nothing.
 */
export function useFreeSpinPacks(session: GameSession): FreeSpinPacks {
  const api = useApi();
  const bonusApi = useMemo(() => createBonusApi(api), [api]);
  const enabled = session.mode === 'real';
  const [packs, setPacks] = useState<FreespinPack[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    bonusApi.packs(controller.signal).then(
      (list) => setPacks(list),
      // Advice only: without the list the player simply sees no free-spin button.
      () => undefined,
    );
    return () => controller.abort();
  }, [bonusApi, enabled, attempt]);

  useRealtimeChannel('freespins_changes', (pushed) => setPacks((list) => packsAfterPush(list, pushed)), enabled);
  useResync(reload, enabled);

  const afterSpin = useCallback((spin: PackSpin) => setPacks((list) => packsAfterSpin(list, spin)), []);
  return {
    pack: playablePack(packs, session.game.identifier, session.currency),
    afterSpin,
    reload,
  };
}

/**
 * The max bet of the bonus being wagered in the session's currency
 * (`GET /api/player/bonuses/wagering?game=`), kept current by `bonuses_changes`: the stake selector
 * stays under it. Null in a demo session, without a bonus, or for a bonus without a max bet.
 */
export function useBonusMaxBet(session: GameSession | null): number | null {
  const api = useApi();
  const bonusApi = useMemo(() => createBonusApi(api), [api]);
  const enabled = session?.mode === 'real';
  const game = session?.game.identifier ?? null;
  const currency = session?.currency ?? null;
  const [bonus, setBonus] = useState<PlayerBonus | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!enabled || game === null || currency === null) return;
    const controller = new AbortController();
    bonusApi.wagering(game, controller.signal).then(
      (data) => setBonus(wageredBonus(data, currency)),
      () => undefined,
    );
    return () => controller.abort();
  }, [bonusApi, enabled, game, currency, attempt]);

  useRealtimeChannel(
    'bonuses_changes',
    (pushed) => {
      if (currency === null) return;
      const next = bonusAfterPush(bonus, pushed, currency);
      setBonus(next.bonus);
      if (next.reload) reload();
    },
    enabled,
  );
  useResync(reload, enabled);

  return enabled ? (bonus?.max_bet_cents ?? null) : null;
}
