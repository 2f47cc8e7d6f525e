import { formatMoney } from '../../i18n/format';
import { useGame } from '../hooks/game-context';

/** The last refusal of the host, in words, with the balance when funds were short. */
export function ErrorBanner() {
  const { error, t, money, clearError, relaunch, locale } = useGame();
  if (!error) return null;
  return (
    <div className="gc-error" role="alert" data-testid="game-error" data-code={error.code}>
      <p>
        {error.room
          ? t(`errors.${error.key}`, {
              limit: t(`errors.limit_kind_${error.room.kind}`),
              amount: formatMoney(error.room.cents, error.room.currency, locale),
            })
          : t(`errors.${error.key}`)}
        {error.balanceCents !== undefined && <> {t('errors.your_balance', { balance: money(error.balanceCents) })}</>}
      </p>
      <div className="gc-error__actions">
        {error.relaunch && (
          <button type="button" className="gc-btn gc-btn--small" onClick={relaunch}>
            {t('errors.relaunch')}
          </button>
        )}
        <button type="button" className="gc-btn gc-btn--small" onClick={clearError} aria-label={t('errors.dismiss')}>
          ×
        </button>
      </div>
    </div>
  );
}
