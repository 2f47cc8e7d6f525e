import { useState } from 'react';
import { intlLocale, type Locale } from '@croupier/shared/locales';
import { Dialog } from '../../../components/modal/dialog';
import { toasts } from '../../../components/toast/toast-store';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { apiErrorToForm } from '../../../lib/form-errors';
import { type PlayerSession, useEndSession, useSessions } from '../api/sessions';
import { summariseUserAgent } from '../lib/user-agent';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function countryName(code: string, locale: Locale): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The player's signed-in browsers and devices (docs/auth.md#active-sessions): this one marked,
 * any other signed out on its own or all at once, each after a confirmation.
 */
export function SessionsList({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('security');
  const sessions = useSessions();
  const end = useEndSession();
  // What the open confirmation would end: one session, or every other one.
  const [asking, setAsking] = useState<PlayerSession | 'others' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const describe = (session: PlayerSession) => {
    const { browser, os } = summariseUserAgent(session.user_agent);
    if (browser && os) return t('sessions.device', { browser, os });
    return browser ?? os ?? t('sessions.unknown_device');
  };

  function confirm() {
    if (!asking) return;
    const target = asking === 'others' ? 'others' : asking.id;
    setError(null);
    end.mutate(target, {
      onSuccess: () => {
        toasts.add({
          type: 'success',
          text: target === 'others' ? t('sessions.others_signed_out') : t('sessions.signed_out'),
        });
        setAsking(null);
      },
      onError: (failure) => {
        // Already gone (signed out elsewhere, expired): the refreshed list says so; nothing to fix.
        if ((failure as { status?: number }).status === 404) {
          toasts.add({ type: 'message', text: t('sessions.already_gone') });
          setAsking(null);
          return;
        }
        setError(apiErrorToForm(failure, [], i18n, 'security').general ?? t('sessions.failed'));
      },
    });
  }

  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section className="card security-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <p role="status">{t('sessions.loading')}</p>
      ) : sessions.isError ? (
        <div>
          <FormError message={t('sessions.load_failed')} />
          <button type="button" className="btn btn--secondary" onClick={() => void sessions.refetch()}>
            {t('sessions.retry')}
          </button>
        </div>
      ) : (
        <>
          <ul className="sessions" aria-label={t('sessions.title')}>
            {sessions.data.map((session) => {
              const name = describe(session);
              const place = [session.ip, countryName(session.country, locale)].filter(Boolean).join(' · ');
              return (
                <li key={session.id} className="sessions__item" data-current={session.current || undefined}>
                  <div className="sessions__text">
                    <strong>{name}</strong>
                    {session.current && <span className="badge sessions__current"> {t('sessions.this_device')}</span>}
                    {place && <span className="muted sessions__place">{place}</span>}
                    <span className="muted">
                      {t('sessions.signed_in', { date: formatDate(session.created_at, locale, DATE_TIME) })}
                      {' · '}
                      {t('sessions.last_active', { date: formatDate(session.last_used_at, locale, DATE_TIME) })}
                    </span>
                  </div>
                  {!session.current && (
                    <button
                      type="button"
                      className="btn btn--danger-outline btn--sm"
                      aria-label={t('sessions.sign_out_named', { name })}
                      onClick={() => setAsking(session)}
                    >
                      {t('sessions.sign_out')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <div className="form__actions">
              <button type="button" className="btn btn--danger-outline" onClick={() => setAsking('others')}>
                {t('sessions.sign_out_others')}
              </button>
            </div>
          ) : (
            <p className="muted">{t('sessions.only_this')}</p>
          )}
        </>
      )}
      {asking && (
        <Dialog
          title={asking === 'others' ? t('sessions.confirm_others_title') : t('sessions.confirm_one_title')}
          onClose={() => !end.isPending && setAsking(null)}
        >
          <p>
            {asking === 'others'
              ? t('sessions.confirm_others_text')
              : t('sessions.confirm_one_text', { name: describe(asking) })}
          </p>
          <FormError message={error} />
          <div className="form__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(null)} disabled={end.isPending}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={confirm}
              disabled={end.isPending}
              aria-busy={end.isPending || undefined}
            >
              {end.isPending ? t('sessions.signing_out') : t('sessions.confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
