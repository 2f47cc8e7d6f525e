import { type FormEvent, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { useApi } from '../../../lib/api-context';
import { useBoot } from '../../../lib/boot';
import { apiErrorToForm } from '../../../lib/form-errors';
import { resendConfirmation } from '../api/auth-calls';
import { getCaptchaToken } from '../lib/captcha';
import { translateValidation, validateFields } from '../lib/validation';
import { FormError } from '../../../components/ui/form-error';

/** "Confirm your email": resends the confirmation link (POST /api/users/confirmation, with captcha when available). */
export function EmailVerifyForm() {
  const { t, i18n } = useTranslation('auth');
  const api = useApi();
  const boot = useBoot();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ email: '' }, formRef);
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: async () => {
      const captcha = await getCaptchaToken(boot.settings.captcha?.site_key, 'confirmation', boot.isBot);
      return resendConfirmation(api, { email: form.values.email.trim(), ...(captcha ? { captcha } : {}) });
    },
    onSuccess: () => setSent(true),
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

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t('email_verify.text')}</p>
      {sent && (
        <p className="form-success" role="status">
          {t('email_verify.sent')}
        </p>
      )}
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
        {t('email_verify.submit')}
      </button>
    </form>
  );
}
