import { useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { useTranslation } from '../../../i18n/runtime';
import { ApiError } from '../../../lib/api-client';
import { useDownloadGdprReport } from '../api/gdpr-reports';

const KNOWN = ['gdpr_report_used', 'gdpr_report_expired', 'gdpr_report_not_found'];

/** Hands the document to the browser as a file (the page already holds it: the link is used up). */
function saveAsFile(document: Record<string, unknown>, name: string) {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = window.document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * The page body of /profile/data/download?token=… (the mailed one-time link): the download runs
 * on the player's click, not on arrival, so a preview that opens the page does not use the link up.
 */
export function DataDownload({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation('privacy');
  const download = useDownloadGdprReport();
  const [saved, setSaved] = useState(false);

  let error: string | null = null;
  if (!token) error = t('errors.gdpr_report_not_found');
  else if (download.error) {
    const code = download.error instanceof ApiError ? download.error.code : undefined;
    error = code && KNOWN.includes(code) ? t(`errors.${code}`) : t('errors.generic');
  }

  const start = () =>
    download.mutate(token, {
      onSuccess: (document) => {
        const about = document.about as { player_id?: number; generated_at?: string } | undefined;
        saveAsFile(
          document,
          `croupier-data-${about?.player_id ?? ''}-${(about?.generated_at ?? '').slice(0, 10)}.json`,
        );
        setSaved(true);
      },
    });

  return (
    <section className="container page data-download" aria-labelledby="data-download-title">
      <h1 id="data-download-title">{t('download.title')}</h1>
      <p>{t('download.intro')}</p>
      <div role="status">
        {saved ? (
          <p className="form-success">{t('download.done')}</p>
        ) : (
          token &&
          !download.isError && (
            <button type="button" className="btn btn--primary" onClick={start} disabled={download.isPending}>
              {download.isPending ? t('download.working') : t('download.button')}
            </button>
          )
        )}
        {error && <FormError message={error} />}
      </div>
      <p>
        <Link to={href('profile', locale)} className="btn btn--secondary">
          {t('download.to_profile')}
        </Link>
      </p>
    </section>
  );
}
