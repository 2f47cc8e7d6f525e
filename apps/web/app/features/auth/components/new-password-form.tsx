import { type FormEvent, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { href } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import { apiErrorToForm } from '../../../lib/form-errors';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { resetPassword } from '../api/auth-calls';
import { translateValidation, validateFields } from '../lib/validation';
import { FormError } from '../../../components/ui/form-error';

const FIELDS = ['password', 'password_confirmation'] as const;

/** New password from a reset link: the token comes from the query (docs/player-app.md#tokens-from-the-query), PUT /api/users/password. */
export function NewPasswordForm() {
  const { t, i18n } = useTranslation('auth');
  const api = useApi();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ password: '', password_confirmation: '' }, formRef);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () => resetPassword(api, { reset_password_token: token, ...form.values }),
    onSuccess(player) {
      if (player && typeof player === 'object' && 'id' in player) queryClient.setQueryData(QUERY_KEYS.player, player);
      setDone(true);
    },
    onError(error) {
      const mapped = apiErrorToForm(error, [...FIELDS, 'reset_password_token'], i18n, 'auth');
      const { reset_password_token: tokenError, ...fields } = mapped.fields;
      form.showErrors(fields, tokenError ?? mapped.general);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateFields(FIELDS, form.values);
    if (Object.keys(errors).length) return form.showErrors(translateValidation(errors, t));
    save.mutate();
  }

  if (!token) {
    return (
      <div className="form">
        <p className="form-error">{t('new_password.missing_token')}</p>
        <Link className="btn btn--secondary" to={href('remind', locale)} preventScrollReset>
          {t('remind.title')}
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="form">
        <p className="form-success" role="status">
          {t('new_password.done')}
        </p>
        <Link className="btn btn--primary" to={href('signIn', locale)} preventScrollReset>
          {t('sign_in.title')}
        </Link>
      </div>
    );
  }
  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <FormError message={form.formError} />
      <TextField
        name="password"
        type="password"
        label={t('fields.password')}
        value={form.values.password}
        onChange={form.set('password')}
        error={form.errors.password}
        autoComplete="new-password"
        required
      />
      <TextField
        name="password_confirmation"
        type="password"
        label={t('fields.password_confirmation')}
        value={form.values.password_confirmation}
        onChange={form.set('password_confirmation')}
        error={form.errors.password_confirmation}
        autoComplete="new-password"
        required
      />
      <button className="btn btn--primary btn--block" type="submit" disabled={save.isPending}>
        {t('new_password.submit')}
      </button>
    </form>
  );
}
