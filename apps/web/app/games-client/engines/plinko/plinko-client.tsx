import { useId, useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { usePlayback } from '../../hooks/use-playback';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { formatMaxMultiplier } from '../../lib/format';
import { ballX, MAX_ROWS, MIN_ROWS, pocketMultipliers, readPlinkoView, RISKS, type Risk } from './plinko-model';

const STEP_MS = 110;

/** Plinko: choose rows and risk, drop a ball through the pegs into a multiplier pocket. */
export default function PlinkoClient() {
  const game = useGame();
  const { session, round, busy, t, money, locale } = game;
  const reduced = useReducedMotion();
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const [rows, setRows] = useState(MIN_ROWS);
  const [risk, setRisk] = useState<Risk>('medium');
  const id = useId();
  const view = round ? readPlinkoView(round.view) : null;
  const shownRows = view?.bet.rows ?? rows;
  const pockets = pocketMultipliers(shownRows, view?.bet.risk ?? risk);
  const { step } = usePlayback(round?.id ?? null, view?.path.length ?? 0, STEP_MS, STEP_MS, reduced);
  const dropping = view !== null && step < view.path.length;

  const drop = () => {
    if (!busy && !dropping) void game.bet({ amount, rows, risk });
  };
  usePrimaryHotkey(drop, !busy && !dropping);

  const x = view ? ballX(view.path, step, view.bet.rows) : 0.5;
  const y = view ? step / (view.bet.rows + 1) : 0;
  return (
    <GameLayout
      stage={
        <div className="gc-plinko" aria-hidden="true">
          <div className="gc-plinko__board">
            {Array.from({ length: shownRows }, (_, r) => (
              <div key={r} className="gc-plinko__row">
                {Array.from({ length: r + 3 }, (_, p) => (
                  <span key={p} className="gc-plinko__peg" />
                ))}
              </div>
            ))}
            {view && <span className="gc-plinko__ball" style={{ left: `${x * 100}%`, top: `${y * 100}%` }} />}
          </div>
          <div className="gc-plinko__pockets">
            {pockets.map((m, i) => (
              <span
                key={i}
                className={`gc-plinko__pocket${view && !dropping && view.pocket === i ? ' gc-plinko__pocket--hit' : ''}`}
                data-m={m >= 1 ? 'up' : 'down'}
              >
                {formatMaxMultiplier(m, locale)}
              </span>
            ))}
          </div>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || dropping} />
          <label className="gc-field" htmlFor={`${id}-rows`}>
            {t('plinko.rows')}
            <select
              id={`${id}-rows`}
              className="gc-select"
              data-testid="plinko-rows"
              value={rows}
              disabled={busy || dropping}
              onChange={(e) => setRows(Number(e.target.value))}
            >
              {Array.from({ length: MAX_ROWS - MIN_ROWS + 1 }, (_, k) => MIN_ROWS + k).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="gc-field" htmlFor={`${id}-risk`}>
            {t('plinko.risk')}
            <select
              id={`${id}-risk`}
              className="gc-select"
              data-testid="plinko-risk"
              value={risk}
              disabled={busy || dropping}
              onChange={(e) => setRisk(e.target.value as Risk)}
            >
              {RISKS.map((r) => (
                <option key={r} value={r}>
                  {t(`plinko.risk_${r}`)}
                </option>
              ))}
            </select>
          </label>
          <PrimaryButton onClick={drop} disabled={busy || dropping} busy={busy}>
            {t('actions.drop')}
          </PrimaryButton>
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round || dropping ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view && !dropping
            ? `${t('plinko.landed', { multiplier: formatMaxMultiplier(view.multiplier / 100, locale) })} ${round.win_cents > 0 ? t('result.win', { amount: money(round.win_cents) }) : t('result.no_win')}`
            : ''}
        </ResultLine>
      }
      rules={<p>{t('plinko.rules')}</p>}
    />
  );
}
