import type { BonusCancelInfo } from '@croupier/shared/api/bonuses';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { cancelFigures } from '../lib/bonuses-logic';

/**
 * What a cancel removes and what stays (`cancel_info`), in one sentence of the given kind: the
 * gifts page's cancel or the withdrawal that cancels (docs/bonuses.md#what-the-player-sees). Figures
 * that cannot be read show the server's own strings rather than nothing.
 */
export function CancelFiguresText({
  info,
  kind,
  id,
}: {
  info: BonusCancelInfo;
  kind: 'cancel' | 'withdrawal';
  id?: string;
}) {
  const { t, i18n } = useTranslation('bonuses');
  const figures = cancelFigures(info);
  const money = (cents: number) => formatMoney(cents, info.currency, i18n.language);
  const values = figures
    ? { bonus: money(figures.bonusCents), winnings: money(figures.winningsCents), cash: money(figures.cashCents) }
    : {
        bonus: `${info.bonus_balance} ${info.currency}`,
        winnings: `${info.bonus_winnings} ${info.currency}`,
        cash: `${info.cash_balance} ${info.currency}`,
      };
  return (
    <p className="bonus-figures" id={id}>
      {t(`${kind}.figures`, values)}
    </p>
  );
}
