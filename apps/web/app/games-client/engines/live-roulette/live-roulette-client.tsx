import { useMemo, useState } from 'react';
import { useSharedRound } from '../../../lib/realtime';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { sharedBetOf, useSettleShared } from '../../hooks/use-settle-shared';
import { useSharedFeed } from '../../hooks/use-shared-feed';
import { useTicker } from '../../hooks/use-ticker';
import {
  chipsFromBet,
  numberLabel,
  readRouletteRules,
  toBet,
  totalStake,
  type Chips,
} from '../roulette/roulette-model';
import { layoutSpots, RouletteTable, WinningNumber } from '../roulette/roulette-table';
import { num, obj } from '../shared/read';

function numberOf(result: unknown): number | null {
  const n = num(obj(result).number, Number.NaN);
  return Number.isFinite(n) ? n : null;
}

/**
 * Live roulette: one wheel for everybody. Chips go down while the round is `betting` (one bet per
 * round, any number of spots), the wheel spins while `running`, and `ended` shows the number.
 */
export default function LiveRouletteClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const { american } = readRouletteRules(session.game.rules);
  const spots = useMemo(() => layoutSpots(american), [american]);
  const reduced = useReducedMotion();
  const pushed = useSharedRound(session.game.slug);
  const { current, history, clock } = useSharedFeed(session.game.slug, pushed);
  const [chip, setChip] = useState(session.bet_limits.min_cents);
  const [chips, setChips] = useState<Chips>({});
  const phase = current?.phase ?? null;
  const now = useTicker(phase === 'betting', reduced);
  useSettleShared(current);

  const { mine, inCurrent } = sharedBetOf(round, current);
  const stake = totalStake(chips);
  const canBet = phase === 'betting' && !inCurrent && mine?.status !== 'open' && !busy && stake > 0;
  const placeBet = async () => {
    if (!canBet) return;
    if (await game.bet(toBet(chips, spots))) setChips({});
  };
  usePrimaryHotkey(() => void placeBet(), canBet);

  const number = phase === 'ended' ? numberOf(current?.result) : null;
  const countdown = phase === 'betting' ? Math.ceil(clock.remainingUntil(current?.betting_ends_at, now) / 1000) : null;
  // The player's chips stay on the layout for the round they joined.
  const placed = (
    (inCurrent ? mine?.view : undefined) as { bet?: { bets?: Parameters<typeof chipsFromBet>[0] } } | undefined
  )?.bet?.bets;
  const shownChips = placed ? chipsFromBet(placed, spots) : chips;

  let result = '';
  let tone: 'win' | 'loss' | 'neutral' = 'neutral';
  if (mine?.status === 'finished') {
    tone = mine.win_cents > 0 ? 'win' : 'loss';
    // Once the feed has moved on, the number comes from the settled bet itself.
    const landed = inCurrent ? number : numberOf((mine.view as { result?: unknown } | undefined)?.result);
    result =
      `${landed !== null ? t('roulette.landed', { number: numberLabel(landed) }) : ''} ${mine.win_cents > 0 ? t('result.win', { amount: money(mine.win_cents) }) : t('result.no_win')}`.trim();
  } else if (mine && inCurrent) {
    result = t('live.bet_in', { amount: money(mine.stake_cents) });
  } else if (number !== null) {
    result = t('roulette.landed', { number: numberLabel(number) });
  }

  return (
    <GameLayout
      shared={current ? { round_id: current.round_id, server_seed_hash: current.server_seed_hash } : null}
      stage={
        <div className="gc-roulette">
          <div className="gc-roulette__top">
            <WinningNumber number={number} spinning={phase === 'running'} />
            <p className="gc-crash__phase" data-testid="live-phase" data-phase={phase ?? ''}>
              {phase ? t(`live.phase.${phase}`) : t('loading')}
              {countdown !== null && ` · ${t('live.closes_in', { seconds: countdown })}`}
            </p>
            <ol className="gc-roulette__history" aria-label={t('roulette.history')}>
              {history.map((h) => {
                const n = numberOf(h.result);
                return (
                  <li key={h.round_id} title={`${t('fair.server_seed')}: ${h.server_seed}`}>
                    {n !== null ? numberLabel(n) : '–'}
                  </li>
                );
              })}
            </ol>
          </div>
          <RouletteTable
            chips={shownChips}
            american={american}
            disabled={phase !== 'betting' || !!mine || busy}
            winning={number}
            onPlace={(name) => setChips((c) => ({ ...c, [name]: (c[name] ?? 0) + chip }))}
          />
        </div>
      }
      controls={
        <>
          <BetControl value={chip} onChange={setChip} disabled={busy || !!mine} label={t('roulette.chip')} />
          <p className="gc-field">
            {t('roulette.total')} <strong data-testid="total-stake">{money(mine ? mine.stake_cents : stake)}</strong>
          </p>
          <button
            type="button"
            className="gc-btn"
            onClick={() => setChips({})}
            disabled={busy || stake === 0 || !!mine}
            data-testid="clear-bets"
          >
            {t('actions.clear')}
          </button>
          <PrimaryButton onClick={() => void placeBet()} disabled={!canBet} busy={busy}>
            {mine ? t('crash.bet_placed') : t('actions.bet')}
          </PrimaryButton>
        </>
      }
      result={
        <ResultLine roundId={mine?.id} tone={tone}>
          {result}
        </ResultLine>
      }
      rules={
        <>
          <p>{t('live.rules')}</p>
          <p>{t('roulette.rules_inside')}</p>
        </>
      }
    />
  );
}
