import { useId, useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { formatMultiplier } from '../../lib/format';
import { clampTarget, diceOdds, hundredths, readDiceView, targetRange, type Direction } from './dice-model';

/** Dice: pick a target on 0.00–99.99 with the slider, roll over or under it. */
export default function DiceClient() {
  const game = useGame();
  const { session, round, busy, t, money, locale } = game;
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<Direction>('over');
  const id = useId();
  const view = round ? readDiceView(round.view) : null;
  const { chance, multiplier } = diceOdds(target, direction);
  const range = targetRange(direction);

  const roll = () => {
    if (!busy) void game.bet({ amount, target, direction });
  };
  usePrimaryHotkey(roll, !busy);

  const pct = hundredths;
  return (
    <GameLayout
      stage={
        <div className="gc-dice">
          <div className="gc-dice__roll" aria-hidden="true" data-win={view ? String(round!.win_cents > 0) : undefined}>
            {view ? pct(view.roll) : '–'}
          </div>
          <label htmlFor={`${id}-target`} className="gc-field">
            {t('dice.target', { target: pct(target) })}
          </label>
          <input
            id={`${id}-target`}
            data-testid="dice-target"
            className="gc-dice__slider"
            type="range"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            disabled={busy}
            onChange={(e) => setTarget(clampTarget(Number(e.target.value), direction))}
            data-direction={direction}
            aria-valuetext={pct(target)}
          />
          <dl className="gc-facts gc-dice__facts">
            <dt>{t('dice.chance')}</dt>
            <dd>{pct(chance)} %</dd>
            <dt>{t('dice.multiplier')}</dt>
            <dd data-testid="dice-multiplier">{formatMultiplier(multiplier, locale)}</dd>
            <dt>{t('dice.payout')}</dt>
            <dd>{money(Math.floor(amount * multiplier))}</dd>
          </dl>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy} />
          <div className="gc-bet__row" role="group" aria-label={t('dice.direction')}>
            {(['under', 'over'] as const).map((d) => (
              <button
                key={d}
                type="button"
                className="gc-btn"
                aria-pressed={direction === d}
                data-testid={`dice-${d}`}
                onClick={() => {
                  setDirection(d);
                  setTarget((v) => clampTarget(v, d));
                }}
                disabled={busy}
              >
                {t(`dice.${d}`)}
              </button>
            ))}
          </div>
          <PrimaryButton onClick={roll} disabled={busy} busy={busy}>
            {t('actions.roll')}
          </PrimaryButton>
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view
            ? `${t('dice.rolled', { roll: pct(view.roll) })} ${round.win_cents > 0 ? t('result.win', { amount: money(round.win_cents) }) : t('result.no_win')}`
            : ''}
        </ResultLine>
      }
      rules={
        <p>
          {t('dice.rules', {
            edge: Math.round(((session.game.rules as { houseEdge?: number }).houseEdge ?? 0.01) * 10_000) / 100,
          })}
        </p>
      }
    />
  );
}
