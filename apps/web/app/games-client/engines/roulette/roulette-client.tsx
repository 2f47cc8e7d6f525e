import { useMemo, useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { numberLabel, readRouletteRules, readRouletteView, toBet, totalStake, type Chips } from './roulette-model';
import { layoutSpots, RouletteTable, WinningNumber } from './roulette-table';

/** European or American roulette: chips on the layout, one spin settles them all. */
export default function RouletteClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const { american } = readRouletteRules(session.game.rules);
  const spots = useMemo(() => layoutSpots(american), [american]);
  const [chip, setChip] = useState(session.bet_limits.min_cents);
  const [chips, setChips] = useState<Chips>({});
  const [history, setHistory] = useState<number[]>([]);
  const view = round ? readRouletteView(round.view) : null;
  const stake = totalStake(chips);

  const spin = async () => {
    if (busy || stake === 0) return;
    const r = await game.bet(toBet(chips, spots));
    const n = r ? (readRouletteView(r.view)?.number ?? null) : null;
    if (n !== null) setHistory((h) => [n, ...h].slice(0, 12));
  };
  usePrimaryHotkey(() => void spin(), !busy && stake > 0);

  return (
    <GameLayout
      stage={
        <div className="gc-roulette">
          <div className="gc-roulette__top">
            <WinningNumber number={view?.number ?? null} spinning={busy} />
            <ol className="gc-roulette__history" aria-label={t('roulette.history')}>
              {history.map((n, i) => (
                <li key={i}>{numberLabel(n)}</li>
              ))}
            </ol>
          </div>
          <RouletteTable
            chips={chips}
            american={american}
            disabled={busy}
            winning={busy ? null : (view?.number ?? null)}
            onPlace={(name) => setChips((c) => ({ ...c, [name]: (c[name] ?? 0) + chip }))}
          />
        </div>
      }
      controls={
        <>
          <BetControl value={chip} onChange={setChip} disabled={busy} label={t('roulette.chip')} />
          <p className="gc-field">
            {t('roulette.total')} <strong data-testid="total-stake">{money(stake)}</strong>
          </p>
          <button
            type="button"
            className="gc-btn"
            onClick={() => setChips({})}
            disabled={busy || stake === 0}
            data-testid="clear-bets"
          >
            {t('actions.clear')}
          </button>
          <PrimaryButton onClick={() => void spin()} disabled={busy || stake === 0} busy={busy}>
            {t('actions.spin')}
          </PrimaryButton>
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view && view.number !== null
            ? `${t('roulette.landed', { number: numberLabel(view.number) })} ${round.win_cents > 0 ? t('result.win', { amount: money(round.win_cents) }) : t('result.no_win')}`
            : stake === 0
              ? t('roulette.place_chips')
              : ''}
        </ResultLine>
      }
      rules={
        <>
          <p>{t(american ? 'roulette.rules_american' : 'roulette.rules_european')}</p>
          <p>{t('roulette.rules_inside')}</p>
        </>
      }
    />
  );
}
