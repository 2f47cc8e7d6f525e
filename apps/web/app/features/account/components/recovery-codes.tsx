import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RECOVERY_CODE_COUNT } from '@croupier/shared/api/auth';
import { useStepUp } from '../../../components/step-up/step-up';
import { toasts } from '../../../components/toast/toast-store';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { useApi } from '../../../lib/api-context';
import { apiErrorToForm } from '../../../lib/form-errors';
import { StepUpCancelled } from '../../../lib/step-up';
import { RECOVERY_CODES_KEY } from '../api/query-keys';
import { regenerateRecoveryCodes, useRecoveryCodesStatus } from '../api/security';

/** The codes as a text file: one per line, with a line that says what they are. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * Recovery codes just made (two-factor turned on, or a new set): shown this once, with copy and
 * download as text. The server keeps only their hashes (docs/auth.md#recovery-codes), so the player
 * is told to store them now. The heading takes the focus, so a screen reader starts here.
 */
export function NewRecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = recoveryCodesText(codes, t('recovery.file_heading'));

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toasts.add({ type: 'success', text: t('recovery.copied') });
    } catch {
      toasts.add({ type: 'error', text: t('recovery.copy_failed') });
    }
  }

  return (
    <div className="recovery-codes" role="group" aria-labelledby="recovery-new-title">
      <h4 id="recovery-new-title" ref={headingRef} tabIndex={-1}>
        {t('recovery.new_title')}
      </h4>
      <p>{t('recovery.new_intro')}</p>
      <ol className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
          {t('recovery.copy')}
        </button>
        <a
          className="btn btn--secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="croupier-recovery-codes.txt"
        >
          {t('recovery.download')}
        </a>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t('recovery.saved')}
        </button>
      </div>
    </div>
  );
}

/**
 * With two-factor on: how many codes are left, and a new set (which needs a fresh step-up and
 * makes the old codes stop working; the player confirms that first).
 */
export function RecoveryCodesStatus() {
  const { t, i18n } = useTranslation('security');
  const api = useApi();
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const status = useRecoveryCodesStatus();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current && !codes) askRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, codes]);

  async function regenerate() {
    setBusy(true);
    setError(null);
    try {
      const answer = await stepUp.run(() => regenerateRecoveryCodes(api));
      setCodes(answer.recovery_codes);
      setConfirming(false);
      toasts.add({ type: 'success', text: t('recovery.regenerated') });
      await queryClient.invalidateQueries({ queryKey: RECOVERY_CODES_KEY });
    } catch (failure) {
      if (!(failure instanceof StepUpCancelled)) setError(apiErrorToForm(failure, [], i18n, 'security').general ?? '');
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <NewRecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  const remaining = status.data?.remaining;
  return (
    <div className="recovery-codes" role="group" aria-labelledby="recovery-title">
      <h4 id="recovery-title">{t('recovery.title')}</h4>
      <p role="status">
        {status.isPending
          ? t('recovery.loading')
          : status.isError
            ? t('recovery.load_failed')
            : remaining === 0
              ? t('recovery.none_left')
              : t('recovery.remaining', { left: remaining ?? 0, total: RECOVERY_CODE_COUNT })}
      </p>
      <FormError message={error} />
      {confirming ? (
        <div className="recovery-codes__confirm">
          <p>{t('recovery.confirm_text')}</p>
          <div className="form__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('common:actions.cancel')}
            </button>
            <button
              ref={confirmRef}
              type="button"
              className="btn btn--danger"
              onClick={() => void regenerate()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {t('recovery.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <div className="form__actions">
          <button ref={askRef} type="button" className="btn btn--secondary" onClick={() => setConfirming(true)}>
            {t('recovery.regenerate')}
          </button>
        </div>
      )}
      {stepUp.dialog}
    </div>
  );
}
