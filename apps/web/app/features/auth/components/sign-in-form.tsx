import { type FormEvent, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { href } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import { useBoot } from '../../../lib/boot';
import { apiErrorToForm } from '../../../lib/form-errors';
import { needsTwoFactor, signIn, submitOtp } from '../api/auth-calls';
import { useAuthSuccess, type AuthFormMode } from '../hooks/use-auth-success';
import { getCaptchaToken } from '../lib/captcha';
import { translateValidation, validateFields } from '../lib/validation';
import { FormError } from '../../../components/ui/form-error';

const FIELDS = ['email', 'password'] as const;

/** Sign-in (docs/player-app.md#session): email + password, then a one-time code when the account has two-factor auth. */
export function SignInForm({
  mode,
  page = false,
}: {
  mode: AuthFormMode;
  /** Full /login page: links go to /registration. */ page?: boolean;
}) {
  const { t, i18n } = useTranslation('auth');
  const api = useApi();
  const boot = useBoot();
  const locale = useLocale();
  const [params] = useSearchParams();
  const onSuccess = useAuthSuccess(mode);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ email: '', password: '' }, formRef);
  const otpFormRef = useRef<HTMLFormElement>(null);
  const otpForm = useForm({ otp: '' }, otpFormRef);
  const [otpStep, setOtpStep] = useState(false);
  // A player without the phone signs in with a recovery code instead (docs/auth.md#recovery-codes).
  const [recovery, setRecovery] = useState(false);
  const redirect = params.get('redirect') ?? undefined;

  const password = useMutation({
    mutationFn: async () => {
      const captcha = await getCaptchaToken(boot.settings.captcha?.site_key, 'login', boot.isBot);
      return signIn(api, {
        email: form.values.email.trim(),
        password: form.values.password,
        dfpc: '',
        ...(captcha ? { captcha } : {}),
      });
    },
    onSuccess,
    onError(error) {
      if (needsTwoFactor(error)) return setOtpStep(true);
      const mapped = apiErrorToForm(error, FIELDS, i18n, 'auth');
      const unauthorized = (error as { status?: number }).status === 401;
      form.showErrors(mapped.fields, unauthorized ? t('sign_in.failed') : mapped.general);
    },
  });

  const otp = useMutation({
    mutationFn: () => submitOtp(api, otpForm.values.otp.trim()),
    onSuccess,
    onError(error) {
      const status = (error as { status?: number }).status;
      otpForm.showErrors({
        otp:
          status === 401 || status === 422
            ? t('sign_in.otp_failed')
            : (apiErrorToForm(error, [], i18n, 'auth').general ?? ''),
      });
    },
  });

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    const errors = validateFields(FIELDS, form.values);
    if (Object.keys(errors).length) return form.showErrors(translateValidation(errors, t));
    password.mutate();
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (recovery) {
      const plain = otpForm.values.otp.replace(/[\s-]/g, '');
      if (!/^[0-9a-z]{12}$/i.test(plain)) return otpForm.showErrors({ otp: t('validation.recovery_code') });
    } else {
      const errors = validateFields(['otp'], otpForm.values);
      if (errors.otp) return otpForm.showErrors({ otp: t(`validation.${errors.otp}`) });
    }
    otp.mutate();
  }

  function switchCodeKind() {
    setRecovery(!recovery);
    otpForm.set('otp')('');
    otpForm.showErrors({});
  }

  if (otpStep) {
    return (
      <form ref={otpFormRef} className="form" onSubmit={submitCode} noValidate>
        <h3>{t('sign_in.otp_title')}</h3>
        <p className="muted">{recovery ? t('sign_in.recovery_text') : t('sign_in.otp_text')}</p>
        {recovery ? (
          <TextField
            key="recovery"
            name="otp_attempt"
            label={t('fields.recovery_code')}
            value={otpForm.values.otp}
            onChange={otpForm.set('otp')}
            error={otpForm.errors.otp}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={20}
            autoFocus
          />
        ) : (
          <TextField
            key="otp"
            name="otp_attempt"
            label={t('fields.otp')}
            value={otpForm.values.otp}
            onChange={otpForm.set('otp')}
            error={otpForm.errors.otp}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-autofocus
          />
        )}
        <button className="btn btn--primary btn--block" type="submit" disabled={otp.isPending}>
          {t('sign_in.otp_submit')}
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={switchCodeKind}>
          {recovery ? t('sign_in.use_app') : t('sign_in.use_recovery')}
        </button>
      </form>
    );
  }

  return (
    <form ref={formRef} className="form" onSubmit={submitPassword} noValidate>
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
      <TextField
        name="password"
        type="password"
        label={t('fields.password')}
        value={form.values.password}
        onChange={form.set('password')}
        error={form.errors.password}
        autoComplete="current-password"
        required
      />
      <button className="btn btn--primary btn--block" type="submit" disabled={password.isPending}>
        {t('sign_in.submit')}
      </button>
      <div className="form__links">
        <Link to={href('remind', locale)} preventScrollReset={!page}>
          {t('sign_in.forgot')}
        </Link>
        <span>
          {t('sign_in.no_account')}{' '}
          <Link to={href(page ? 'registration' : 'signUp', locale, { redirect })} preventScrollReset={!page}>
            {t('sign_in.create_account')}
          </Link>
        </span>
      </div>
    </form>
  );
}
