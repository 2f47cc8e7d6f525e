import { useId, useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { SymbolIcon } from '../../components/symbol-icon';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { formatMultiplier } from '../../lib/format';
import { cashoutValue, readMinesView, tileState, TILES } from './mines-model';

/** Mines: a 5×5 board; reveal gems one by one and cash out before a mine. */
export default function MinesClient() {
  const game = useGame();
  const { session, round, busy, t, money, locale } = game;
  const rules = session.game.rules as { minMines?: number; maxMines?: number };
  const minMines = rules.minMines ?? 1;
  const maxMines = rules.maxMines ?? TILES - 1;
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const [mines, setMines] = useState(3);
  const id = useId();
  const view = round ? readMinesView(round.view) : null;
  const open = round?.status === 'open';

  const start = () => {
    if (!busy && !open) void game.bet({ amount, mines });
  };
  usePrimaryHotkey(start, !busy && !open);

  const potential = open && view ? cashoutValue(view) : 0;

  return (
    <GameLayout
      stage={
        <div className="gc-mines" role="grid" aria-label={t('mines.board')}>
          {Array.from({ length: TILES / 5 }, (_, row) => (
            <div role="row" key={row} className="gc-mines__row">
              {Array.from({ length: 5 }, (_, col) => {
                const i = row * 5 + col;
                const state = tileState(view, i);
                return (
                  <div role="gridcell" key={i}>
                    <button
                      type="button"
                      className={`gc-tile gc-tile--${state}${view?.hit === i ? ' gc-tile--hit' : ''}`}
                      data-testid={`tile-${i}`}
                      data-state={state}
                      disabled={!open || busy || state !== 'hidden'}
                      aria-label={t(`mines.tile_${state}`, { n: i + 1 })}
                      onClick={() => void game.act({ type: 'reveal', tile: i })}
                    >
                      {state === 'mine' ? (
                        <SymbolIcon symbol="bomb" className="gc-icon" />
                      ) : state === 'gem' ? (
                        <SymbolIcon symbol="gem-blue" className="gc-icon" />
                      ) : null}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || open} />
          <label className="gc-field" htmlFor={`${id}-mines`}>
            {t('mines.count')}
            <select
              id={`${id}-mines`}
              className="gc-select"
              data-testid="mines-count"
              value={mines}
              disabled={busy || open}
              onChange={(e) => setMines(Number(e.target.value))}
            >
              {Array.from({ length: maxMines - minMines + 1 }, (_, k) => minMines + k).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          {open ? (
            <button
              type="button"
              className="gc-btn gc-btn--primary gc-btn--danger"
              data-testid="cashout-button"
              disabled={busy || !view || view.revealed.length === 0}
              onClick={() => void game.act({ type: 'cashout' })}
            >
              {t('actions.cashout_amount', { amount: money(potential) })}
            </button>
          ) : (
            <PrimaryButton onClick={start} disabled={busy} busy={busy}>
              {t('actions.bet')}
            </PrimaryButton>
          )}
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round || open ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view
            ? open
              ? t('mines.progress', {
                  n: view.revealed.length,
                  multiplier: formatMultiplier(view.multiplier / 100, locale),
                })
              : round.win_cents > 0
                ? t('result.win', { amount: money(round.win_cents) })
                : t('mines.boom')
            : ''}
        </ResultLine>
      }
      rules={<p>{t('mines.rules')}</p>}
    />
  );
}
