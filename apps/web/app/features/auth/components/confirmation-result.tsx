import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useSearchParams } from 'react-router';
import { href } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { confirmEmail } from '../api/auth-calls';

type State = 'pending' | 'done' | 'failed' | 'missing';

/**
 * Email confirmation from the link in the mail: GET /api/users/confirmation?confirmation_token=…
 * once, in the browser (link scanners fetching the HTML do not confirm), then shows the result.
 * The answer is the confirmed player, which becomes the session when the server signed them in.
 */
export function ConfirmationResult() {
  const { t } = useTranslation('auth');
  const api = useApi();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('confirmation_token');
  const [state, setState] = useState<State>(token ? 'pending' : 'missing');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmEmail(api, token)
      .then((player) => {
        if (player && typeof player === 'object' && 'id' in player) queryClient.setQueryData(QUERY_KEYS.player, player);
        setState('done');
      })
      .catch(() => setState('failed'));
  }, [api, token, queryClient]);

  const message = {
    pending: t('confirmation.pending'),
    done: t('confirmation.done'),
    failed: t('confirmation.failed'),
    missing: t('confirmation.missing_token'),
  }[state];
  return (
    <div className="form" aria-busy={state === 'pending'}>
      <p className={state === 'done' ? 'form-success' : state === 'pending' ? 'muted' : 'form-error'} role="status">
        {message}
      </p>
      {state !== 'pending' && (
        <Link className="btn btn--primary" to={state === 'done' ? href('home', locale) : href('emailVerify', locale)}>
          {state === 'done' ? t('common:actions.go_home') : t('email_verify.title')}
        </Link>
      )}
    </div>
  );
}
