import { useState } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import type { Locale } from '@croupier/shared/locales';
import { formatDate, formatMoney } from '../../../i18n/format';
import type { Account, Player } from '../../../lib/api-types';

const DAY_MS = 86_400_000;

/** Account facts and wallets of the signed-in player. */
export function ProfileView({
  user,
  accounts,
  locale,
}: {
  user: Player;
  accounts: readonly Account[] | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('account');
  const [now] = useState(() => Date.now());
  const days = user.created_at ? Math.max(0, Math.floor((now - new Date(user.created_at).getTime()) / DAY_MS)) : null;
  const rows: [string, string][] = [
    [t('profile.email'), user.email],
    [t('profile.nickname'), user.nickname || t('profile.not_set')],
    [t('profile.currency'), user.currency],
    [t('profile.member_since'), user.created_at ? formatDate(user.created_at, locale) : t('profile.not_set')],
    [t('profile.verified'), user.verified ? t('profile.verified') : t('profile.not_verified')],
    [t('profile.two_factor'), user.two_factor_enabled ? t('profile.enabled') : t('profile.disabled')],
  ];
  return (
    <>
      <section className="card" aria-labelledby="profile-account">
        <h2 id="profile-account">{t('profile.account')}</h2>
        {days !== null && <p className="muted">{t('profile.member_days', { count: days })}</p>}
        <dl className="facts">
          {rows.map(([label, value]) => (
            <div key={label} className="facts__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {accounts && accounts.length > 0 && (
        <section className="card" aria-labelledby="profile-wallets">
          <h2 id="profile-wallets">{t('wallets.title')}</h2>
          <div className="table-scroll">
            <table className="wallets">
              <thead>
                <tr>
                  <th scope="col">{t('profile.currency')}</th>
                  <th scope="col">{t('wallets.total')}</th>
                  <th scope="col">{t('wallets.cash')}</th>
                  <th scope="col">{t('wallets.bonus')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.currency}>
                    <th scope="row">
                      {a.currency}{' '}
                      {a.currency === user.currency && <span className="badge">{t('wallets.active')}</span>}
                    </th>
                    <td>{formatMoney(a.amount_cents, a.currency, locale)}</td>
                    <td>{formatMoney(a.available_to_cashout_cents, a.currency, locale)}</td>
                    <td>{formatMoney(a.amount_cents - a.available_to_cashout_cents, a.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
