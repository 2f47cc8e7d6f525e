import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/api-client';
import { apiErrorToForm } from '../../lib/form-errors';
import { isStepUpRequired, postStepUp, StepUpCancelled, stepUpNeedsCode } from '../../lib/step-up';
import { Dialog } from '../modal/dialog';
import { FormError } from '../ui/form-error';
import { TextField } from '../ui/field';
import { useForm } from '../ui/use-form';

const FIELDS = ['password', 'otp_attempt'] as const;

/** A recovery code as people type it (docs/auth.md#recovery-codes): 12 letters and digits once spaces and dashes are gone. */
const RECOVERY_CODE = /^[0-9a-z]{12}$/i;

/**
 * "Confirm it's you" (decision 015): the password, plus the authenticator code when two-factor is
 * on, posted to POST /api/auth/step_up. Confirmed when the server accepts; Cancel, Escape and the
 * close button leave everything as it was. A player without the phone types one of the recovery
 * codes instead: the server takes it in the same `otp_attempt` (docs/auth.md#recovery-codes).
 */
export function StepUpDialog({
  twoFactor,
  onConfirmed,
  onCancel,
}: {
  twoFactor: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('security');
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ password: '', otp_attempt: '' }, formRef);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState(false);
  // Set by the toggle: the field that replaced the old one takes the focus once it is rendered.
  const focusCode = useRef(false);

  useEffect(() => {
    if (!focusCode.current) return;
    focusCode.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input[name="otp_attempt"]')?.focus();
  });

  function switchCodeKind() {
    setRecovery(!recovery);
    // Clearing the value clears its error too; the password and its error stay.
    form.set('otp_attempt')('');
    focusCode.current = true;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const errors: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (!form.values.password) errors.password = t('step_up.password_required');
    if (twoFactor && recovery && !RECOVERY_CODE.test(form.values.otp_attempt.replace(/[\s-]/g, '')))
      errors.otp_attempt = t('auth:validation.recovery_code');
    else if (twoFactor && !form.values.otp_attempt.trim()) errors.otp_attempt = t('step_up.code_required');
    if (Object.keys(errors).length > 0) return form.showErrors(errors);
    setBusy(true);
    try {
      await postStepUp(api, {
        password: form.values.password,
        ...(twoFactor ? { otp_attempt: form.values.otp_attempt.trim() } : {}),
      });
      onConfirmed();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 429) return form.showErrors({}, t('step_up.locked'));
      const mapped = apiErrorToForm(error, FIELDS, i18n, 'security');
      // The server's words for a wrong code send the player to the app, which a recovery code does not come from.
      if (recovery && mapped.fields.otp_attempt) mapped.fields.otp_attempt = t('step_up.recovery_invalid');
      form.showErrors(mapped.fields, mapped.general);
    }
  }

  return (
    <Dialog title={t('step_up.title')} onClose={onCancel}>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
        <p className="muted">
          {!twoFactor ? t('step_up.intro') : recovery ? t('step_up.intro_recovery') : t('step_up.intro_two_factor')}
        </p>
        <FormError message={form.formError} />
        <TextField
          name="password"
          type="password"
          label={t('step_up.password')}
          autoComplete="current-password"
          value={form.values.password}
          onChange={form.set('password')}
          error={form.errors.password}
          data-autofocus
        />
        {twoFactor &&
          (recovery ? (
            <TextField
              key="recovery"
              name="otp_attempt"
              label={t('auth:fields.recovery_code')}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              // Room for a pasted code with spaces around its dashes; the server takes up to 32.
              maxLength={32}
              value={form.values.otp_attempt}
              onChange={form.set('otp_attempt')}
              error={form.errors.otp_attempt}
            />
          ) : (
            <TextField
              key="otp"
              name="otp_attempt"
              label={t('step_up.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={form.values.otp_attempt}
              onChange={form.set('otp_attempt')}
              error={form.errors.otp_attempt}
            />
          ))}
        {twoFactor && (
          <button type="button" className="btn btn--ghost" onClick={switchCodeKind}>
            {recovery ? t('auth:sign_in.use_app') : t('auth:sign_in.use_recovery')}
          </button>
        )}
        <div className="form__actions">
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('step_up.confirming') : t('step_up.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

interface Pending {
  twoFactor: boolean;
  settle: (confirmed: boolean) => void;
}

/**
 * Runs a sensitive call; when it answers `reauth_required`, opens the dialog, and once the player
 * confirmed, makes the call again, once. Cancelling rejects with StepUpCancelled and makes no call.
 * Render `dialog` next to the calling form (never inside it: the dialog has a form of its own).
 * Focus goes back to what had it when the call started (often the submit button, which is disabled
 * while the call runs and so cannot take it at once).
 */
export function useStepUp(): { run: <T>(call: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  // After the dialog closed: focus goes back once the element can take it again, unless the player
  // already put it somewhere else. Checked after every render of the calling form.
  useEffect(() => {
    const target = returnFocus.current;
    if (!target || pending) return;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (!document.contains(target) || !focusLost) {
      returnFocus.current = null;
      return;
    }
    if ((target as HTMLButtonElement).disabled) return;
    target.focus();
    returnFocus.current = null;
  });

  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    // Taken now: by the time the server asks, the submit button may be disabled and have lost focus.
    const opener = focusedElement();
    try {
      return await call();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      returnFocus.current = opener ?? focusedElement();
      const confirmed = await new Promise<boolean>((settle) =>
        setPending({ twoFactor: stepUpNeedsCode(error), settle }),
      );
      setPending(null);
      if (!confirmed) throw new StepUpCancelled();
      return call();
    }
  }, []);

  const dialog = pending ? (
    <StepUpDialog
      twoFactor={pending.twoFactor}
      onConfirmed={() => pending.settle(true)}
      onCancel={() => pending.settle(false)}
    />
  ) : null;
  return { run, dialog };
}
