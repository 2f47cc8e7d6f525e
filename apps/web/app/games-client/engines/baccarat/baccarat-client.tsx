import { useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { Card, readCard } from '../shared/cards';
import { payoutText, readBaccaratView, SIDES, type Side } from './baccarat-model';

/** Punto banco: back the player, the banker or a tie, then the coup follows the drawing rules. */
export default function BaccaratClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const payouts = (session.game.rules as { payouts?: Partial<Record<Side | 'bankerOnSix', number>> }).payouts ?? {};
  const noCommission = (session.game.rules as { variant?: string }).variant === 'no-commission';
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const [side, setSide] = useState<Side>('player');
  const view = round ? readBaccaratView(round.view) : null;

  const deal = () => {
    if (!busy) void game.bet({ amount, side });
  };
  usePrimaryHotkey(deal, !busy);

  return (
    <GameLayout
      stage={
        <div className="gc-felt">
          {view && (
            <div className="gc-bet__row gc-baccarat__hands">
              {(['player', 'banker'] as const).map((s) => (
                <div
                  key={s}
                  className={`gc-hand${view.outcome === s ? ' gc-hand--active' : ''}`}
                  data-testid={`${s}-hand`}
                >
                  <span className="gc-hand__label">
                    {t(`baccarat.${s}`)} · {s === 'player' ? view.playerTotal : view.bankerTotal}
                  </span>
                  <div className="gc-cards">
                    {(s === 'player' ? view.player : view.banker).map((c, i) => (
                      <Card key={i} card={readCard(c)} />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          )}
          <div className="gc-bet__row" role="radiogroup" aria-label={t('baccarat.sides')}>
            {SIDES.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={side === s}
                className="gc-baccarat__spot"
                data-testid={`bet-spot-${s}`}
                disabled={busy}
                onClick={() => setSide(s)}
              >
                <strong>{t(`baccarat.${s}`)}</strong>
                {payoutText(payouts[s]) && <span className="gc-muted">{payoutText(payouts[s])}</span>}
              </button>
            ))}
          </div>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy} />
          <PrimaryButton onClick={deal} disabled={busy} busy={busy}>
            {t('actions.deal')}
          </PrimaryButton>
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view
            ? `${t(`baccarat.won_${view.outcome}`)} ${round.win_cents > 0 ? t('result.win', { amount: money(round.win_cents) }) : t('result.no_win')}`
            : ''}
        </ResultLine>
      }
      rules={<p>{t(noCommission ? 'baccarat.rules_no_commission' : 'baccarat.rules')}</p>}
    />
  );
}
