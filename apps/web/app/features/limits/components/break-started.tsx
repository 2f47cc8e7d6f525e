import { useEffect, useRef } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import type { BreakNotice } from '../lib/break-notice';
import { DATE_TIME } from '../lib/limits-logic';
import './limits.css';

/**
 * What the limits page shows once a break has signed the player out (docs/player-app.md#limits-page):
 * the break, until when, and what still works. A cooling-off player may sign in again to see their
 * balance and withdraw (no bets or deposits); a self-excluded one cannot sign in, and withdraws
 * through support (docs/limits.md#enforcement).
 */
export function BreakStarted({ notice, locale }: { notice: BreakNotice; locale: Locale }) {
  const { t } = useTranslation('limits');
  // It replaces the cards the player was reading (often far down, at the break's own card): its
  // heading takes the focus, which brings it into view and has it read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="container page limits" aria-labelledby="break-started-title">
      <div className="card limit-card break-started">
        <h1 id="break-started-title" ref={heading} tabIndex={-1}>
          {t(`breaks.started_title_${notice.type}`)}
        </h1>
        <p className="limit-item__parked">
          {notice.endsAt
            ? t('breaks.started', { date: formatDate(notice.endsAt, locale, DATE_TIME) })
            : t('breaks.started_forever')}
        </p>
        <h2>{t('breaks.still_title')}</h2>
        <p>{t(`breaks.still_${notice.type}`)}</p>
        <div className="limit-item__actions">
          {notice.type === 'coolingoff' && (
            // Back here once signed in: the limits page then shows the running break.
            <Link
              to={href('signIn', locale, { redirect: href('limits', locale) })}
              preventScrollReset
              className="btn btn--primary"
            >
              {t('breaks.sign_in')}
            </Link>
          )}
          <Link to={href('home', locale)} className="btn btn--secondary">
            {t('breaks.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
