import { type FormEvent, useMemo, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/runtime';
import { GEO_DEFAULT_CURRENCY } from '@croupier/shared/currencies';
import { toasts } from '../../../components/toast/toast-store';
import { CheckField, SelectField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { useCountryOptions } from '../../../i18n/countries';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { apiErrorToForm } from '../../../lib/form-errors';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { updatePlayer } from '../api/update-player';
import { changedFields, PROFILE_FIELDS, validateProfile } from '../lib/profile-fields';
import { FormError } from '../../../components/ui/form-error';

/** Edit personal details: PATCH /api/player with the changed fields, errors shown at their fields. */
export function ProfileForm({ user, countryCodes }: { user: Player; countryCodes: readonly string[] }) {
  const { t, i18n } = useTranslation('account');
  const api = useApi();
  const queryClient = useQueryClient();
  const initial = useMemo(
    () => ({
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      date_of_birth: user.date_of_birth ?? '',
      gender: user.gender ?? '',
      mobile_phone: user.mobile_phone ?? '',
      country: user.country ?? '',
      city: user.city ?? '',
      address: user.address ?? '',
      postal_code: user.postal_code ?? '',
      receive_promos: Boolean(user.receive_promos),
    }),
    [user],
  );
  // The route remounts this form (key) when the saved player changes, so `initial` is read once.
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(initial, formRef);

  const countryChoices = useCountryOptions(
    new Set([
      ...(countryCodes.length ? countryCodes : Object.keys(GEO_DEFAULT_CURRENCY)),
      ...(user.country ? [user.country] : []),
    ]),
  );

  const save = useMutation({
    mutationFn: (changes: Record<string, unknown>) => updatePlayer(api, changes),
    async onSuccess() {
      form.markSaved();
      toasts.add({ type: 'success', text: t('profile.saved') });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player });
    },
    onError(error) {
      const mapped = apiErrorToForm(error, PROFILE_FIELDS, i18n, 'auth');
      form.showErrors(mapped.fields, mapped.general);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateProfile(form.values);
    if (Object.keys(errors).length) {
      return form.showErrors(
        Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(`auth:validation.${v}`)])),
      );
    }
    const changes = changedFields(initial, form.values);
    if (Object.keys(changes).length) save.mutate(changes);
  }

  const text = (name: Exclude<keyof typeof initial, 'receive_promos'>) => ({
    name,
    label: t(`auth:fields.${name}`),
    error: form.errors[name],
    value: form.values[name],
    onChange: form.set(name),
  });

  return (
    <section className="card" aria-labelledby="profile-edit">
      <h2 id="profile-edit">{t('profile.edit_title')}</h2>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <div className="form__row form__row--2">
          <TextField {...text('first_name')} autoComplete="given-name" />
          <TextField {...text('last_name')} autoComplete="family-name" />
        </div>
        <div className="form__row form__row--2">
          <TextField {...text('date_of_birth')} type="date" autoComplete="bday" />
          <SelectField
            {...text('gender')}
            placeholder={t('auth:fields.select')}
            options={[
              { value: 'm', label: t('auth:fields.gender_male') },
              { value: 'f', label: t('auth:fields.gender_female') },
            ]}
          />
        </div>
        <TextField
          {...text('mobile_phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('auth:fields.mobile_phone_hint')}
        />
        <SelectField
          {...text('country')}
          placeholder={t('auth:fields.select')}
          options={countryChoices}
          autoComplete="country"
        />
        <div className="form__row form__row--2">
          <TextField {...text('city')} autoComplete="address-level2" />
          <TextField {...text('postal_code')} autoComplete="postal-code" />
        </div>
        <TextField {...text('address')} autoComplete="street-address" />
        <CheckField
          name="receive_promos"
          label={t('auth:fields.receive_promos')}
          checked={form.values.receive_promos}
          onChange={form.set('receive_promos')}
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !form.dirty}>
            {t('common:actions.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
