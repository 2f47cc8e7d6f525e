import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { Link, NavLink } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { href, type PathName } from '../../config/paths';
import { Icon, type IconName } from '../ui/icons';
import { AccountMenu } from './account-menu';
import { LocaleSwitcher } from './locale-switcher';

const NAV: { path: PathName; label: string; icon: IconName; end?: boolean }[] = [
  { path: 'home', label: 'nav.home', icon: 'home', end: true },
  { path: 'pokies', label: 'nav.pokies', icon: 'pokies' },
  { path: 'live', label: 'nav.live', icon: 'live' },
  { path: 'producers', label: 'nav.producers', icon: 'producers' },
  { path: 'favourites', label: 'nav.favourites', icon: 'heart' },
];

export interface HeaderProps {
  locale: Locale;
  currentPath: string;
  /** Display name of the signed-in player, or null for a guest. */
  playerName: string | null;
  /** Formatted balance of the current wallet, or null while unknown. */
  balance: string | null;
  /** Its cash and bonus parts, formatted, while it holds bonus money (docs/bonuses.md#what-the-player-sees); else null. */
  balanceParts?: { cash: string; bonus: string } | null;
  /** The bonus wagering meter, composed by the layout (components never import features). */
  wagering?: ReactNode;
  onSignOut: () => void;
  onLocaleSelect: (locale: Locale, to: string) => void;
}

/**
 * Site header: wordmark, main navigation (a bottom bar on phones), search, language, and the
 * player's balance and menu or the guest's sign-in / sign-up buttons.
 */
export function Header({
  locale,
  currentPath,
  playerName,
  balance,
  balanceParts = null,
  wagering = null,
  onSignOut,
  onLocaleSelect,
}: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skip_to_content')}
      </a>
      <div className="site-header__inner container">
        <Link to={href('home', locale)} className="logo" aria-label={t('brand')}>
          <span className="logo__mark" aria-hidden="true">
            ♠
          </span>
          <span className="logo__word">Croupier</span>
        </Link>
        <nav className="main-nav" aria-label={t('nav.main')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.path}>
                <NavLink to={href(item.path, locale)} end={item.end} className="main-nav__link">
                  <Icon name={item.icon} />
                  <span>{t(item.label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <Link
            to={href('search', locale)}
            className="btn btn--ghost btn--icon"
            aria-label={t('nav.search')}
            title={t('nav.search')}
          >
            <Icon name="search" />
          </Link>
          <div className="site-header__locale">
            <LocaleSwitcher locale={locale} currentPath={currentPath} onSelect={onLocaleSelect} />
          </div>
          {playerName ? (
            <>
              {/* On a phone the wagering meter is drawn as a bar inside the balance (shell.css). */}
              <div className="balance-group">
                <p className="balance" aria-live="off">
                  <span className="visually-hidden">{t('header.balance')}: </span>
                  <span className="balance__amount">{balance ?? '—'}</span>
                  {balanceParts && (
                    <span className="balance__parts">
                      {t('header.balance_parts', { cash: balanceParts.cash, bonus: balanceParts.bonus })}
                    </span>
                  )}
                </p>
                {wagering}
              </div>
              <Link
                to={href('deposit', locale)}
                preventScrollReset
                className="btn btn--primary btn--sm site-header__deposit"
                data-testid="header-deposit"
              >
                {t('header.deposit')}
              </Link>
              <AccountMenu
                name={playerName}
                profileHref={href('profile', locale)}
                historyHref={href('gamesHistory', locale)}
                paymentsHref={href('payments', locale)}
                limitsHref={href('limits', locale)}
                securityHref={href('security', locale)}
                verificationHref={href('verification', locale)}
                giftsHref={href('gifts', locale)}
                promocodeHref={href('promocode', locale)}
                onSignOut={onSignOut}
              />
            </>
          ) : (
            <>
              <Link to={href('signIn', locale)} preventScrollReset className="btn btn--ghost btn--sm">
                {t('header.sign_in')}
              </Link>
              <Link to={href('signUp', locale)} preventScrollReset className="btn btn--primary btn--sm">
                {t('header.sign_up')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
