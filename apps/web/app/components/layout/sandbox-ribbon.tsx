import { useTranslation } from '../../i18n/runtime';

/**
 * Shown on every page while payments run through the built-in sandbox provider: test cards and
 * coins credit balances there, so nobody may mistake the site for one that takes real money.
 */
export function SandboxRibbon() {
  const { t } = useTranslation('common');
  return (
    <p className="sandbox-ribbon" role="note" data-testid="sandbox-ribbon">
      <strong>{t('sandbox.ribbon')}</strong> <span className="sandbox-ribbon__details">{t('sandbox.details')}</span>
    </p>
  );
}
