import { type FormEvent, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { href } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import { useBoot } from '../../../lib/boot';
import { apiErrorToForm } from '../../../lib/form-errors';
import { requestPasswordReset } from '../api/auth-calls';
import { getCaptchaToken } from '../lib/captcha';
import { translateValidation, validateFields } from '../lib/validation';
import { FormError } from '../../../components/ui/form-error';

/** Password reminder: POST /api/users/password. The answer never reveals whether the account exists. */
export function RemindForm() {
  const { t, i18n } = useTranslation('auth');
  const api = useApi();
  const boot = useBoot();
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ email: '' }, formRef);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const captcha = await getCaptchaToken(boot.settings.captcha?.site_key, 'remind', boot.isBot);
      return requestPasswordReset(api, { email: form.values.email.trim(), ...(captcha ? { captcha } : {}) });
    },
    onSuccess: () => setSentTo(form.values.email.trim()),
    onError(error) {
      const mapped = apiErrorToForm(error, ['email'], i18n, 'auth');
      form.showErrors(mapped.fields, mapped.general);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateFields(['email'], form.values);
    if (errors.email) return form.showErrors(translateValidation(errors, t));
    send.mutate();
  }

  if (sentTo) {
    return (
      <div className="form">
        <p className="form-success" role="status">
          {t('remind.sent', { email: sentTo })}
        </p>
        <Link className="btn btn--secondary" to={href('signIn', locale)} preventScrollReset>
          {t('sign_in.title')}
        </Link>
      </div>
    );
  }
  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t('remind.text')}</p>
      <FormError message={form.formError} />
      <TextField
        name="email"
        type="email"
        label={t('fields.email')}
        value={form.values.email}
        onChange={form.set('email')}
        error={form.errors.email}
        autoComplete="email"
        required
      />
      <button className="btn btn--primary btn--block" type="submit" disabled={send.isPending}>
        {t('remind.submit')}
      </button>
    </form>
  );
}
