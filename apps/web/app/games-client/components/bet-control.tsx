import { useEffect, useId, useState } from 'react';
import type { BetLimits } from '../api/types';
import { doubleBet, halveBet, parseMajorAmount, snapBet, stepBet, toMajorInput } from '../lib/bet-amount';
import { bonusLimits } from '../lib/bonus-play';
import { useGame } from '../hooks/game-context';

export interface BetControlProps {
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
  /** Overrides the session's limits (e.g. a per-spot chip). */
  limits?: BetLimits;
  label?: string;
}

/**
 * The stake in major units with −/+, ½ and ×2. Typing is free; the amount is snapped onto the
 * host's grid when the field is left, so the player sees the stake that will be sent. While a
 * bonus with a max bet is wagered, stakes above it are out of reach, with the reason under the
 * limits (advice: the bet check decides, docs/bonuses.md#where-each-rule-runs).
 */
export function BetControl({ value, onChange, disabled, limits: override, label }: BetControlProps) {
  const { session, t, money, bonusMaxBet } = useGame();
  const table = override ?? session.bet_limits;
  const { limits, advice } = bonusLimits(table, bonusMaxBet);
  const subunits = session.subunits_to_unit;
  const id = useId();
  // What the player is typing; null shows the committed amount.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? toMajorInput(value, subunits);

  // A stake chosen before the bonus started (or a cap that moved) comes down to the new maximum.
  useEffect(() => {
    if (value > limits.max_cents) onChange(limits.max_cents);
  }, [value, limits.max_cents, onChange]);

  const commit = () => {
    if (draft === null) return;
    const parsed = parseMajorAmount(draft, subunits);
    const next = parsed === null ? value : snapBet(parsed, limits);
    setDraft(null);
    if (next !== value) onChange(next);
  };

  return (
    <div className="gc-bet">
      <label htmlFor={id} className="gc-bet__label">
        {label ?? t('bet.label')} <span className="gc-bet__currency">({session.currency})</span>
      </label>
      <div className="gc-bet__row">
        <button
          type="button"
          className="gc-btn gc-btn--icon"
          aria-label={t('bet.decrease')}
          disabled={disabled || value <= limits.min_cents}
          onClick={() => onChange(stepBet(value, limits, -1))}
        >
          −
        </button>
        <input
          id={id}
          className="gc-bet__input"
          data-testid="bet-amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-describedby={advice !== null ? `${id}-limits ${id}-bonus` : `${id}-limits`}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className="gc-btn gc-btn--icon"
          aria-label={t('bet.increase')}
          disabled={disabled || value >= limits.max_cents}
          onClick={() => onChange(stepBet(value, limits, 1))}
        >
          +
        </button>
        <button
          type="button"
          className="gc-btn gc-btn--small"
          aria-label={t('bet.halve')}
          disabled={disabled}
          onClick={() => onChange(halveBet(value, limits))}
        >
          ½
        </button>
        <button
          type="button"
          className="gc-btn gc-btn--small"
          aria-label={t('bet.double')}
          disabled={disabled}
          onClick={() => onChange(doubleBet(value, limits))}
        >
          2×
        </button>
      </div>
      <p id={`${id}-limits`} className="gc-bet__limits">
        {t('bet.limits', { min: money(table.min_cents), max: money(table.max_cents) })}
      </p>
      {advice !== null && (
        <p id={`${id}-bonus`} className="gc-bet__limits gc-bet__bonus" data-testid="bonus-max-bet">
          {t('bet.bonus_max', { amount: money(advice) })}
        </p>
      )}
    </div>
  );
}
