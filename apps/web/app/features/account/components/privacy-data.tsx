import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { ApiError } from '../../../lib/api-client';
import { useGdprReports, useRequestGdprReport, type GdprReport } from '../api/gdpr-reports';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "Your data" on the profile (docs/privacy.md#the-copy-of-your-data): asks for a copy of
 * everything held about the player, says a link will come by e-mail, and shows the last request.
 */
export function PrivacyData({ locale }: { locale: Locale }) {
  const { t } = useTranslation('privacy');
  const reports = useGdprReports();
  const request = useRequestGdprReport();
  const last: GdprReport | undefined = reports.data?.[0];
  const date = (iso: string) => formatDate(iso, locale, DATE_TIME);
  // Only a request being prepared blocks the button; the once-a-day rule is the server's (429, shown below).
  const waiting = last?.status === 'pending';

  let error: string | null = null;
  if (request.error) {
    const code = request.error instanceof ApiError ? request.error.code : undefined;
    if (code === 'gdpr_report_too_soon' && last)
      error = t('errors.gdpr_report_too_soon', { date: date(last.next_request_at) });
    else if (code === 'gdpr_report_pending') error = t('errors.gdpr_report_pending');
    else error = t('errors.generic');
  }

  return (
    <section className="card privacy-data" aria-labelledby="privacy-data-title">
      <h2 id="privacy-data-title">{t('data.title')}</h2>
      <p>{t('data.intro')}</p>
      {last && (
        <p className="privacy-data__last">
          {t('data.last', { date: date(last.requested_at), status: t(`data.status.${last.status}`) })}
          {last.status === 'ready' && last.expires_at && <> {t('data.link_until', { date: date(last.expires_at) })}</>}
        </p>
      )}
      {request.isSuccess ? (
        <p className="form-success" role="status">
          {t('data.requested')}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => request.mutate()}
          disabled={request.isPending || waiting}
        >
          {request.isPending ? t('data.requesting') : t('data.request')}
        </button>
      )}
      {error && <FormError message={error} />}
      <p className="privacy-data__erasure">{t('data.erasure')}</p>
    </section>
  );
}
