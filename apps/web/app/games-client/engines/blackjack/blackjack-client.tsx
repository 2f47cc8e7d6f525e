import { useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { Card, cardName, readCard } from '../shared/cards';
import { ACTIONS, dealerCards, hasSurrender, readBlackjackView, type BlackjackAction } from './blackjack-model';

const KEYS: Record<string, BlackjackAction> = { h: 'hit', s: 'stand', d: 'double', p: 'split', r: 'surrender' };

/** Blackjack: deal, then hit, stand, double, split or surrender hand by hand. */
export default function BlackjackClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const surrender = hasSurrender(session.game.rules);
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const view = round ? readBlackjackView(round.view) : null;
  const open = round?.status === 'open';
  const allowed = new Set<BlackjackAction>(open ? (view?.actions ?? []) : []);

  const deal = () => {
    if (!busy && !open) void game.bet({ amount });
  };
  const act = (type: BlackjackAction) => {
    if (!busy && allowed.has(type)) void game.act({ type });
  };
  usePrimaryHotkey(deal, !busy && !open);

  const cards = (list: (number | null)[]) => {
    const faces = list.map((c) => (c === null ? null : readCard(c)));
    return (
      <div className="gc-cards" aria-label={faces.map(cardName).join(' ')}>
        {faces.map((c, i) => (
          <Card key={i} card={c} />
        ))}
      </div>
    );
  };

  return (
    <GameLayout
      stage={
        <div
          className="gc-felt"
          onKeyDown={(e) => {
            const action = KEYS[e.key.toLowerCase()];
            if (action && open) act(action);
          }}
        >
          {view ? (
            <>
              <div className="gc-hand" data-testid="dealer-hand">
                <span className="gc-hand__label">
                  {t('blackjack.dealer')} · {view.dealerTotal}
                </span>
                {cards(dealerCards(view, open))}
              </div>
              <div className="gc-bet__row">
                {view.hands.map((h, i) => {
                  const total = view.totals[i];
                  const active = open && i === view.active;
                  return (
                    <div
                      key={i}
                      className={`gc-hand${active ? ' gc-hand--active' : ''}`}
                      data-testid={`player-hand-${i}`}
                      aria-current={active || undefined}
                    >
                      <span className="gc-hand__label">
                        {view.hands.length > 1 ? t('blackjack.hand_n', { n: i + 1 }) : t('blackjack.you')}
                        {total &&
                          ` · ${total.soft && total.total < 21 ? t('blackjack.soft', { total: total.total }) : total.total}`}
                        {` · ${money(h.stake)}`}
                      </span>
                      {cards(h.cards)}
                      {h.result && <span className="gc-hand__label">{t(`blackjack.outcome.${h.result}`)}</span>}
                    </div>
                  );
                })}
              </div>
            </>
          ) : (
            <p className="gc-muted">{t('blackjack.place_bet')}</p>
          )}
          <p className="gc-muted gc-felt__rules" data-testid="blackjack-rules">
            {t(surrender ? 'blackjack.rules_surrender' : 'blackjack.rules')}
          </p>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || open} />
          {open ? (
            <div className="gc-bet__row" role="group" aria-label={t('blackjack.actions')}>
              {ACTIONS.filter((a) => a !== 'surrender' || surrender).map((a) => (
                <button
                  key={a}
                  type="button"
                  className="gc-btn"
                  data-testid={`action-${a}`}
                  disabled={busy || !allowed.has(a)}
                  onClick={() => act(a)}
                  aria-keyshortcuts={Object.keys(KEYS).find((k) => KEYS[k] === a)}
                >
                  {t(`blackjack.${a}`)}
                </button>
              ))}
            </div>
          ) : (
            <PrimaryButton onClick={deal} disabled={busy} busy={busy}>
              {t('actions.deal')}
            </PrimaryButton>
          )}
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round || open ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && !open
            ? round.win_cents > 0
              ? t('result.win', { amount: money(round.win_cents) })
              : t('result.no_win')
            : open
              ? t('blackjack.your_move')
              : ''}
        </ResultLine>
      }
      rules={
        <>
          <p>{t(surrender ? 'blackjack.rules_surrender' : 'blackjack.rules')}</p>
          <p className="gc-muted">{t('blackjack.keys')}</p>
        </>
      }
    />
  );
}
