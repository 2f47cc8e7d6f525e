import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, type TwoFactorSetup } from '@croupier/shared/api/auth';
import { useStepUp } from '../../../components/step-up/step-up';
import { toasts } from '../../../components/toast/toast-store';
import { TextField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { useForm } from '../../../components/ui/use-form';
import { useTranslation } from '../../../i18n/runtime';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { apiErrorToForm } from '../../../lib/form-errors';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { StepUpCancelled } from '../../../lib/step-up';
import { RECOVERY_CODES_KEY } from '../api/query-keys';
import { disableTwoFactor, enableTwoFactor, getTwoFactorSetup, updateAccount } from '../api/security';
import { NewRecoveryCodes, RecoveryCodesStatus } from './recovery-codes';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^\d{6}$/;
/** A recovery code as people type it: 12 letters and digits, with or without dashes and spaces. */
const RECOVERY_CODE = /^[0-9a-z]{12}$/i;

/** The server's QR code (an SVG document) as an image: shown with <img>, never put into the page as markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Sign-in and security on /users/security: change the password, change the e-mail address, turn
 * two-factor authentication on or off and keep its recovery codes. The server may ask the player to confirm it is them first
 * (decision 015); useStepUp asks and makes the call again.
 */
export function SecuritySettings({ user }: { user: Player }) {
  const { t } = useTranslation('security');
  return (
    <section className="card" aria-labelledby="security-title">
      <h2 id="security-title">{t('settings.title')}</h2>
      <PasswordForm />
      <EmailForm current={user.email} />
      <TwoFactorSettings enabled={Boolean(user.two_factor_enabled)} />
    </section>
  );
}

/** Runs a submit: `busy` while it runs; a cancelled step-up is no error (nothing changed). */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  async function submit(work: () => Promise<void>, onError: (error: unknown) => void) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) onError(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

function PasswordForm() {
  const { t, i18n } = useTranslation('security');
  const api = useApi();
  const stepUp = useStepUp();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ current_password: '', password: '', password_confirmation: '' }, formRef);
  const { busy, submit } = useSubmit();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const v = form.values;
    const errors: Record<string, string> = {};
    if (!v.current_password) errors.current_password = t('validation.required');
    if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = t('validation.password_length');
    if (v.password_confirmation !== v.password) errors.password_confirmation = t('validation.password_match');
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    void submit(
      async () => {
        await stepUp.run(() => updateAccount(api, v));
        form.set('current_password')('');
        form.set('password')('');
        form.set('password_confirmation')('');
        toasts.add({ type: 'success', text: t('settings.password.done') });
      },
      (error) => {
        const mapped = apiErrorToForm(error, Object.keys(v), i18n, 'security');
        form.showErrors(mapped.fields, mapped.general);
      },
    );
  }

  const field = (name: keyof typeof form.values) => ({
    name,
    type: 'password',
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
  });
  // The dialog holds a form of its own, so it sits next to this one, never inside it.
  return (
    <>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="security-password">
        <h3 id="security-password">{t('settings.password.title')}</h3>
        <FormError message={form.formError} />
        <TextField
          {...field('current_password')}
          label={t('settings.current_password')}
          autoComplete="current-password"
        />
        <TextField
          {...field('password')}
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('validation.password_length')}
        />
        <TextField
          {...field('password_confirmation')}
          label={t('settings.password.repeat')}
          autoComplete="new-password"
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {t('settings.password.submit')}
          </button>
        </div>
      </form>
      {stepUp.dialog}
    </>
  );
}

function EmailForm({ current }: { current: string }) {
  const { t, i18n } = useTranslation('security');
  const api = useApi();
  const stepUp = useStepUp();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ email: '', current_password: '' }, formRef);
  const { busy, submit } = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = form.values.email.trim();
    const errors: Record<string, string> = {};
    if (!EMAIL.test(email)) errors.email = t('validation.email');
    if (!form.values.current_password) errors.current_password = t('validation.required');
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    setSentTo(null);
    void submit(
      async () => {
        await stepUp.run(() => updateAccount(api, { email, current_password: form.values.current_password }));
        form.set('current_password')('');
        form.set('email')('');
        setSentTo(email);
      },
      (error) => {
        const mapped = apiErrorToForm(error, ['email', 'current_password'], i18n, 'security');
        form.showErrors(mapped.fields, mapped.general);
      },
    );
  }

  return (
    <>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="security-email">
        <h3 id="security-email">{t('settings.email.title')}</h3>
        <p className="muted">{t('settings.email.current', { email: current })}</p>
        <FormError message={form.formError} />
        <TextField
          name="email"
          type="email"
          label={t('settings.email.new')}
          autoComplete="email"
          value={form.values.email}
          onChange={form.set('email')}
          error={form.errors.email}
        />
        <TextField
          name="current_password"
          type="password"
          label={t('settings.current_password')}
          autoComplete="current-password"
          value={form.values.current_password}
          onChange={form.set('current_password')}
          error={form.errors.current_password}
        />
        <p role="status">{sentTo ? t('settings.email.sent', { email: sentTo }) : ''}</p>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {t('settings.email.submit')}
          </button>
        </div>
      </form>
      {stepUp.dialog}
    </>
  );
}

function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('security');
  const api = useApi();
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ code: '' }, formRef);
  const { busy, submit } = useSubmit();
  // Turning on: the secret to add to the app; turning off: the code form is open.
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [disabling, setDisabling] = useState(false);
  // The recovery codes of the set-up just finished: shown this once.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const showError = (error: unknown) => {
    const mapped = apiErrorToForm(error, ['authentication_code', 'otp_secret'], i18n, 'security');
    const message = mapped.fields.authentication_code ?? mapped.fields.otp_secret;
    form.showErrors(message ? { code: message } : {}, mapped.general);
  };

  function start() {
    form.showErrors({});
    if (enabled) return setDisabling(true);
    void submit(async () => {
      const secret = await getTwoFactorSetup(api);
      if (secret) setSetup(secret);
      else await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player });
    }, showError);
  }

  function close() {
    setSetup(null);
    setDisabling(false);
    form.set('code')('');
    form.showErrors({});
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const code = form.values.code.replace(/\s/g, '');
    // Turning off also takes a recovery code: the way out for a player who lost the phone.
    const valid = CODE.test(code) || (!setup && RECOVERY_CODE.test(code.replace(/-/g, '')));
    if (!valid) return form.showErrors({ code: setup ? t('validation.code') : t('validation.code_or_recovery') });
    void submit(async () => {
      if (setup) {
        // Turning it on needs a fresh step-up too (decision 015): the dialog asks for the password.
        const enabled = await stepUp.run(() => enableTwoFactor(api, setup.otp_secret, code));
        setNewCodes(enabled.recovery_codes);
      } else await stepUp.run(() => disableTwoFactor(api, code));
      toasts.add({
        type: 'success',
        text: setup ? t('settings.two_factor.turned_on') : t('settings.two_factor.turned_off'),
      });
      close();
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player });
      await queryClient.invalidateQueries({ queryKey: RECOVERY_CODES_KEY });
    }, showError);
  }

  const open = setup !== null || disabling;
  // The code field takes the focus when its form opens (keyboard players land where they type),
  // and the button that opened it gets it back when it closes.
  const toggleRef = useRef<HTMLButtonElement>(null);
  // New recovery codes take the focus themselves (their heading); once put away, the toggle has it.
  const wasOpen = useRef(false);
  const showingCodes = newCodes !== null;
  const wasShowingCodes = useRef(false);
  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    else if ((wasOpen.current && !showingCodes) || (wasShowingCodes.current && !showingCodes))
      toggleRef.current?.focus();
    wasOpen.current = open;
    wasShowingCodes.current = showingCodes;
  }, [open, showingCodes]);
  return (
    <div className="form" role="group" aria-labelledby="security-two-factor">
      <h3 id="security-two-factor">{t('settings.two_factor.title')}</h3>
      <p className="muted">{enabled ? t('settings.two_factor.on') : t('settings.two_factor.off')}</p>
      {!open && (
        <>
          <FormError message={form.formError} />
          <div className="form__actions">
            <button
              ref={toggleRef}
              type="button"
              className={enabled ? 'btn btn--danger-outline' : 'btn btn--secondary'}
              onClick={start}
              disabled={busy}
            >
              {enabled ? t('settings.two_factor.turn_off') : t('settings.two_factor.turn_on')}
            </button>
          </div>
        </>
      )}
      {open && (
        <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
          {setup ? (
            <>
              <p>{t('settings.two_factor.setup_intro')}</p>
              <img
                className="two-factor__qr"
                src={svgDataUrl(setup.qr_svg)}
                alt={t('settings.two_factor.qr_alt')}
                width={192}
                height={192}
              />
              <p>{t('settings.two_factor.key_intro')}</p>
              <p>
                {t('settings.two_factor.key')}{' '}
                <code data-testid="two-factor-key">{setup.otp_secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </p>
              <p>
                <a href={setup.data}>{t('settings.two_factor.open_app')}</a>
              </p>
            </>
          ) : (
            <p>{t('settings.two_factor.disable_intro')}</p>
          )}
          <FormError message={form.formError} />
          {setup ? (
            <TextField
              name="code"
              label={t('settings.two_factor.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={form.values.code}
              onChange={form.set('code')}
              error={form.errors.code}
            />
          ) : (
            <TextField
              name="code"
              label={t('settings.two_factor.code_or_recovery')}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={20}
              value={form.values.code}
              onChange={form.set('code')}
              error={form.errors.code}
            />
          )}
          <div className="form__actions">
            <button type="button" className="btn btn--secondary" onClick={close}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="submit"
              className={setup ? 'btn btn--primary' : 'btn btn--danger'}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {setup ? t('settings.two_factor.turn_on') : t('settings.two_factor.turn_off')}
            </button>
          </div>
        </form>
      )}
      {newCodes && <NewRecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />}
      {enabled && !open && !newCodes && <RecoveryCodesStatus />}
      {stepUp.dialog}
    </div>
  );
}
