import { useState, type CSSProperties } from 'react';
import { useGame } from '../../hooks/game-context';
import {
  fiveNumberSpot,
  INSIDE_MODES,
  insideSpotName,
  insideSpots,
  numberColour,
  numberLabel,
  outsideSpots,
  straightSpot,
  type Chips,
  type InsideMode,
  type Spot,
  DOUBLE_ZERO,
} from './roulette-model';

/** All spots of the layout, the ones the model's bet list takes. */
export function layoutSpots(american: boolean): Spot[] {
  const numbers = Array.from({ length: 37 }, (_, n) => straightSpot(n));
  return [
    ...numbers,
    ...(american ? [straightSpot(DOUBLE_ZERO), fiveNumberSpot()] : []),
    ...insideSpots(),
    ...outsideSpots(),
  ];
}

const INSIDE_KIND = /^(split|street|corner|line)-/;

/**
 * Where number n sits: the wide layout has 12 columns of three (3 on top), the narrow (phone)
 * layout 12 rows of three (1, 2, 3 on the first row). The stylesheet picks one of the two.
 */
function cellPlace(n: number): CSSProperties {
  const column = Math.ceil(n / 3);
  const third = ((n - 1) % 3) + 1;
  return { '--rt-h-col': column, '--rt-h-row': 4 - third, '--rt-v-row': column, '--rt-v-col': third } as CSSProperties;
}

/**
 * The betting layout: zero(s), the 3×12 number grid, columns, dozens and even-money spots. A click
 * (or Enter/Space on the focused spot) adds one chip of the chosen value; the chip total shows on
 * the spot. Splits, streets, corners and six lines are placed by choosing the bet kind first and then
 * the number that anchors it (a pointer target between two cells is too small on a phone and has no
 * keyboard equivalent); those chips are listed under the layout.
 */
export function RouletteTable({
  chips,
  onPlace,
  disabled,
  american,
  winning,
}: {
  chips: Chips;
  onPlace(spot: string): void;
  disabled: boolean;
  american: boolean;
  winning: number | null;
}) {
  const { t, money } = useGame();
  const [mode, setMode] = useState<InsideMode>('straight');
  const spotLabel = (name: string, label: string) => {
    if (/^\d+$/.test(name)) return t('roulette.spot.number', { label });
    const [kind, ...rest] = name.split('-');
    return t(`roulette.spot.${kind}`, { n: rest.join('/') });
  };
  const insideChips = Object.entries(chips).filter(([name, amount]) => amount > 0 && INSIDE_KIND.test(name));
  const spot = (name: string, label: string, className: string, extra?: string, place?: CSSProperties) => {
    const amount = chips[name] ?? 0;
    return (
      <button
        key={name}
        type="button"
        className={`gc-rt__spot ${className}${extra ?? ''}`}
        style={place}
        data-testid={`bet-spot-${name}`}
        disabled={disabled}
        aria-label={`${spotLabel(name, label)}${amount ? `, ${money(amount)}` : ''}`}
        onClick={() => onPlace(name)}
      >
        <span aria-hidden="true">{label}</span>
        {amount > 0 && <span className="gc-chip">{money(amount)}</span>}
      </button>
    );
  };
  // In an inside-bet mode a number cell places the bet it anchors; cells that anchor none are disabled.
  const numberCell = (n: number, className: string, extra: string) => {
    const place = cellPlace(n);
    if (mode === 'straight') return spot(String(n), numberLabel(n), className, extra, place);
    const name = insideSpotName(mode, n);
    return (
      <button
        key={n}
        type="button"
        className={`gc-rt__spot ${className}${extra}`}
        style={place}
        data-testid={`bet-spot-${n}`}
        disabled={disabled || !name}
        aria-label={name ? spotLabel(name, '') : numberLabel(n)}
        onClick={() => name && onPlace(name)}
      >
        <span aria-hidden="true">{numberLabel(n)}</span>
      </button>
    );
  };
  const rows = [3, 2, 1];
  return (
    <div className="gc-rt-wrap">
      <div className="gc-rt__modes" role="radiogroup" aria-label={t('roulette.mode_label')}>
        {INSIDE_MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            className="gc-btn gc-btn--small"
            data-testid={`bet-mode-${m}`}
            onClick={() => setMode(m)}
          >
            {t(`roulette.mode.${m}`)}
          </button>
        ))}
      </div>
      <div className="gc-rt" role="group" aria-label={t('roulette.layout')}>
        <div className="gc-rt__zeros">
          {spot('0', '0', 'gc-rt__n gc-rt__n--green', winning === 0 ? ' gc-rt__spot--win' : '')}
          {american && spot('00', '00', 'gc-rt__n gc-rt__n--green', winning === DOUBLE_ZERO ? ' gc-rt__spot--win' : '')}
        </div>
        <div className="gc-rt__grid">
          {rows.map((r) =>
            Array.from({ length: 12 }, (_, c) => {
              const n = c * 3 + r;
              return numberCell(n, `gc-rt__n gc-rt__n--${numberColour(n)}`, winning === n ? ' gc-rt__spot--win' : '');
            }),
          )}
        </div>
        <div className="gc-rt__columns">
          {[3, 2, 1].map((c) =>
            spot(`column-${c}`, '2:1', 'gc-rt__out', '', { '--rt-h-row': 4 - c, '--rt-v-col': c } as CSSProperties),
          )}
        </div>
        <div className="gc-rt__dozens">
          {[1, 2, 3].map((d) => spot(`dozen-${d}`, t(`roulette.dozen_short_${d}`), 'gc-rt__out'))}
        </div>
        <div className="gc-rt__even">
          {spot('low', '1–18', 'gc-rt__out')}
          {spot('even', t('roulette.even'), 'gc-rt__out')}
          {spot('red', '◆', 'gc-rt__out gc-rt__out--red')}
          {spot('black', '◆', 'gc-rt__out gc-rt__out--black')}
          {spot('odd', t('roulette.odd'), 'gc-rt__out')}
          {spot('high', '19–36', 'gc-rt__out')}
          {american && spot('five', '0-00-1-2-3', 'gc-rt__out')}
        </div>
      </div>
      {insideChips.length > 0 && (
        <ul className="gc-rt__inside" aria-label={t('roulette.inside_bets')} data-testid="inside-bets">
          {insideChips.map(([name, amount]) => (
            <li key={name}>
              {spotLabel(name, '')}: <strong>{money(amount)}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The winning number as a coloured ball; `spinning` shows a neutral placeholder. */
export function WinningNumber({ number, spinning }: { number: number | null; spinning?: boolean }) {
  const { t } = useGame();
  if (number === null || spinning) {
    return (
      <div
        className={`gc-ball${spinning ? ' gc-ball--spinning' : ''}`}
        data-testid="roulette-number"
        aria-label={t('roulette.no_number')}
      >
        ?
      </div>
    );
  }
  return (
    <div
      className={`gc-ball gc-ball--${numberColour(number)}`}
      data-testid="roulette-number"
      data-number={numberLabel(number)}
    >
      {numberLabel(number)}
    </div>
  );
}
