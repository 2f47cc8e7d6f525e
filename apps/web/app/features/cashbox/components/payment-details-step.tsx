import { buildRiskTransaction } from '@croupier/shared/risk';
import { useMutation } from '@tanstack/react-query';
import type { BonusCancelInfo } from '@croupier/shared/api/bonuses';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useStepUp } from '../../../components/step-up/step-up';
import { FormError } from '../../../components/ui/form-error';
import { href } from '../../../config/paths';
import { TextField } from '../../../components/ui/field';
import { formatDuration, formatMoney } from '../../../i18n/format';
import { useTranslation, type I18n } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useCurrentUser } from '../../../lib/player/use-current-user';
import { StepUpCancelled } from '../../../lib/step-up';
import { mapServerErrors, serverErrorText } from '../../../lib/server-errors';
import {
  createDeposit,
  createWithdrawal,
  sendRiskTransaction,
  usePaymentPlan,
  useRemovePaymentProfile,
  type MethodField,
  type Payment,
  type PaymentMethod,
  type PaymentPlan,
} from '../api/payments';
import {
  formatCardNumberInput,
  formatExpiryInput,
  keyForSubmission,
  mayRetrySameKey,
  normaliseFields,
  subunitsOf,
  validatePaymentFields,
  type PaymentAction,
  type SubmissionKey,
} from '../lib/cashbox-logic';
import { methodName } from './methods-panel';

export interface SubmitResult {
  payment: Payment;
  redirectUrl: string | null;
}

/**
 * A withdrawal while a bonus is being wagered is refused (409 `bonus_active`) with what it would
 * cancel; the route shows those figures through this slot and the player confirms or keeps the
 * bonus (docs/bonuses.md#limits-withdrawals-privacy).
 */
export interface BonusForfeitQuestion {
  info: BonusCancelInfo;
  /** Sends the withdrawal again, with `forfeit_bonus: true`. */
  confirm: () => void;
  /** Back to the form; nothing is sent. */
  cancel: () => void;
  busy: boolean;
}
export type BonusForfeitSlot = (question: BonusForfeitQuestion) => ReactNode;

/** The `cancel_info` of a 409 `bonus_active` answer (`{ code, error, cancel_info }`), or null. */
export function bonusActiveInfo(error: unknown): BonusCancelInfo | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'bonus_active') return null;
  const info = (error.body as { cancel_info?: unknown } | null)?.cancel_info as Partial<BonusCancelInfo> | undefined;
  const fields = ['currency', 'bonus_balance', 'bonus_winnings', 'cash_balance'] as const;
  return info && fields.every((field) => typeof info[field] === 'string') ? (info as BonusCancelInfo) : null;
}

const NEW = 'new';

/** What the payment plan promises, in the player's words: when the money arrives, what may come first. */
function PlanNote({ plan }: { plan: PaymentPlan }) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const duration = formatDuration(plan.arrives_in_seconds, locale);
  const lines =
    plan.action === 'deposit'
      ? [
          plan.arrives_in_seconds === 0 ? t('plan.deposit_now') : t('plan.deposit_in', { duration }),
          ...(plan.may_redirect ? [t('plan.bank_confirm')] : []),
        ]
      : [
          plan.arrives_in_seconds === 0 ? t('plan.payout_now') : t('plan.payout_in', { duration }),
          ...(plan.recallable_for_seconds > 0 ? [t('plan.recall')] : []),
        ];
  return (
    <ul className="cashbox__plan" aria-label={t('plan.label')}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * docs/player-app.md#errors-and-toasts (card submission): a returned error text is shown in the inline error notification,
 * a thrown error is turned into a message there; per-field messages go under their fields.
 */
export function submitErrorToForm(
  error: unknown,
  fieldNames: readonly string[],
  i18n: I18n,
): { fields: Record<string, string>; general: string } {
  if (error instanceof NetworkError) return { fields: {}, general: i18n.t('common:errors.network') };
  if (error instanceof ApiError) {
    const translate = (key: string) => (i18n.exists(`cashbox:${key}`) ? i18n.t(`cashbox:${key}`) : null);
    const mapped = mapServerErrors(error.fieldErrors, fieldNames, translate);
    const general =
      serverErrorText(error, i18n.language) ??
      ((mapped.general[0] ?? (error.code ? i18n.t(`cashbox:errors.codes.${error.code}`, '') : '')) ||
        i18n.t('common:errors.generic'));
    return { fields: mapped.fields, general };
  }
  if (error instanceof Error && error.message) return { fields: {}, general: error.message };
  return { fields: {}, general: i18n.t('common:errors.generic') };
}

function inputProps(field: MethodField, t: I18n['t']) {
  switch (field.type) {
    case 'card_number':
      return { inputMode: 'numeric' as const, autoComplete: 'cc-number', placeholder: '0000 0000 0000 0000' };
    case 'expiry_date':
      return {
        inputMode: 'numeric' as const,
        autoComplete: 'cc-exp',
        placeholder: t('fields.expiry_placeholder'),
        maxLength: 5,
      };
    case 'cvv':
      return { inputMode: 'numeric' as const, autoComplete: 'cc-csc', maxLength: 4 };
    case 'card_holder':
      return { autoComplete: 'cc-name' };
    case 'email':
      return { type: 'email', autoComplete: 'email' };
    default:
      return { autoComplete: 'off' };
  }
}

/**
 * Step 3: the method's fields (card expiry typed as MM/YY), or one of the saved profiles; for
 * /deposit-fast, a confirmation with the first saved profile. The submit button is disabled while
 * the request runs.
 */
export function PaymentDetailsStep({
  action,
  method,
  fast,
  currency,
  amountCents,
  onSubmitted,
  bonusForfeit = null,
}: {
  action: PaymentAction;
  method: PaymentMethod;
  fast: boolean;
  currency: string;
  amountCents: number;
  onSubmitted: (result: SubmitResult) => void;
  bonusForfeit?: BonusForfeitSlot | null;
}) {
  const { t, i18n } = useTranslation('cashbox');
  const locale = useLocale();
  const api = useApi();
  const stepUp = useStepUp();
  const { user } = useCurrentUser();
  const groupId = useId();
  // Card payouts go to a card the player deposited with, so they need a saved profile.
  const profileOnly = fast || (action === 'withdrawal' && method.type === 'cards');
  // Removed here: `method` is the one chosen in step 2, so its list does not shrink by itself.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const profiles = method.savedProfiles.filter((p) => !removed.has(String(p.id)));
  const firstProfile = profiles[0];
  const [profile, setProfile] = useState<string>(firstProfile ? String(firstProfile.id) : NEW);
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useRemovePaymentProfile();
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A withdrawal above the verification threshold (docs/verification.md#withdrawal-threshold) says
  // where to verify, next to the server's words.
  const [needsVerification, setNeedsVerification] = useState(false);
  // A withdrawal refused because a bonus is being wagered: what it would cancel, until the player answers.
  const [forfeit, setForfeit] = useState<BonusCancelInfo | null>(null);
  const submitId = useId();
  const usingProfile = profile !== NEW;
  const fieldNames = method.fields.map((f) => f.name);
  // The plan is checked like the submission: a limit or too little cash shows before the player types.
  const plan = usePaymentPlan({ currency, action, method_id: method.id, amount_cents: amountCents });
  const planError = plan.isError ? submitErrorToForm(plan.error, [], i18n).general : null;
  // One Idempotency-Key per submission; pressing the button again after an answer that never came
  // sends the same request with the same key, so the server answers it once.
  const submission = useRef<SubmissionKey | null>(null);

  const submit = useMutation({
    mutationFn: async ({ forfeitBonus }: { forfeitBonus: boolean }): Promise<SubmitResult> => {
      const chosen = profiles.find((p) => String(p.id) === profile);
      const payment = {
        currency,
        amount_cents: amountCents,
        method_id: method.id,
        fields: usingProfile ? {} : normaliseFields(method.fields, values),
        ...(chosen ? { profile_id: chosen.id } : {}),
      };
      // Confirming the bonus's cancel is a different request: it gets its own key.
      submission.current = keyForSubmission(submission.current, JSON.stringify([action, payment, forfeitBonus]));
      const { key } = submission.current;
      const result: SubmitResult =
        action === 'deposit'
          ? await createDeposit(api, payment, key).then((res) => ({
              payment: res.payment,
              redirectUrl: res.redirect_url ?? null,
            }))
          : // A destination no payout reached yet asks them to confirm it is them first (decision 015).
            await stepUp
              .run(() => createWithdrawal(api, payment, key, { forfeitBonus }))
              .then((res) => ({ payment: res.payment, redirectUrl: null }));
      submission.current = null;
      if (user) {
        // The builder keeps only the bin, last 4 digits, expiry and holder of a card.
        const risk = buildRiskTransaction({
          type: action,
          player: user,
          websiteUrl: typeof window === 'undefined' ? null : window.location.origin,
          transactionId: result.payment.id,
          dateTime: new Date().toISOString(),
          currency,
          amount: amountCents / subunitsOf(currency),
          paymentSystem: method.id,
          fields: payment.fields,
        });
        // For risk review only: a failure here never fails the payment the player just made.
        void Promise.resolve()
          .then(() => sendRiskTransaction(api, risk))
          .catch(() => undefined);
      }
      return result;
    },
    onSuccess: (result) => {
      setForfeit(null);
      onSubmitted(result);
    },
    onError: (error) => {
      // A definite answer ends the submission: the next press is a new one, with a new key.
      const unanswered =
        error instanceof NetworkError
          ? mayRetrySameKey({ kind: 'network' })
          : error instanceof ApiError && mayRetrySameKey({ kind: 'api', status: error.status, code: error.code });
      if (!unanswered) submission.current = null;
      // Cancelled "confirm it's you": nothing was sent, nothing to report.
      if (error instanceof StepUpCancelled) return;
      const info = bonusForfeit ? bonusActiveInfo(error) : null;
      setForfeit(info);
      if (info) {
        setFieldErrors({});
        setFormError(null);
        return;
      }
      const mapped = submitErrorToForm(error, [...fieldNames, 'profile_id'], i18n);
      setFieldErrors(mapped.fields);
      setFormError(mapped.general);
      setNeedsVerification(error instanceof ApiError && error.code === 'verification_required');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    setFormError(null);
    setNeedsVerification(false);
    if (!usingProfile) {
      const errors = validatePaymentFields(method.fields, values);
      if (Object.keys(errors).length > 0) {
        setFieldErrors(Object.fromEntries(Object.entries(errors).map(([k, code]) => [k, t(`errors.field.${code}`)])));
        return;
      }
    }
    setFieldErrors({});
    submit.mutate({ forfeitBonus: false });
  }

  function setValue(field: MethodField, raw: string) {
    const value =
      field.type === 'expiry_date'
        ? formatExpiryInput(raw)
        : field.type === 'card_number'
          ? formatCardNumberInput(raw)
          : field.type === 'cvv'
            ? raw.replace(/\D/g, '').slice(0, 4)
            : raw;
    setValues((v) => ({ ...v, [field.name]: value }));
    setFieldErrors((e) => {
      if (!(field.name in e)) return e;
      const rest = { ...e };
      delete rest[field.name];
      return rest;
    });
  }

  function onRemove(id: string) {
    setFormError(null);
    remove.mutate(id, {
      onSuccess: () => {
        setRemoved((prev) => new Set([...prev, id]));
        setConfirming(null);
        if (profile === id) {
          const next = profiles.find((p) => String(p.id) !== id);
          setProfile(next ? String(next.id) : NEW);
        }
      },
      onError: (error) => setFormError(submitErrorToForm(error, [], i18n).general),
    });
  }

  const amount = formatMoney(amountCents, currency, locale);
  const noProfile = profileOnly && profiles.length === 0;

  return (
    <form className="form cashbox__details" onSubmit={onSubmit} noValidate>
      <p className="cashbox__summary">{t('details.summary', { amount, method: methodName(method) })}</p>
      {plan.data && <PlanNote plan={plan.data} />}
      <FormError message={formError ?? planError} />
      {needsVerification && formError && (
        <Link to={href('verification', locale)} className="btn btn--secondary btn--sm">
          {t('errors.verify_link')}
        </Link>
      )}
      {noProfile && <p className="cashbox__note">{t('details.profile_required')}</p>}
      {profiles.length > 0 && !fast && (
        <fieldset
          className="cashbox__profiles"
          aria-describedby={fieldErrors.profile_id ? `${groupId}-error` : undefined}
        >
          <legend className="field__label">{t('details.saved_profiles')}</legend>
          {profiles.map((p) => {
            const id = String(p.id);
            const busy = remove.isPending && remove.variables === p.id;
            return (
              <div key={id} className="cashbox__profile-row">
                <label className="check">
                  <input
                    type="radio"
                    name={`${groupId}-profile`}
                    value={id}
                    checked={profile === id}
                    onChange={() => setProfile(id)}
                  />
                  <span>{p.title}</span>
                </label>
                {p.isRemoveAvailable &&
                  (confirming === id ? (
                    <span
                      className="cashbox__profile-confirm"
                      role="group"
                      aria-label={t('details.remove_question', { title: p.title })}
                    >
                      <span>{t('details.remove_question', { title: p.title })}</span>
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        // The Remove button it replaces had the focus: keep the keyboard here.
                        ref={(el) => el?.focus()}
                        onClick={() => onRemove(id)}
                        disabled={remove.isPending}
                        aria-busy={busy || undefined}
                      >
                        {busy ? t('details.removing') : t('details.remove_confirm')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => {
                          setConfirming(null);
                          requestAnimationFrame(() => document.getElementById(`${groupId}-remove-${id}`)?.focus());
                        }}
                        disabled={remove.isPending}
                      >
                        {t('details.remove_cancel')}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      id={`${groupId}-remove-${id}`}
                      className="btn btn--ghost btn--sm"
                      onClick={() => setConfirming(id)}
                      disabled={remove.isPending || submit.isPending}
                      aria-label={t('details.remove_label', { title: p.title })}
                    >
                      {t('details.remove')}
                    </button>
                  ))}
              </div>
            );
          })}
          {!profileOnly && (
            <label className="check">
              <input
                type="radio"
                name={`${groupId}-profile`}
                value={NEW}
                checked={profile === NEW}
                onChange={() => setProfile(NEW)}
              />
              <span>{method.type === 'cards' ? t('details.new_card') : t('details.new_details')}</span>
            </label>
          )}
          {fieldErrors.profile_id && (
            <p id={`${groupId}-error`} className="field__error">
              {fieldErrors.profile_id}
            </p>
          )}
        </fieldset>
      )}
      {fast && firstProfile && (
        <p className="cashbox__profile">{t('fast.with_profile', { title: firstProfile.title })}</p>
      )}
      {!usingProfile &&
        !profileOnly &&
        method.fields.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={t(`fields.${field.type}`, field.name)}
            value={values[field.name] ?? ''}
            onChange={(v) => setValue(field, v)}
            error={fieldErrors[field.name]}
            required={field.required}
            {...inputProps(field, t)}
          />
        ))}
      {forfeit && bonusForfeit ? (
        bonusForfeit({
          info: forfeit,
          confirm: () => submit.mutate({ forfeitBonus: true }),
          cancel: () => {
            setForfeit(null);
            // The question had the focus: give it back to the button it replaced.
            requestAnimationFrame(() => document.getElementById(submitId)?.focus());
          },
          busy: submit.isPending,
        })
      ) : (
        <button
          id={submitId}
          className="btn btn--primary btn--block"
          type="submit"
          disabled={submit.isPending || noProfile}
          aria-busy={submit.isPending || undefined}
        >
          {submit.isPending
            ? t('details.submitting')
            : action === 'deposit'
              ? t('details.deposit_submit', { amount })
              : t('details.withdraw_submit', { amount })}
        </button>
      )}
      {/* Portalled out of this form: the dialog has a form of its own. */}
      {stepUp.dialog && createPortal(stepUp.dialog, document.body)}
    </form>
  );
}
