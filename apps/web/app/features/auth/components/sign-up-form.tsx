import { type FormEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { Link, useSearchParams } from 'react-router';
import {
  CURRENCY_CODES,
  defaultCurrencyForCountry,
  GEO_DEFAULT_CURRENCY,
  isCurrencyCode,
} from '@croupier/shared/currencies';
import { useModal } from '../../../components/modal/modal-context';
import { toasts } from '../../../components/toast/toast-store';
import { CheckField, SelectField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { AFFILIATE_COOKIE } from '../../../config/constants';
import { href } from '../../../config/paths';
import { countryOptions } from '../../../i18n/countries';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import { useBoot } from '../../../lib/boot';
import { readCookie } from '../../../lib/cookies';
import { apiErrorToForm } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { LinkedText } from '../../../components/ui/linked-text';
import { checkEmail, signUp } from '../api/auth-calls';
import { useAuthSuccess, type AuthFormMode } from '../hooks/use-auth-success';
import { getCaptchaToken } from '../lib/captcha';
import {
  affiliateIdFromStag,
  firstErrorStep,
  nextStep,
  prevStep,
  registrationVariant,
  signUpSteps,
} from '../lib/sign-up-steps';
import { normalizePhone, translateValidation, validateFields } from '../lib/validation';
import { FormError } from '../../../components/ui/form-error';

const noSubscription = () => () => {};

/**
 * Sign-up in steps (docs/player-app.md#sign-up-steps): per-step checks on Next (the e-mail's step also
 * asks the server whether the address is free), one POST /api/users at the end, server errors shown
 * at their fields on the step holding the first of them, every value kept.
 */
export function SignUpForm({
  mode,
  page = false,
}: {
  mode: AuthFormMode;
  /** Full /registration page: links go to /login. */ page?: boolean;
}) {
  const { t, i18n } = useTranslation('auth');
  const api = useApi();
  const boot = useBoot();
  const locale = useLocale();
  const modal = useModal();
  const [params] = useSearchParams();
  const onSuccess = useAuthSuccess(mode);
  const skipNickname = Boolean(boot.settings.registrationConfig?.skipNickname);

  // The variant (docs/player-app.md#registration-variant): from the affiliate id when the visitor has one (query or `stag` cookie, read in
  // the browser), otherwise the variant the server chose (settings.abTests).
  const stagParam = params.get('stag');
  const serverVariant = boot.settings.abTests?.registration_variant === 'B' ? 'B' : 'A';
  const stag = useSyncExternalStore(
    noSubscription,
    () => stagParam ?? readCookie(document.cookie, AFFILIATE_COOKIE),
    () => stagParam,
  );
  const affiliateId = affiliateIdFromStag(stag);
  const variant = affiliateId ? registrationVariant({ affiliateId }) : serverVariant;
  const steps = useMemo(() => signUpSteps(variant, skipNickname), [variant, skipNickname]);
  const [step, setStep] = useState(1);
  const current = steps[Math.min(step, steps.length) - 1]!;

  const countryCodes = useMemo(() => {
    const codes = boot.countryCodes.length ? boot.countryCodes : Object.keys(GEO_DEFAULT_CURRENCY);
    const sorted = countryOptions(i18n.namespace('countries'), codes);
    const own = sorted.find((c) => c.value === boot.country);
    return own ? [own, ...sorted.filter((c) => c !== own)] : sorted;
  }, [boot.countryCodes, boot.country, i18n]);
  const currencies = useMemo(() => {
    const listed = boot.currencies.map((c) => c.code).filter(isCurrencyCode);
    return listed.length ? listed : CURRENCY_CODES;
  }, [boot.currencies]);

  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(
    {
      email: '',
      password: '',
      nickname: '',
      currency: defaultCurrencyForCountry(boot.country) as string,
      first_name: '',
      last_name: '',
      date_of_birth: '',
      gender: '',
      mobile_phone: '',
      country: countryCodes.some((c) => c.value === boot.country) ? (boot.country ?? '') : '',
      city: '',
      address: '',
      postal_code: '',
      terms_acceptance: false as boolean,
      receive_promos: false as boolean,
    },
    formRef,
  );
  const { values } = form;
  const allFields = steps.flatMap((s) => s.fields);
  // The address the server last said is free: going back and forth does not ask again.
  const freeEmail = useRef<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    modal?.setUnsaved(form.dirty);
  }, [modal, form.dirty]);

  const submit = useMutation({
    mutationFn: async () => {
      const captcha = boot.settings.captcha?.enabled_register
        ? await getCaptchaToken(boot.settings.captcha?.site_key, 'registration', boot.isBot)
        : undefined;
      const user: Record<string, unknown> = {
        ...values,
        email: values.email.trim(),
        mobile_phone: normalizePhone(values.mobile_phone as string),
        dfpc: '',
        variant,
      };
      if (stag && /^[A-Za-z0-9_-]{1,100}$/.test(stag)) user.stag = stag;
      if (skipNickname) delete user.nickname;
      if (captcha) user.captcha = captcha;
      return signUp(api, user);
    },
    async onSuccess(player) {
      modal?.setUnsaved(false);
      toasts.add({ type: 'success', text: t('sign_up.success') });
      await onSuccess(player);
    },
    onError(error) {
      const mapped = apiErrorToForm(error, allFields, i18n, 'auth');
      const errorStep = firstErrorStep(steps, Object.keys(mapped.fields));
      if (errorStep) setStep(errorStep);
      form.showErrors(mapped.fields, mapped.general);
    },
  });

  /**
   * docs/auth.md#the-e-mail-check-at-sign-up: a taken address is reported on its own step. Only a
   * "taken" (or "invalid") answer holds the player here; a refused or failed check lets them go on,
   * and the final submit reports the address as before.
   */
  async function emailProblem(): Promise<string | null> {
    const email = values.email.trim();
    if (freeEmail.current === email) return null;
    try {
      await checkEmail(api, email);
      freeEmail.current = email;
      return null;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) return null;
      return apiErrorToForm(error, ['email'], i18n, 'auth').fields.email ?? null;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const errors = validateFields(current.fields, values);
    if (Object.keys(errors).length) return form.showErrors(translateValidation(errors, t));
    if (step < steps.length) {
      if (current.fields.includes('email')) {
        setChecking(true);
        const problem = await emailProblem().finally(() => setChecking(false));
        if (problem) return form.showErrors({ ...form.errors, email: problem });
      }
      // Errors the server gave for later steps stay until the player gets there.
      form.showErrors(
        Object.fromEntries(
          Object.entries(form.errors).filter(([name, message]) => message && !current.fields.includes(name)),
        ),
      );
      setStep(nextStep(step, steps.length));
      return;
    }
    submit.mutate();
  }

  const field = (name: keyof typeof values & string) => ({
    name,
    label: t(`fields.${name}`),
    error: form.errors[name],
  });
  const text = (name: keyof typeof values & string) => ({
    ...field(name),
    value: values[name] as string,
    onChange: form.set(name),
  });
  const has = (name: string) => current.fields.includes(name);

  return (
    <form
      ref={formRef}
      className="form sign-up"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-variant={variant}
    >
      <div className="steps">
        <p className="steps__label">{t('sign_up.step_of', { step, total: steps.length })}</p>
        <ol className="steps__list">
          {steps.map((s, i) => (
            <li
              key={s.id}
              className={i + 1 <= step ? 'is-done' : undefined}
              aria-current={i + 1 === step ? 'step' : undefined}
            >
              <span className="visually-hidden">{i + 1}. </span>
              {t(`sign_up.steps.${s.id}`)}
            </li>
          ))}
        </ol>
      </div>
      <FormError message={form.formError} />
      {has('email') && <TextField {...text('email')} type="email" autoComplete="email" required />}
      {has('password') && <TextField {...text('password')} type="password" autoComplete="new-password" required />}
      {has('nickname') && <TextField {...text('nickname')} autoComplete="nickname" required />}
      {has('currency') && (
        <fieldset className="currency-picker" aria-describedby="sign-up-currency-text">
          <legend className="field__label">{t('fields.currency')}</legend>
          <p id="sign-up-currency-text" className="field__hint">
            {t('sign_up.currency_text')}
          </p>
          <div className="currency-picker__grid">
            {currencies.map((code) => (
              <label key={code} className="currency-picker__item">
                <input
                  type="radio"
                  name="currency"
                  value={code}
                  checked={values.currency === code}
                  onChange={() => form.set('currency')(code)}
                />
                <span>{code}</span>
              </label>
            ))}
          </div>
          {form.errors.currency && <p className="field__error">{form.errors.currency}</p>}
        </fieldset>
      )}
      {has('first_name') && (
        <div className="form__row form__row--2">
          <TextField {...text('first_name')} autoComplete="given-name" required />
          <TextField {...text('last_name')} autoComplete="family-name" required />
        </div>
      )}
      {has('date_of_birth') && (
        <div className="form__row form__row--2">
          <TextField {...text('date_of_birth')} type="date" autoComplete="bday" required />
          <SelectField
            {...text('gender')}
            placeholder={t('fields.select')}
            required
            options={[
              { value: 'm', label: t('fields.gender_male') },
              { value: 'f', label: t('fields.gender_female') },
            ]}
          />
        </div>
      )}
      {has('mobile_phone') && (
        <TextField
          {...text('mobile_phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('fields.mobile_phone_hint')}
          required
        />
      )}
      {has('country') && (
        <SelectField
          {...text('country')}
          placeholder={t('fields.select')}
          options={countryCodes}
          autoComplete="country"
          required
        />
      )}
      {has('city') && (
        <div className="form__row form__row--2">
          <TextField {...text('city')} autoComplete="address-level2" required />
          <TextField {...text('postal_code')} autoComplete="postal-code" required />
        </div>
      )}
      {has('address') && <TextField {...text('address')} autoComplete="street-address" required />}
      {has('terms_acceptance') && (
        <>
          <CheckField
            {...field('terms_acceptance')}
            label={
              <LinkedText
                text={t('fields.terms')}
                link={(words) => (
                  // A new tab: the terms are read without leaving the form half filled in.
                  <Link to={href('terms', locale)} target="_blank" rel="noopener noreferrer">
                    {words}
                    <span className="visually-hidden"> {t('common:actions.new_tab')}</span>
                  </Link>
                )}
              />
            }
            checked={values.terms_acceptance}
            onChange={form.set('terms_acceptance')}
          />
          <CheckField
            {...field('receive_promos')}
            label={t('fields.receive_promos')}
            checked={values.receive_promos}
            onChange={form.set('receive_promos')}
          />
        </>
      )}
      <div className="form__actions">
        {step > 1 && (
          <button type="button" className="btn btn--ghost" onClick={() => setStep(prevStep(step))}>
            {t('common:actions.back')}
          </button>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={submit.isPending || checking}
          aria-busy={checking || undefined}
        >
          {step < steps.length ? t('common:actions.next') : t('sign_up.submit')}
        </button>
      </div>
      <p className="form__links">
        {t('sign_up.have_account')}{' '}
        <Link
          to={href(page ? 'login' : 'signIn', locale, { redirect: params.get('redirect') })}
          preventScrollReset={!page}
        >
          {t('sign_up.sign_in')}
        </Link>
      </p>
    </form>
  );
}
