import { useTranslation } from '../../i18n/runtime';
import { Link } from 'react-router';
import { LOCALE_NAMES, LOCALES, type Locale } from '@croupier/shared/locales';
import { href } from '../../config/paths';
import { localePath } from '../../i18n/locale-path';

/** Site footer: links, the 18+ responsible-gaming note and every language version of this page. */
export function Footer({ locale, currentPath, year }: { locale: Locale; currentPath: string; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-casino">
          <h2 id="footer-casino" className="site-footer__title">
            {t('footer.casino')}
          </h2>
          <ul>
            <li>
              <Link to={href('pokies', locale)}>{t('nav.pokies')}</Link>
            </li>
            <li>
              <Link to={href('live', locale)}>{t('nav.live')}</Link>
            </li>
            <li>
              <Link to={href('producers', locale)}>{t('nav.producers')}</Link>
            </li>
            <li>
              <Link to={href('favourites', locale)}>{t('nav.favourites')}</Link>
            </li>
            <li>
              <Link to={href('welcomeBonuses', locale)}>{t('nav.bonuses')}</Link>
            </li>
            <li>
              <Link to={href('search', locale)}>{t('nav.search')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__title">
            {t('footer.help')}
          </h2>
          <ul>
            <li>
              <Link to={href('profile', locale)}>{t('header.profile')}</Link>
            </li>
            <li>
              <Link to={href('remind', locale)}>{t('auth:remind.title')}</Link>
            </li>
            <li>
              <Link to={href('emailVerify', locale)}>{t('auth:email_verify.title')}</Link>
            </li>
            <li>
              <Link to={href('terms', locale)}>{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-languages">
          <h2 id="footer-languages" className="site-footer__title">
            {t('footer.languages')}
          </h2>
          <ul className="site-footer__languages">
            {LOCALES.map((l) => (
              <li key={l}>
                <a
                  href={localePath(currentPath, l)}
                  hrefLang={l}
                  lang={l}
                  aria-current={l === locale ? 'true' : undefined}
                >
                  {LOCALE_NAMES[l].nameInLocale}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p className="rg-note">
          <span className="rg-note__badge" aria-hidden="true">
            18+
          </span>
          <span>
            <strong>{t('footer.responsible_gaming')}.</strong> {t('footer.rg_note')}
          </span>
        </p>
        <p className="muted">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
