import { useRef } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { Link } from 'react-router';
import { Icon } from '../ui/icons';
import { useDisclosure } from '../ui/use-disclosure';

/** The signed-in player's menu: profile, gifts, promo codes, games history, payments, limits, security, verification and sign-out. */
export function AccountMenu({
  name,
  profileHref,
  historyHref,
  paymentsHref,
  limitsHref,
  securityHref,
  verificationHref,
  giftsHref,
  promocodeHref,
  onSignOut,
}: {
  name: string;
  profileHref: string;
  historyHref: string;
  paymentsHref: string;
  limitsHref: string;
  securityHref: string;
  verificationHref: string;
  giftsHref: string;
  promocodeHref: string;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(rootRef, buttonRef);
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="btn btn--ghost btn--sm account-menu__button"
        ref={buttonRef}
        aria-label={`${t('header.account_menu')}: ${name}`}
        aria-expanded={menu.open}
        aria-controls={menu.id}
        onClick={menu.toggle}
      >
        <Icon name="user" />
        <span className="account-menu__name">{name}</span>
        <Icon name="chevron" size={16} />
      </button>
      <ul className="popover account-menu__list" id={menu.id} hidden={!menu.open}>
        <li>
          <Link to={profileHref} onClick={menu.close}>
            {t('header.profile')}
          </Link>
        </li>
        <li>
          <Link to={giftsHref} onClick={menu.close}>
            {t('header.gifts')}
          </Link>
        </li>
        <li>
          <Link to={promocodeHref} onClick={menu.close}>
            {t('header.promocode')}
          </Link>
        </li>
        <li>
          <Link to={historyHref} onClick={menu.close}>
            {t('header.games_history')}
          </Link>
        </li>
        <li>
          <Link to={paymentsHref} onClick={menu.close}>
            {t('header.payments')}
          </Link>
        </li>
        <li>
          <Link to={limitsHref} onClick={menu.close}>
            {t('header.limits')}
          </Link>
        </li>
        <li>
          <Link to={securityHref} onClick={menu.close}>
            {t('header.security')}
          </Link>
        </li>
        <li>
          <Link to={verificationHref} onClick={menu.close}>
            {t('header.verification')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              menu.close();
              onSignOut();
            }}
          >
            {t('header.sign_out')}
          </button>
        </li>
      </ul>
    </div>
  );
}
