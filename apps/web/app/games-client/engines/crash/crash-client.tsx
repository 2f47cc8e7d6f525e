import { useId, useState } from 'react';
import { useSharedRound } from '../../../lib/realtime';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ReservedLabel } from '../../components/reserved-label';
import { ResultLine } from '../../components/result-line';
import { SymbolIcon } from '../../components/symbol-icon';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { sharedBetOf, useSettleShared } from '../../hooks/use-settle-shared';
import { useSharedFeed } from '../../hooks/use-shared-feed';
import { useTicker } from '../../hooks/use-ticker';
import { formatMultiplier } from '../../lib/format';
import { betButtonLabel, crashPointOf, liveMultiplier, parseAutoCashout } from './crash-model';

/**
 * Rocket: one round for everybody. Bets join during `betting`; during `running` the multiplier
 * is drawn locally from `started_at` on the server's clock; a cash-out is decided by the server
 * at its own instant, so the figure on screen is a guide, and the answer is the truth.
 */
export default function CrashClient() {
  const game = useGame();
  const { session, round, busy, t, money, locale } = game;
  const reduced = useReducedMotion();
  const pushed = useSharedRound(session.game.slug);
  const { current, history, clock } = useSharedFeed(session.game.slug, pushed);
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const [autoText, setAutoText] = useState('');
  const id = useId();
  const phase = current?.phase ?? null;
  const now = useTicker(phase === 'running' || phase === 'betting', reduced);
  const { mine, inCurrent } = sharedBetOf(round, current);
  const auto = parseAutoCashout(autoText);
  // One bet per round, and none while the previous one is still being settled.
  const canBet =
    phase === 'betting' && !inCurrent && mine?.status !== 'open' && !busy && (autoText.trim() === '' || auto !== null);
  const canCashout = phase === 'running' && inCurrent && mine?.status === 'open' && !busy;

  const placeBet = () => {
    if (canBet) void game.bet(auto !== null ? { amount, auto_cashout: auto } : { amount });
  };
  const cashout = () => {
    if (canCashout) void game.act({ type: 'cashout' }, mine!.id);
  };
  usePrimaryHotkey(phase === 'running' ? cashout : placeBet, canBet || canCashout);

  const crashPoint = current ? crashPointOf(current.result) : null;
  const multiplier =
    phase === 'running' && current
      ? liveMultiplier(clock.elapsedSince(current.started_at, now))
      : phase === 'ended'
        ? crashPoint
        : null;
  // The server pays an automatic cash-out as the multiplier reaches it; fetch the settled bet then.
  const target = (mine?.view as { bet?: { auto_cashout?: number | null } } | undefined)?.bet?.auto_cashout ?? null;
  useSettleShared(
    current,
    inCurrent && phase === 'running' && target !== null && multiplier !== null && multiplier >= target,
  );
  const countdown = phase === 'betting' ? Math.ceil(clock.remainingUntil(current?.betting_ends_at, now) / 1000) : null;

  const betLabel = betButtonLabel(phase, inCurrent, mine?.status ?? null);
  const betLabels = { bet_placed: t('crash.bet_placed'), bet: t('actions.bet'), wait_next: t('crash.wait_next') };
  const stake = mine && inCurrent ? mine.stake_cents : amount;

  let result = '';
  let tone: 'win' | 'loss' | 'neutral' = 'neutral';
  if (mine?.status === 'finished') {
    tone = mine.win_cents > 0 ? 'win' : 'loss';
    const bust = inCurrent ? crashPoint : crashPointOf((mine.view as { result?: unknown } | undefined)?.result ?? null);
    result =
      mine.win_cents > 0
        ? t('crash.cashed_out', { amount: money(mine.win_cents) })
        : t('crash.busted_lost', { multiplier: formatMultiplier(bust ?? 1, locale) });
  } else if (mine && inCurrent) {
    result = t('crash.in_round', { amount: money(mine.stake_cents) });
  } else if (phase === 'ended' && crashPoint !== null && !mine) {
    result = t('crash.busted', { multiplier: formatMultiplier(crashPoint, locale) });
  }

  return (
    <GameLayout
      shared={current ? { round_id: current.round_id, server_seed_hash: current.server_seed_hash } : null}
      stage={
        <div className={`gc-crash gc-crash--${phase ?? 'loading'}`}>
          <p
            className="gc-crash__phase"
            data-testid="crash-phase"
            data-phase={phase ?? ''}
            data-seconds-left={countdown ?? ''}
          >
            {phase ? t(`crash.phase.${phase}`) : t('loading')}
            {countdown !== null && ` · ${t('crash.starts_in', { seconds: countdown })}`}
          </p>
          <div className="gc-crash__sky" aria-hidden="true">
            <span
              className="gc-crash__rocket"
              style={
                {
                  '--gc-lift': phase === 'running' ? Math.min(1, Math.log(multiplier ?? 1) / Math.log(10)) : 0,
                } as React.CSSProperties
              }
            >
              <SymbolIcon symbol={phase === 'ended' ? 'explosion' : 'rocket'} className="gc-icon" />
            </span>
          </div>
          <p className="gc-crash__multiplier" data-testid="crash-multiplier" role="timer" aria-live="off">
            {multiplier !== null ? formatMultiplier(multiplier, locale) : '–'}
          </p>
          <ol className="gc-crash__history" aria-label={t('crash.history')} data-testid="crash-history">
            {history.map((h) => {
              const point = crashPointOf(h.result);
              return (
                <li
                  key={h.round_id}
                  className={point !== null && point >= 2 ? 'gc-crash__h--high' : undefined}
                  title={`${t('fair.server_seed')}: ${h.server_seed}`}
                >
                  {point !== null ? formatMultiplier(point, locale) : '–'}
                </li>
              );
            })}
          </ol>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || inCurrent} />
          <label className="gc-field" htmlFor={`${id}-auto`}>
            {t('crash.auto_cashout')}
            <input
              id={`${id}-auto`}
              className="gc-input gc-bet__input"
              data-testid="auto-cashout"
              inputMode="decimal"
              placeholder="2.00"
              value={autoText}
              disabled={busy || inCurrent}
              aria-invalid={autoText.trim() !== '' && auto === null}
              onChange={(e) => setAutoText(e.target.value)}
            />
          </label>
          <PrimaryButton onClick={placeBet} disabled={!canBet} busy={busy}>
            {/* As wide as its widest label: the controls do not move when it changes. */}
            <ReservedLabel reserve={betLabels}>{betLabels[betLabel]}</ReservedLabel>
          </PrimaryButton>
          <button
            type="button"
            className="gc-btn gc-btn--primary gc-btn--danger"
            data-testid="cashout-button"
            disabled={!canCashout}
            onClick={cashout}
          >
            {/* Room for the amount at 100× the stake, so a climbing figure does not push the bet button. */}
            <ReservedLabel reserve={{ wide: t('actions.cashout_amount', { amount: money(stake * 100) }) }}>
              {canCashout
                ? t('actions.cashout_amount', { amount: money(Math.floor(mine!.stake_cents * (multiplier ?? 1))) })
                : t('actions.cashout')}
            </ReservedLabel>
          </button>
        </>
      }
      result={
        <ResultLine roundId={mine?.id} tone={tone}>
          {result}
        </ResultLine>
      }
      rules={<p>{t('crash.rules')}</p>}
    />
  );
}
