import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '../../../components/modal/dialog';
import { FormError } from '../../../components/ui/form-error';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useOffers, type BonusOffer } from '../api/get-offers';
import { useChooseDepositBonus } from '../api/set-bonus-code';
import { bonusErrorMessage, offerTerms, visibleOffers } from '../lib/bonuses-logic';
import { offerDisplayTitle, offerHeadline } from '../lib/rule-text';
import { RulesDetails } from './rules-list';
import './bonuses.css';

const NONE = '';

/** The deposit offers that can be had in `currency`, with their terms there. */
function offersIn(offers: readonly BonusOffer[] | undefined, currency: string) {
  return visibleOffers(offers).flatMap((offer) => {
    const terms = offerTerms(offer, currency);
    return terms ? [{ offer, terms }] : [];
  });
}

/**
 * The bonus of the cashbox's deposit step (docs/bonuses.md#what-the-player-sees): the offer the next
 * deposit gets, a warning while the amount is under its minimum, and the bonus toggle dialog that
 * picks another offer or no bonus (`set_bonus_code` / `clear_bonus_code`). The cashbox route hands it
 * to the cashbox (features never import each other, decision 011). Shows nothing when no offer
 * can be had in this currency.
 */
export function DepositBonusToggle({ currency, amountCents }: { currency: string; amountCents: number | null }) {
  const { t, i18n } = useTranslation('bonuses');
  const offers = useOffers('deposit');
  const [open, setOpen] = useState(false);
  const available = offersIn(offers.data, currency);
  if (offers.isPending) return <p className="muted bonus-toggle">{t('toggle.loading')}</p>;
  if (offers.isError) return <p className="muted bonus-toggle">{t('toggle.error')}</p>;
  if (available.length === 0) return null;
  const chosen = available.find(({ offer }) => offer.selected) ?? null;
  const minimum = chosen?.terms.min_deposit_cents ?? null;
  const under = chosen !== null && minimum !== null && amountCents !== null && amountCents < minimum;
  return (
    <div className="bonus-toggle">
      <p className="bonus-toggle__label">{t('toggle.label')}</p>
      <div className="bonus-toggle__choice">
        <strong data-testid="bonus-choice">
          {chosen ? offerDisplayTitle(chosen.offer, chosen.terms, i18n) : t('toggle.none')}
        </strong>
        {chosen && offerHeadline(chosen.offer, chosen.terms, i18n) && (
          <span className="muted">{offerHeadline(chosen.offer, chosen.terms, i18n)}</span>
        )}
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
          {t('toggle.change')}
        </button>
      </div>
      {under && (
        <p className="bonus-toggle__warning" role="status">
          {t('toggle.min_warning', { amount: formatMoney(minimum, currency, i18n.language) })}
        </p>
      )}
      {open &&
        // Portalled out of the amount step's form: the dialog has a form of its own.
        createPortal(
          <ToggleDialog
            offers={available}
            currency={currency}
            chosen={chosen?.offer.id ?? NONE}
            onClose={() => setOpen(false)}
          />,
          document.body,
        )}
    </div>
  );
}

function ToggleDialog({
  offers,
  currency,
  chosen,
  onClose,
}: {
  offers: ReturnType<typeof offersIn>;
  currency: string;
  chosen: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('bonuses');
  const name = useId();
  const [value, setValue] = useState(chosen);
  const choose = useChooseDepositBonus();

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals along the component tree: without this, the amount step's
    // form (this dialog's React parent) took the submit too and moved the cashbox to its next step.
    event.stopPropagation();
    if (value === chosen) {
      onClose();
      return;
    }
    choose.mutate(value === NONE ? null : value, { onSuccess: onClose });
  }

  return (
    <Dialog title={t('toggle.title')} onClose={onClose}>
      <form className="form bonus-toggle__form" onSubmit={submit} noValidate>
        <fieldset className="bonus-toggle__options">
          <legend className="visually-hidden">{t('toggle.title')}</legend>
          {offers.map(({ offer, terms }) => (
            <div key={offer.id} className="bonus-toggle__option">
              <label className="check">
                <input
                  type="radio"
                  name={name}
                  value={offer.id}
                  checked={value === offer.id}
                  onChange={() => setValue(offer.id)}
                />
                <span>
                  <strong>{offerDisplayTitle(offer, terms, i18n)}</strong>
                  {offerHeadline(offer, terms, i18n) && (
                    <span className="muted"> · {offerHeadline(offer, terms, i18n)}</span>
                  )}
                  {terms.min_deposit_cents !== null && (
                    <span className="bonus-toggle__min">
                      {t('offers.min_deposit', {
                        amount: formatMoney(terms.min_deposit_cents, currency, i18n.language),
                      })}
                    </span>
                  )}
                </span>
              </label>
              <RulesDetails terms={terms} label={t('toggle.rules')} />
            </div>
          ))}
          <div className="bonus-toggle__option">
            <label className="check">
              <input type="radio" name={name} value={NONE} checked={value === NONE} onChange={() => setValue(NONE)} />
              <span>
                <strong>{t('toggle.none')}</strong>
                <span className="bonus-toggle__min">{t('toggle.none_text')}</span>
              </span>
            </label>
          </div>
        </fieldset>
        <FormError message={choose.isError ? bonusErrorMessage(choose.error, i18n) : null} />
        <div className="form__actions bonus-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={choose.isPending}
            aria-busy={choose.isPending || undefined}
          >
            {choose.isPending ? t('toggle.applying') : t('toggle.apply')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
