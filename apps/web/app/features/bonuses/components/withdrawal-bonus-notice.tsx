import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useBonuses } from '../api/get-bonuses';
import { withdrawalForfeits } from '../lib/bonuses-logic';
import { bonusDisplayTitle } from '../lib/rule-text';
import './bonuses.css';

/**
 * The withdrawal's first step, before any password or payment detail (docs/bonuses.md#what-the-player-sees):
 * which of the wallet's bonuses a withdrawal ends and the bonus money each takes with it, and that
 * recalling the withdrawal brings none of it back. While the list is loading (or failed) it still
 * names the wallet's bonus money.
 */
export function WithdrawalBonusNotice({ currency, bonusCents }: { currency: string; bonusCents: number }) {
  const { t, i18n } = useTranslation('bonuses');
  const bonuses = useBonuses();
  const forfeits = withdrawalForfeits(bonuses.data ?? [], currency);
  if (forfeits.length === 0 && bonusCents <= 0) return null;
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  return (
    <div className="bonus-withdrawal-notice" role="note" aria-labelledby="bonus-withdrawal-notice-title">
      <p id="bonus-withdrawal-notice-title" className="bonus-withdrawal-notice__title">
        {t('withdrawal.notice_title')}
      </p>
      {forfeits.length > 0 ? (
        <ul className="bonus-withdrawal-notice__list">
          {forfeits.map(({ bonus, cents }) => (
            <li key={bonus.id}>
              {t(bonus.stage === 'handle_bets' ? 'withdrawal.notice_wagering' : 'withdrawal.notice_queued', {
                title: bonusDisplayTitle(bonus, i18n),
                amount: money(cents),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('withdrawal.notice_money', { amount: money(bonusCents) })}</p>
      )}
      <p>{t('withdrawal.no_restore')}</p>
    </div>
  );
}
