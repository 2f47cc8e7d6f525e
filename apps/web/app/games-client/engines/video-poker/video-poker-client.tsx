import { useEffect, useState } from 'react';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { Card, cardName, readCard } from '../shared/cards';
import { heldCards, holdMask, paytableRows, readPokerView, rowOf } from './video-poker-model';

const NO_HOLDS = [false, false, false, false, false];

type HoldState = { roundId: number | null; hold: boolean[] };

function toggleHold(set: (update: (s: HoldState) => HoldState) => void, roundId: number | null, i: number) {
  set((s) => {
    const base = s.roundId === roundId ? s.hold : NO_HOLDS;
    return { roundId, hold: base.map((v, k) => (k === i ? !v : v)) };
  });
}

/** Video poker: deal five cards, toggle holds (click or keys 1–5), draw once. */
export default function VideoPokerClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const paytable = paytableRows(session.game.rules);
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  // Holds belong to one deal: a new round starts with none held.
  const [holdState, setHoldState] = useState<HoldState>({ roundId: null, hold: NO_HOLDS });
  const hold = holdState.roundId === (round?.id ?? null) ? holdState.hold : NO_HOLDS;
  const roundId = round?.id ?? null;
  const view = round ? readPokerView(round.view) : null;
  const open = round?.status === 'open';

  const deal = () => {
    if (!busy && !open) void game.bet({ amount });
  };
  const draw = () => {
    if (!busy && open) void game.act({ type: 'draw', hold: holdMask(hold) });
  };
  usePrimaryHotkey(open ? draw : deal, !busy);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const i = Number(e.key) - 1;
      if (i >= 0 && i < 5 && !(e.target as Element | null)?.closest?.('input, textarea, select'))
        toggleHold(setHoldState, roundId, i);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, roundId]);

  const stakeUnits = round?.stake_cents ?? amount;
  const minPair = (session.game.rules as { minPair?: number }).minPair ?? 10;
  const handName = (hand: string) =>
    hand === 'high-pair'
      ? t(minPair === 9 ? 'poker.hand.high-pair-tens' : 'poker.hand.high-pair-jacks')
      : t(`poker.hand.${hand}`);
  const winningRow = view && !open ? rowOf(view.rank, paytable) : null;
  const finalHeld = view && !open ? heldCards(view.held) : null;
  return (
    <GameLayout
      stage={
        <div className="gc-felt gc-poker">
          <table className="gc-table gc-poker__paytable">
            <caption className="gc-visually-hidden">{t('poker.paytable')}</caption>
            <tbody>
              {paytable.map((row) => (
                <tr key={row.hand} className={winningRow === row.hand ? 'gc-row--win' : undefined}>
                  <th scope="row">{handName(row.hand)}</th>
                  <td>{row.pays}×</td>
                  <td>{money(Math.floor(stakeUnits * row.pays))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="gc-cards" role="group" aria-label={t('poker.cards')}>
            {(view ? view.hand.map(readCard) : [null, null, null, null, null]).map((c, i) =>
              open ? (
                <button
                  key={i}
                  type="button"
                  className="gc-poker__hold"
                  data-testid={`card-${i}`}
                  aria-pressed={hold[i]}
                  aria-keyshortcuts={String(i + 1)}
                  aria-label={`${cardName(c)} – ${t(hold[i] ? 'poker.held' : 'poker.hold')}`}
                  disabled={busy}
                  onClick={() => toggleHold(setHoldState, roundId, i)}
                >
                  <Card card={c} held={hold[i]} />
                  <span className="gc-poker__held">{hold[i] ? t('poker.held') : ' '}</span>
                </button>
              ) : (
                <span key={i} className="gc-poker__hold" data-testid={`card-${i}`}>
                  <Card card={c} held={finalHeld?.[i]} />
                  <span className="gc-poker__held"> </span>
                </span>
              ),
            )}
          </div>
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || open} />
          {open ? (
            <button
              type="button"
              className="gc-btn gc-btn--primary"
              data-testid="draw-button"
              disabled={busy}
              onClick={draw}
            >
              {t('actions.draw')}
            </button>
          ) : (
            <PrimaryButton onClick={deal} disabled={busy} busy={busy}>
              {t('actions.deal')}
            </PrimaryButton>
          )}
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!round || open ? 'neutral' : round.win_cents > 0 ? 'win' : 'loss'}>
          {round && view && !open
            ? round.win_cents > 0
              ? `${view.rank ? handName(rowOf(view.rank, paytable) ?? view.rank) : ''}. ${t('result.win', { amount: money(round.win_cents) })}`
              : t('result.no_win')
            : open
              ? t('poker.choose_holds')
              : ''}
        </ResultLine>
      }
      rules={<p>{t('poker.rules')}</p>}
    />
  );
}
