import { GEO_DEFAULT_CURRENCY, isCrypto, isCurrencyCode } from '@croupier/shared/currencies';
import { missingRequiredFields, REQUIRED_PROFILE_FIELDS } from '@croupier/shared/api/player';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { SelectField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { useCountryOptions } from '../../../i18n/countries';
import { useTranslation } from '../../../i18n/runtime';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { apiErrorToForm } from '../../../lib/form-errors';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { updatePlayer } from '../api/update-player';
import { changedFields, validateProfile } from '../lib/profile-fields';

type ProfilePlayer = Pick<Player, 'registration_variant' | 'currency' | 'saved'> &
  Partial<Record<(typeof REQUIRED_PROFILE_FIELDS)[number], string | null>>;

/**
 * docs/player-app.md#required-profile-data: variant A players with a fiat currency who have not saved their data (`saved`) and lack
 * any required field (mobile_phone, first_name, last_name, date_of_birth, country, city, address,
 * postal_code) fill them in before the cashbox. Once saved, the player is not asked again.
 */
export function needsProfileData(player: ProfilePlayer | null | undefined): boolean {
  if (!player || player.registration_variant !== 'A' || player.saved) return false;
  if (isCurrencyCode(player.currency) && isCrypto(player.currency)) return false;
  return missingRequiredFields(player).length > 0;
}

type RequiredField = (typeof REQUIRED_PROFILE_FIELDS)[number];
type Values = Record<RequiredField, string>;

/**
 * The profile-data form that opens before the cashbox: the required fields, saved with
 * PATCH /api/player (the changed ones only), then the cashbox continues.
 */
export function ProfileDataForm({ user, onSaved }: { user: Player; onSaved: () => void }) {
  const { t, i18n } = useTranslation('cashbox');
  const api = useApi();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useMemo(
    () => Object.fromEntries(REQUIRED_PROFILE_FIELDS.map((f) => [f, user[f] ?? ''])) as Values,
    [user],
  );
  const form = useForm<Values>(initial, formRef);

  const countryChoices = useCountryOptions(
    new Set([...Object.keys(GEO_DEFAULT_CURRENCY), ...(user.country ? [user.country] : [])]),
  );

  const save = useMutation({
    mutationFn: (changes: Record<string, unknown>) => updatePlayer(api, changes),
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player });
      onSaved();
    },
    onError(error) {
      const mapped = apiErrorToForm(error, REQUIRED_PROFILE_FIELDS, i18n, 'auth');
      form.showErrors(mapped.fields, mapped.general);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const errors: Partial<Record<RequiredField, string>> = {};
    for (const f of REQUIRED_PROFILE_FIELDS) if (!form.values[f].trim()) errors[f] = t('errors.field.required');
    for (const [k, v] of Object.entries(validateProfile(form.values))) {
      if ((REQUIRED_PROFILE_FIELDS as readonly string[]).includes(k) && !errors[k as RequiredField]) {
        errors[k as RequiredField] = t(`auth:validation.${v}`);
      }
    }
    if (Object.keys(errors).length) return form.showErrors(errors);
    // Only the required fields take part: the others keep their saved values on both sides.
    const changes = changedFields({ ...initial }, { ...form.values });
    for (const key of Object.keys(changes))
      if (!(REQUIRED_PROFILE_FIELDS as readonly string[]).includes(key)) delete changes[key];
    if (Object.keys(changes).length) save.mutate(changes);
    else onSaved();
  }

  const text = (name: RequiredField) => ({
    name,
    label: t(`auth:fields.${name}`),
    error: form.errors[name],
    value: form.values[name],
    onChange: form.set(name),
    required: true,
  });

  return (
    <form ref={formRef} className="form cashbox__profile-data" onSubmit={onSubmit} noValidate>
      <h3 className="cashbox__heading">{t('profile_data.title')}</h3>
      <p className="muted">{t('profile_data.text')}</p>
      <FormError message={form.formError} />
      <TextField {...text('first_name')} autoComplete="given-name" />
      <TextField {...text('last_name')} autoComplete="family-name" />
      <TextField {...text('date_of_birth')} type="date" autoComplete="bday" />
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
      <TextField {...text('city')} autoComplete="address-level2" />
      <TextField {...text('postal_code')} autoComplete="postal-code" />
      <TextField {...text('address')} autoComplete="street-address" />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? t('details.submitting') : t('profile_data.submit')}
      </button>
    </form>
  );
}
