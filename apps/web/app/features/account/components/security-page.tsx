import type { Locale } from '@croupier/shared/locales';
import { useTranslation } from '../../../i18n/runtime';
import type { Player } from '../../../lib/api-types';
import { SecuritySettings } from './security-settings';
import { SessionsList } from './sessions-list';
import './security.css';

/**
 * The page body of /users/security (docs/auth.md): password, e-mail address and two-factor
 * authentication with its recovery codes in one card, the active sessions in the other.
 */
export function SecurityPage({ user, locale }: { user: Player; locale: Locale }) {
  const { t } = useTranslation('security');
  return (
    <section className="container page security" aria-labelledby="security-page-title">
      <h1 id="security-page-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <div className="security__grid">
        <SecuritySettings user={user} />
        <SessionsList locale={locale} />
      </div>
    </section>
  );
}
