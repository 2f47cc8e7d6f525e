import { useState } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import type { Locale } from '@croupier/shared/locales';
import { formatDate, formatMoney } from '../../../i18n/format';
import type { Account, Player } from '../../../lib/api-types';

const DAY_MS = 86_400_000;

/**
 * Account facts and wallets of the signed-in player. `onUseWallet` makes another wallet the one the
 * player plays in (coins deposited to a crypto address land in that coin's wallet).
 */
export function ProfileView({
  user,
  accounts,
  locale,
  onUseWallet,
  switchingTo = null,
}: {
  user: Player;
  accounts: readonly Account[] | undefined;
  locale: Locale;
  onUseWallet?: (currency: string) => void;
  /** The currency being switched to, while the request runs. */
  switchingTo?: string | null;
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
          {/* A card per wallet on a phone (shell.css); scrolls sideways on its own if it still cannot fit:
              focusable, so a keyboard can scroll it too. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-labelledby="profile-wallets">
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
                      {a.currency === user.currency ? (
                        <span className="badge">{t('wallets.active')}</span>
                      ) : (
                        onUseWallet && (
                          // Next to the currency, not in a column of its own: always in view on a phone.
                          <button
                            type="button"
                            className="btn btn--secondary btn--sm wallets__use"
                            onClick={() => onUseWallet(a.currency)}
                            disabled={switchingTo !== null}
                            aria-busy={switchingTo === a.currency || undefined}
                            aria-label={t('wallets.use', { currency: a.currency })}
                          >
                            {switchingTo === a.currency ? t('wallets.switching') : t('wallets.use_short')}
                          </button>
                        )
                      )}
                    </th>
                    <td data-label={t('wallets.total')}>{formatMoney(a.amount_cents, a.currency, locale)}</td>
                    <td data-label={t('wallets.cash')}>
                      {formatMoney(a.available_to_cashout_cents, a.currency, locale)}
                    </td>
                    <td data-label={t('wallets.bonus')}>
                      {formatMoney(a.amount_cents - a.available_to_cashout_cents, a.currency, locale)}
                    </td>
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
