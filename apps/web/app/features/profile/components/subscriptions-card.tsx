import { type FormEvent, useState } from 'react';
import { toasts } from '../../../components/toast/toast-store';
import { CheckField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { useTranslation } from '../../../i18n/runtime';
import { type Subscriptions, useSaveSubscriptions, useSubscriptions } from '../api/subscriptions';

// A copy of the contract's list: browser code imports only types from the shared schemas (docs/contract.md).
const SUBSCRIPTION_FIELDS = [
  'receive_promos',
  'receive_sms_promos',
  'receive_promos_via_phone_calls',
  'agreed_to_partner_promotions',
] as const satisfies ReadonlyArray<keyof Subscriptions>;

/** The four promotional consents (docs/player-profile.md#subscriptions), saved together. */
export function SubscriptionsCard() {
  const { t } = useTranslation('profile');
  const loaded = useSubscriptions();
  const save = useSaveSubscriptions();
  const [edits, setEdits] = useState<Partial<Subscriptions>>({});
  const [failed, setFailed] = useState(false);
  if (!loaded.data) return null;
  const values: Subscriptions = { ...loaded.data, ...edits };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    save.mutate(values, {
      onSuccess: () => {
        setEdits({});
        toasts.add({ type: 'success', text: t('subscriptions.saved') });
      },
      onError: () => setFailed(true),
    });
  }

  return (
    <section className="card subscriptions-card" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">{t('subscriptions.title')}</h2>
      <form aria-label={t('subscriptions.title')} onSubmit={onSubmit} noValidate>
        <p>{t('subscriptions.intro')}</p>
        {SUBSCRIPTION_FIELDS.map((field) => (
          <CheckField
            key={field}
            name={field}
            label={t(`subscriptions.${field}`)}
            checked={values[field]}
            onChange={(checked) => setEdits((e) => ({ ...e, [field]: checked }))}
          />
        ))}
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('subscriptions.save')}
        </button>
        {failed && <FormError message={t('subscriptions.failed')} />}
      </form>
    </section>
  );
}
