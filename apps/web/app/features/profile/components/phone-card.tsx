import { type FormEvent, useState } from 'react';
import { toasts } from '../../../components/toast/toast-store';
import { TextField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { ApiError } from '../../../lib/api-client';
import { usePhone, usePhoneMutations } from '../api/phone';
import './profile.css';

/** Error codes of the phone calls with a text of their own (docs/player-profile.md#phone). */
const KNOWN_ERRORS = new Set([
  'invalid_code',
  'code_expired',
  'code_attempts_exceeded',
  'phone_exists',
  'phone_taken',
  'too_many_requests',
  'sms_failed',
]);

/** The key under `phone.errors` for a failed phone call. */
export function phoneErrorKey(error: unknown, field: 'number' | 'code'): string {
  if (error instanceof ApiError) {
    if (error.code && KNOWN_ERRORS.has(error.code)) return error.code;
    if (error.code === 'validation_error') return field === 'number' ? 'invalid_number' : 'invalid_code';
  }
  return 'generic';
}

/** Spaces, dashes, dots and brackets dropped; a plus added when the player left it out (docs/player-app.md#phone). */
export function normalisePhone(value: string): string {
  const digits = value.trim().replace(/[\s().-]/g, '');
  return digits && !digits.startsWith('+') ? `+${digits}` : digits;
}

/**
 * The player's phone on the profile page: add a number, enter the code texted to it, delete it.
 * "Phone was added" shows once the number is verified, "Phone was deleted" after a delete.
 */
export function PhoneCard() {
  const { t } = useTranslation('profile');
  const phone = usePhone();
  const { add, confirm, remove } = usePhoneMutations();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = phone.data ?? null;

  function send(value: string) {
    setError(null);
    add.mutate(value, {
      onSuccess: () => setCode(''),
      onError: (e) => setError(t(`phone.errors.${phoneErrorKey(e, 'number')}`)),
    });
  }

  function onAdd(event: FormEvent) {
    event.preventDefault();
    const value = normalisePhone(number);
    if (!/^\+[1-9]\d{6,14}$/.test(value)) return setError(t('phone.errors.invalid_number'));
    send(value);
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('phone.errors.invalid_code'));
    setError(null);
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        toasts.add({ type: 'success', text: t('phone.added') });
      },
      onError: (e) => setError(t(`phone.errors.${phoneErrorKey(e, 'code')}`)),
    });
  }

  function onDelete() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setNumber('');
        toasts.add({ type: 'success', text: t('phone.deleted') });
      },
      onError: (e) => setError(t(`phone.errors.${phoneErrorKey(e, 'number')}`)),
    });
  }

  return (
    <section className="card phone-card" aria-labelledby="phone-title">
      <h2 id="phone-title">{t('phone.title')}</h2>
      {phone.isPending ? null : current === null ? (
        <form aria-label={t('phone.add_form')} onSubmit={onAdd} noValidate>
          <p>{t('phone.intro')}</p>
          <TextField
            label={t('phone.number')}
            hint={t('phone.number_hint')}
            name="number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={number}
            onChange={setNumber}
          />
          <button type="submit" className="btn btn--primary" disabled={add.isPending}>
            {t('phone.send_code')}
          </button>
        </form>
      ) : current.verified ? (
        <div>
          <p>
            <strong>{current.number}</strong> <span className="badge">{t('phone.verified')}</span>
          </p>
          <button type="button" className="btn btn--danger-outline" onClick={onDelete} disabled={remove.isPending}>
            {t('phone.delete')}
          </button>
        </div>
      ) : (
        <form aria-label={t('phone.confirm_form')} onSubmit={onConfirm} noValidate>
          <p>{t('phone.code_sent', { number: current.number })}</p>
          <TextField
            label={t('phone.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <div className="actions">
            <button type="submit" className="btn btn--primary" disabled={confirm.isPending}>
              {t('phone.confirm')}
            </button>
            <button type="button" className="btn" onClick={() => send(current.number)} disabled={add.isPending}>
              {t('phone.resend')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={onDelete} disabled={remove.isPending}>
              {t('phone.cancel')}
            </button>
          </div>
        </form>
      )}
      {error && <FormError message={error} />}
    </section>
  );
}
