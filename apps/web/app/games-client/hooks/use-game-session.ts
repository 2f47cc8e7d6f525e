import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { createGamesApi } from '../api/games-api';
import type { Fairness, FairnessState, GameSession, Round, RoundResponse } from '../api/types';
import { describeError, type GameErrorInfo } from '../lib/errors';

/**
 * Refusals whose body carries the round to show: the open round a bet ran into, the voided round
 * of a refused win, and the decided round of a win the wallet did not confirm.
 */
const SHOWS_ROUND = new Set(['round_open', 'balance_limit', 'wallet_unavailable']);

export type LaunchState = { status: 'launching' } | { status: 'failed'; error: GameErrorInfo } | { status: 'ready' };

export interface GameSessionApi {
  launch: LaunchState;
  session: GameSession | null;
  balance: number;
  fairness: Fairness | null;
  /** The seed pair revealed by the last rotation in this frame. */
  revealed: FairnessState['previous'];
  /** The round on screen: the open one, or the last finished one. */
  round: Round | null;
  error: GameErrorInfo | null;
  busy: boolean;
  clearError(): void;
  /** Places a bet; resolves to the new round, or null when the host refused (the error is shown). */
  bet(bet: unknown): Promise<Round | null>;
  /**
   * Plays one spin of a free-spin pack; resolves to the host's answer (the round and the pack's
   * counters after it), or null when the host refused (the error is shown).
   */
  freeSpin(packId: number): Promise<RoundResponse | null>;
  act(action: unknown, roundId?: number): Promise<Round | null>;
  /** Reloads a round (shared games settle on the server after the round ends). */
  refresh(roundId: number): Promise<Round | null>;
  setClientSeed(seed: string): Promise<boolean>;
  rotateSeed(): Promise<boolean>;
  relaunch(): void;
  /** Lets a client show a round it learnt about elsewhere (e.g. the open round in a 409). */
  showRound(round: Round | null): void;
}

/**
 * One launched game: the session from `POST /games-api/sessions`, the balance as the host last
 * reported it, the fairness seed pair and the current round. Requests are serialised (`busy`)
 * so a double click never places two bets, and every answer's balance replaces the shown one.
 */
export function useGameSession(gameSlug: string, launchId: string): GameSessionApi {
  const api = useApi();
  const games = useMemo(() => createGamesApi(api), [api]);
  const [launch, setLaunch] = useState<LaunchState>({ status: 'launching' });
  const [session, setSession] = useState<GameSession | null>(null);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [revealed, setRevealed] = useState<FairnessState['previous']>(null);
  const [round, setRound] = useState<Round | null>(null);
  const [error, setError] = useState<GameErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    games.launch(gameSlug, launchId).then(
      (s) => {
        if (cancelled) return;
        games.setToken(s.token);
        setSession(s);
        setBalance(s.balance_cents);
        setFairness(s.fairness);
        setRound(s.open_round);
        setError(null);
        setLaunch({ status: 'ready' });
      },
      (e: unknown) => {
        if (!cancelled) setLaunch({ status: 'failed', error: describeError(e) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [games, gameSlug, launchId, attempt]);

  const run = useCallback(
    async <T>(call: () => Promise<T>, onOk: (value: T) => void): Promise<T | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      setBusy(true);
      try {
        const value = await call();
        setError(null);
        onOk(value);
        return value;
      } catch (e) {
        const info = describeError(e);
        if (info.balanceCents !== undefined) setBalance(info.balanceCents);
        const shown = (e as { body?: { round?: Round } }).body?.round;
        if (shown && SHOWS_ROUND.has(info.code)) setRound(shown);
        setError(info);
        // A voided win gave the stake back, which the refusal does not carry: the round read
        // answers the balance. If that read fails the banner still says the stake came back.
        if (info.code === 'balance_limit' && info.roundId !== undefined) {
          await games.round(info.roundId).then(
            (snap) => {
              setRound(snap.round);
              setBalance(snap.balance_cents);
            },
            () => undefined,
          );
        }
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [games],
  );

  const applyRound = useCallback((r: RoundResponse) => {
    setRound(r.round);
    setBalance(r.balance_cents);
    // Shared rounds answer `fairness: null`: their seed is per round, the player's pair is unchanged.
    if (r.fairness) setFairness(r.fairness);
  }, []);

  const bet = useCallback(
    async (body: unknown) => (await run(() => games.bet(body), applyRound))?.round ?? null,
    [run, games, applyRound],
  );

  const freeSpin = useCallback(
    async (packId: number) => run(() => games.freeSpin(packId), applyRound),
    [run, games, applyRound],
  );

  const act = useCallback(
    async (action: unknown, roundId?: number) => {
      const id = roundId ?? round?.id;
      if (id === undefined) return null;
      return (await run(() => games.act(id, action), applyRound))?.round ?? null;
    },
    [run, games, applyRound, round?.id],
  );

  const refresh = useCallback(
    async (roundId: number) => {
      try {
        const snap = await games.round(roundId);
        setRound(snap.round);
        setBalance(snap.balance_cents);
        return snap.round;
      } catch (e) {
        setError(describeError(e));
        return null;
      }
    },
    [games],
  );

  const applyFairness = useCallback((f: FairnessState) => {
    setFairness({ server_seed_hash: f.server_seed_hash, client_seed: f.client_seed, nonce: f.nonce });
    if (f.previous) setRevealed(f.previous);
  }, []);

  const setClientSeed = useCallback(
    async (seed: string) => (await run(() => games.setClientSeed(seed), applyFairness)) !== null,
    [run, games, applyFairness],
  );
  const rotateSeed = useCallback(
    async () => (await run(() => games.rotateSeed(), applyFairness)) !== null,
    [run, games, applyFairness],
  );

  return {
    launch,
    session,
    balance,
    fairness,
    revealed,
    round,
    error,
    busy,
    clearError: useCallback(() => setError(null), []),
    bet,
    freeSpin,
    act,
    refresh,
    setClientSeed,
    rotateSeed,
    relaunch: useCallback(() => {
      setLaunch({ status: 'launching' });
      setAttempt((n) => n + 1);
    }, []),
    showRound: setRound,
  };
}
