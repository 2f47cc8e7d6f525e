import { FormError } from '../../components/ui/form-error';
import { useTranslation } from '../../i18n/runtime';
import { useAccounts } from '../../lib/player/get-accounts';
import { useSwitchWallet } from '../../lib/player/switch-wallet';
import { ProfileForm } from '../../features/account/components/profile-form';
import { ProfileView } from '../../features/account/components/profile-view';
import { PhoneCard } from '../../features/profile/components/phone-card';
import { SubscriptionsCard } from '../../features/profile/components/subscriptions-card';
import { Link } from 'react-router';
import { href } from '../../config/paths';
import { PrivacyData } from '../../features/account/components/privacy-data';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { useLocale } from '../../i18n/use-locale';
import { useBoot } from '../../lib/boot';
import { guardClientLoader } from '../../lib/guard-client';
import { guardLoader } from '../../lib/guard.server';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

export const handle: RouteHandle = { requiresAuth: true, gtmPlace: 'profile' };
export const loader = guardLoader(handle);
export const clientLoader = guardClientLoader(handle);
export const meta = pageMeta('account:meta.profile_title', 'account:meta.profile_description');

/** /users: the player's profile (login required). */
export default function ProfileRoute() {
  const { t } = useTranslation('account');
  const { user } = useCurrentUser();
  const { countryCodes } = useBoot();
  const locale = useLocale();
  const accounts = useAccounts(Boolean(user));
  const switchWallet = useSwitchWallet();
  if (!user) return null;
  const formKey = [
    user.first_name,
    user.last_name,
    user.date_of_birth,
    user.gender,
    user.mobile_phone,
    user.country,
    user.city,
    user.address,
    user.postal_code,
    user.receive_promos,
  ].join('|');
  return (
    <section className="container page profile">
      <h1>{t('profile.title')}</h1>
      <div className="profile__grid">
        <div className="profile__side">
          <ProfileView
            user={user}
            accounts={accounts.data}
            locale={locale}
            onUseWallet={(currency) => switchWallet.mutate(currency)}
            switchingTo={switchWallet.isPending ? switchWallet.variables : null}
          />
          {switchWallet.isError && <FormError message={t('wallets.switch_failed')} />}
          <section className="card" aria-labelledby="profile-security-title">
            <h2 id="profile-security-title">{t('security:profile_link.title')}</h2>
            <p className="muted">{t('security:profile_link.text')}</p>
            <Link to={href('security', locale)} className="btn btn--secondary">
              {t('security:profile_link.open')}
            </Link>
          </section>
          <PrivacyData locale={locale} />
        </div>
        <ProfileForm key={formKey} user={user} countryCodes={countryCodes} />
        <div className="profile__contact">
          <PhoneCard />
          <SubscriptionsCard />
        </div>
      </div>
    </section>
  );
}
