import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/modal/dialog';
import { CheckField, SelectField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { LinkedText } from '../../../components/ui/linked-text';
import { href } from '../../../config/paths';
import { GEO_DEFAULT_CURRENCY } from '@croupier/shared/currencies';
import { useCountryOptions } from '../../../i18n/countries';
import { useTranslation } from '../../../i18n/runtime';
import type { Player } from '../../../lib/api-types';
import { useUpdateDetails } from '../api/update-details';

/** Missing fields this modal can fill (docs/player-profile.md#filling-missing-fields). */
const FILLABLE = ['terms_acceptance', 'country'] as const;

/** What the modal asks for: the fillable fields the player object names as missed. */
export function missingDetails(user: Pick<Player, 'auth_fields_missed'> | null): Array<(typeof FILLABLE)[number]> {
  const missed = user?.auth_fields_missed ?? [];
  return FILLABLE.filter((f) => missed.includes(f));
}

/**
 * Opens when the signed-in player owes a field sign-in needs, `terms_acceptance` (new or changed
 * terms) or `country`, and sends them with `POST /api/auth_providers/update_details`; the answer is
 * the player, so the modal closes by itself once nothing is owed. Closing it only postpones: it
 * opens again on the next page load.
 */
export function AuthFieldsModal({ user, countryCodes }: { user: Player; countryCodes: readonly string[] }) {
  const { t, i18n } = useTranslation('profile');
  const missing = missingDetails(user);
  const [dismissed, setDismissed] = useState(false);
  const [terms, setTerms] = useState(false);
  const [country, setCountry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateDetails();
  const countryChoices = useCountryOptions(countryCodes.length ? countryCodes : Object.keys(GEO_DEFAULT_CURRENCY));
  if (missing.length === 0 || dismissed) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (missing.includes('terms_acceptance') && !terms) next.terms_acceptance = t('details.terms_required');
    if (missing.includes('country') && !country) next.country = t('details.country_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate({
      ...(missing.includes('terms_acceptance') ? { terms_acceptance: true } : {}),
      ...(missing.includes('country') ? { country } : {}),
    });
  }

  return (
    <Dialog title={t('details.title')} onClose={() => setDismissed(true)}>
      <form aria-label={t('details.title')} onSubmit={onSubmit} noValidate>
        <p>{t(missing.includes('terms_acceptance') ? 'details.intro_terms' : 'details.intro')}</p>
        {missing.includes('terms_acceptance') && (
          <CheckField
            name="terms_acceptance"
            label={
              <LinkedText
                text={t('details.terms')}
                link={(words) => (
                  <a href={href('terms', i18n.language)} target="_blank" rel="noopener noreferrer">
                    {words}
                    <span className="visually-hidden"> {t('common:actions.new_tab')}</span>
                  </a>
                )}
              />
            }
            checked={terms}
            onChange={setTerms}
            error={errors.terms_acceptance ?? null}
          />
        )}
        {missing.includes('country') && (
          <SelectField
            name="country"
            label={t('details.country')}
            value={country}
            onChange={setCountry}
            options={countryChoices}
            placeholder=""
            required
            error={errors.country ?? null}
          />
        )}
        <p>{t('details.support')}</p>
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
          {t('details.submit')}
        </button>
        {save.isError && <FormError message={t('details.failed')} />}
      </form>
    </Dialog>
  );
}
