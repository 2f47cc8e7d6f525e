import { useId, useMemo, useState } from 'react';
import { useApi } from '../../../lib/api-context';
import { createBonusApi } from '../../api/games-api';
import { BetControl } from '../../components/bet-control';
import { GameLayout } from '../../components/game-layout';
import { PrimaryButton } from '../../components/primary-button';
import { ResultLine } from '../../components/result-line';
import { useGame } from '../../hooks/game-context';
import { useFreeSpinPacks } from '../../hooks/use-bonus-play';
import { usePlayback } from '../../hooks/use-playback';
import { usePrimaryHotkey } from '../../hooks/use-primary-hotkey';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { SymbolIcon } from '../../components/symbol-icon';
import { packOutcome, type PackOutcome } from '../../lib/bonus-play';
import { readSlotView, restingWindow, unitsToMinor, winAfter, winningCells, type SlotRules } from './slot-model';
import { themeArt, type SymbolArt } from './slot-themes';

const REEL_MS = 650;
const FREE_SPIN_MS = 1_100;

/**
 * Video slots (all three math models, every theme): 5×3 reels, winning paylines highlighted, and
 * the free spins of a round played back one by one from the round's view with a running win.
 * Before the first spin the reels rest at stop 0 of their strips. A player with a free-spin pack
 * for this game (docs/bonuses.md#free-spin-packs-codes) gets a second button that plays one spin of
 * it, shown on the reels like any spin; after the pack's last spin it says what the pack won.
 */
export default function SlotsClient() {
  const game = useGame();
  const { session, round, busy, t, money } = game;
  const rules = session.game.rules as SlotRules;
  const art = useMemo(
    () => themeArt(session.game.theme.symbol, rules.symbols),
    [session.game.theme.symbol, rules.symbols],
  );
  const resting = useMemo(() => restingWindow(rules), [rules]);
  const reduced = useReducedMotion();
  const [amount, setAmount] = useState(session.bet_limits.default_cents);
  const packs = useFreeSpinPacks(session);
  const api = useApi();
  // What the last pack won, shown once its last spin has played out (by round id).
  const [finished, setFinished] = useState<{ roundId: number; outcome: PackOutcome } | null>(null);
  const view = round ? readSlotView(round.view) : null;
  // Step 0: the reels spin; step k: spins 1…k of the round (the paid spin, then free spins) shown.
  const total = view?.spins.length ?? 0;
  const playback = usePlayback(view ? round!.id : null, total, FREE_SPIN_MS, REEL_MS, reduced);
  const played = playback.step;
  const spinning = view !== null && played === 0;
  const playing = view !== null && !playback.done;

  const spin = () => {
    if (playing) {
      // Space during playback skips to the end rather than queueing another bet.
      playback.skip();
      return;
    }
    if (!busy) void game.bet({ amount });
  };
  usePrimaryHotkey(spin, !busy);

  const freeSpin = async (packId: number) => {
    if (busy || playing) return;
    const keyboard = document.activeElement?.getAttribute('data-testid') === 'freespin-button';
    const answer = await game.freeSpin(packId);
    if (!answer?.freespins) {
      // Refused (the pack ended, or another tab played its last spin): read the packs again.
      if (!answer) packs.reload();
      return;
    }
    const spun = answer.freespins;
    packs.afterSpin(spun);
    if (spun.stage !== 'finished') return;
    // The pack's button goes with its last spin: the keyboard moves on to the spin button.
    if (keyboard)
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="spin-button"]')?.focus());
    // The winnings bonus was issued in the spin's transaction; read it to say what it became.
    const bonuses =
      spun.win_cents > 0
        ? await createBonusApi(api)
            .bonuses()
            .catch(() => null)
        : null;
    setFinished({ roundId: answer.round.id, outcome: packOutcome(spun, session.currency, bonuses) });
  };

  const current = view && played > 0 ? view.spins[played - 1]! : null;
  const cells = current ? winningCells(current, rules) : new Set<string>();
  const shownWin = view ? winAfter(view, played, rules.lines) : 0;
  const freeTotal = view ? view.spins.filter((s) => s.kind === 'free').length : 0;
  const freeIndex = view ? view.spins.slice(0, played).filter((s) => s.kind === 'free').length : 0;
  const done = view !== null && !playing;
  const name = (id: number) => symbolName(art.get(id), t) ?? String(id);
  const shownWindow = current?.window ?? resting;
  const lineMoney = (units: number) => unitsToMinor(view?.bet.amount ?? amount, units, rules.lines);
  const outcome = finished && done && finished.roundId === round?.id ? finished.outcome : null;

  return (
    <GameLayout
      stage={
        <div className="gc-slot">
          <div className="gc-slot__status" aria-live="polite">
            {current?.kind === 'free' ? (
              <span data-testid="free-spins">{t('slots.free_spin', { n: freeIndex, total: freeTotal })}</span>
            ) : (
              <span />
            )}
            <span className="gc-slot__win" data-testid="win-counter">
              {t('slots.win')}: {money(shownWin)}
            </span>
          </div>
          <div
            className={`gc-reels${spinning ? ' gc-reels--spinning' : ''}`}
            role="img"
            data-testid="reels"
            aria-label={t('slots.grid', { symbols: shownWindow.map((reel) => reel.map(name).join(', ')).join(' | ') })}
          >
            {Array.from({ length: rules.reels }, (_, reel) => (
              <div className="gc-reel" key={reel} style={{ animationDelay: `${reel * 70}ms` }}>
                {Array.from({ length: rules.rows }, (_, row) => {
                  const id = shownWindow[reel]?.[row];
                  const a = id !== undefined ? art.get(id) : undefined;
                  return (
                    <span
                      key={row}
                      className={`gc-sym gc-sym--${a?.kind ?? 'blank'}${cells.has(`${reel}:${row}`) ? ' gc-sym--win' : ''}`}
                      data-symbol={id}
                    >
                      <SymbolFace art={a} />
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
          {current && (current.lineWins.length > 0 || current.scatterPay > 0) && (
            <ul className="gc-slot__lines">
              {current.lineWins.map((w) => (
                <li key={w.line}>
                  {t('slots.line_win', {
                    line: w.line + 1,
                    n: w.count,
                    symbol: name(w.symbol),
                    amount: money(lineMoney(w.pay * current.multiplier)),
                  })}
                </li>
              ))}
              {current.scatterPay > 0 && (
                <li>{t('slots.scatter_win', { amount: money(lineMoney(current.scatterPay * current.multiplier)) })}</li>
              )}
            </ul>
          )}
          {session.mode === 'real' && (
            <p className="gc-slot__pack-note" role="status" data-testid="freespins-outcome">
              {outcome ? packOutcomeText(outcome, t, money) : ''}
            </p>
          )}
        </div>
      }
      controls={
        <>
          <BetControl value={amount} onChange={setAmount} disabled={busy || playing} />
          <PrimaryButton onClick={spin} disabled={busy} busy={busy || playing}>
            {playing ? t('actions.skip') : t('actions.spin')}
          </PrimaryButton>
          {packs.pack && (
            <FreeSpinButton
              left={packs.pack.freespins_total - packs.pack.freespins_performed}
              total={packs.pack.freespins_total}
              stake={money(packs.pack.bet_level)}
              disabled={busy || playing}
              onClick={() => void freeSpin(packs.pack!.id)}
            />
          )}
        </>
      }
      result={
        <ResultLine roundId={round?.id} tone={!done ? 'neutral' : round!.win_cents > 0 ? 'win' : 'loss'}>
          {done
            ? `${freeTotal > 0 ? `${t('slots.free_spins_played', { n: freeTotal })} ` : ''}${round!.win_cents > 0 ? t('result.win', { amount: money(round!.win_cents) }) : t('result.no_win')}`
            : ''}
        </ResultLine>
      }
      rules={<SlotRulesInfo rules={rules} art={art} />}
    />
  );
}

type Translate = ReturnType<typeof useGame>['t'];

/** "Play a free spin (7 of 20 left)", with the stake each spin is played at under it. */
function FreeSpinButton({
  left,
  total,
  stake,
  disabled,
  onClick,
}: {
  left: number;
  total: number;
  stake: string;
  disabled: boolean;
  onClick(): void;
}) {
  const { t } = useGame();
  const id = useId();
  return (
    <div className="gc-freespin">
      <button
        type="button"
        className="gc-btn gc-btn--freespin"
        data-testid="freespin-button"
        aria-describedby={id}
        disabled={disabled}
        onClick={onClick}
      >
        {t('freespins.play', { left, total })}
      </button>
      <p id={id} className="gc-bet__limits">
        {t('freespins.stake', { amount: stake })}
      </p>
    </div>
  );
}

/** The sentence after a pack's last spin: what it won and what that became. */
function packOutcomeText(outcome: PackOutcome, t: Translate, money: (minor: number) => string): string {
  if (outcome.kind === 'nothing') return t('freespins.won_nothing');
  const amount = money(outcome.amountCents);
  if (outcome.kind === 'wager' || outcome.kind === 'queued')
    return t(`freespins.won_${outcome.kind}`, { amount, multiplier: outcome.multiplier });
  return t(`freespins.won_${outcome.kind}`, { amount });
}

/** The text alternative of a reel symbol, in the player's language. */
function symbolName(art: SymbolArt | undefined, t: Translate): string | null {
  if (!art) return null;
  if (art.kind === 'wild') return t('slots.wild');
  if (art.kind === 'low') return art.text;
  return t(`symbols.${art.symbol}`);
}

/** What a reel cell shows; its name comes with the reels' label (or the paytable row). */
function SymbolFace({ art, label }: { art: SymbolArt | undefined; label?: string }) {
  const { t } = useGame();
  if (!art) return null;
  if (art.kind === 'wild') return <span className="gc-sym__text">{t('slots.wild')}</span>;
  if (art.kind === 'low') return <span className="gc-sym__text">{art.text}</span>;
  return <SymbolIcon symbol={art.symbol} className="gc-sym__art" label={label} />;
}

function SlotRulesInfo({ rules, art }: { rules: SlotRules; art: Map<number, SymbolArt> }) {
  const { t } = useGame();
  const name = (id: number) => symbolName(art.get(id), t) ?? String(id);
  const counts = [3, 4, 5];
  const scatter = rules.symbols.find((s) => s.role === 'scatter');
  return (
    <>
      <p>{t('slots.rules', { lines: rules.lines })}</p>
      {scatter && (
        <p>
          {t('slots.free_spins_rule', {
            symbol: name(scatter.id),
            spins: rules.freeSpins.join(' / '),
            multiplier: rules.freeSpinMultiplier,
            pays: rules.scatterPays.join(' / '),
          })}
        </p>
      )}
      <table className="gc-table" data-testid="paytable">
        <caption>{t('slots.paytable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('slots.symbol')}</th>
            {counts.map((c) => (
              <th scope="col" key={c}>
                {c}×
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rules.symbols
            .filter((s) => s.pays)
            .map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <span className={`gc-sym gc-sym--${s.role} gc-sym--mini`}>
                    <SymbolFace art={art.get(s.id)} label={name(s.id)} />
                  </span>
                </th>
                {s.pays!.map((p, i) => (
                  <td key={i}>{p}</td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
