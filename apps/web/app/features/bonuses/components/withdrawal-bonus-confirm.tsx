import { useEffect, useId, useRef } from 'react';
import type { BonusCancelInfo } from '@croupier/shared/api/bonuses';
import { useTranslation } from '../../../i18n/runtime';
import { CancelFiguresText } from './cancel-figures';
import './bonuses.css';

export interface WithdrawalBonusConfirmProps {
  /** The figures the withdrawal's 409 `bonus_active` answer carried. */
  info: BonusCancelInfo;
  /** Sends the withdrawal again with `forfeit_bonus: true`. */
  onConfirm: () => void;
  /** Back to the payment details; nothing is sent. */
  onCancel: () => void;
  busy: boolean;
}

/**
 * The withdrawal step's question while a bonus is being wagered (docs/bonuses.md#limits-withdrawals-privacy):
 * what the withdrawal removes and what stays, before the player decides. The cashbox route hands it
 * to the cashbox, which owns the request.
 */
export function WithdrawalBonusConfirm({ info, onConfirm, onCancel, busy }: WithdrawalBonusConfirmProps) {
  const { t } = useTranslation('bonuses');
  const titleId = useId();
  const figuresId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  // The question replaces the submit button that had the focus: the keyboard lands on the answer,
  // which reads out the figures it confirms.
  useEffect(() => confirm.current?.focus(), []);
  return (
    <section className="bonus-forfeit" aria-labelledby={titleId}>
      <h3 id={titleId} className="bonus-forfeit__title">
        {t('withdrawal.title')}
      </h3>
      <div id={figuresId}>
        <CancelFiguresText info={info} kind="withdrawal" />
        <p className="bonus-figures">{t('withdrawal.no_restore')}</p>
      </div>
      <div className="bonus-dialog__actions">
        <button
          type="button"
          className="btn btn--danger btn--block"
          ref={confirm}
          aria-describedby={figuresId}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {t('withdrawal.confirm')}
        </button>
        <button type="button" className="btn btn--ghost btn--block" disabled={busy} onClick={onCancel}>
          {t('withdrawal.keep')}
        </button>
      </div>
    </section>
  );
}
