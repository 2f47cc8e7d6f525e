import { Link } from 'react-router';
import { href } from '../../config/paths';
import { useTranslation } from '../../i18n/runtime';
import { useLocale } from '../../i18n/use-locale';
import type { RouteHandle } from '../../lib/route-guards';
import { pageMeta } from '../../lib/seo';

// A placeholder until the terms are written (docs/player-app.md#info-pages): kept out of indexes.
export const handle: RouteHandle = { gtmPlace: 'terms', noindex: true };
export const meta = pageMeta('common:terms_page.title', 'common:terms_page.description');

/**
 * /terms: the terms and conditions the sign-up box and the footer link to (a static page at
 * `/{slug}`, as the product's info pages are). Their text is not written yet; the page says so
 * plainly instead of leaving the links dead.
 */
export default function TermsRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="container page" aria-labelledby="terms-title">
      <h1 id="terms-title">{t('terms_page.title')}</h1>
      <p role="status">{t('terms_page.pending')}</p>
      <p>
        {t('terms_page.meanwhile')} <Link to={href('welcomeBonuses', locale)}>{t('terms_page.bonus_rules')}</Link>
      </p>
    </section>
  );
}
