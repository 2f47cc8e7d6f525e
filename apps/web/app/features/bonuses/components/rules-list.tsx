import type { RuleContext } from '@croupier/shared/bonus-rules';
import type { CurrencyTerms } from '@croupier/shared/bonus-terms';
import { useTranslation } from '../../../i18n/runtime';
import { rulesText } from '../lib/rule-text';

/**
 * Every rule of one currency's terms, in their order (docs/bonuses.md#rule-texts): the player reads
 * what the engine applies, generated from the same terms.
 */
export function RulesList({ terms, context, id }: { terms: CurrencyTerms; context?: RuleContext; id?: string }) {
  const { i18n } = useTranslation('bonuses');
  return (
    <ul className="bonus-rules" id={id}>
      {rulesText(terms, i18n, context).map((text, index) => (
        // Rules may repeat a shape (one weight per collection); their order is fixed by the terms.
        <li key={index}>{text}</li>
      ))}
    </ul>
  );
}

/** The rules behind a disclosure a keyboard opens with Enter or Space (a native `<details>`). */
export function RulesDetails({
  terms,
  context,
  label,
  open,
}: {
  terms: CurrencyTerms;
  context?: RuleContext;
  label?: string;
  open?: boolean;
}) {
  const { t } = useTranslation('bonuses');
  return (
    <details className="bonus-rules__details" open={open}>
      <summary>{label ?? t('gifts.rules')}</summary>
      <RulesList terms={terms} context={context} />
    </details>
  );
}
