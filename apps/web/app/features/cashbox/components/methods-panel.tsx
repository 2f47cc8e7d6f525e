import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { useCryptoAddresses, type PaymentMethod } from '../api/payments';
import { amountProblem, methodLimits, subunitsOf, toCents, type PaymentAction } from '../lib/cashbox-logic';
import { CryptoAddresses, CurrencySelectModal, missingCoins } from './crypto-deposit';
import { PaymentLogo } from './payment-logo';

type Tab = 'all' | 'crypto';
const TABS: Tab[] = ['all', 'crypto'];

/** A readable name for a method brand ("bank_transfer" → "Bank transfer"). */
export function methodName(method: Pick<PaymentMethod, 'brand'>): string {
  const text = method.brand.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : method.brand;
}

/**
 * Step 2: the methods panel of docs/player-app.md#cashbox-flow with the tabs "all" (fiat) and "crypto". Methods whose
 * limits exclude the chosen amount stay visible but disabled, with the reason.
 *
 * Crypto deposits go to a deposit address per coin, not through the payment form: the crypto tab of
 * a deposit shows the player's addresses, and clicking it without any opens the currency-select
 * modal (docs/player-app.md#cashbox-flow). Crypto withdrawals go through the steps from a crypto wallet.
 */
export function MethodsPanel({
  action,
  currency,
  methods,
  amount,
  limits,
  selectedId,
  onSelect,
}: {
  action: PaymentAction;
  /** The cashbox (wallet) currency. */
  currency: string;
  methods: readonly PaymentMethod[];
  amount: number;
  limits: { min: number; max: number };
  selectedId: string | null;
  onSelect: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const id = useId();
  const cryptoWallet = subunitsOf(currency) > 100;
  // Limits are major units of the wallet's currency: shown as money, in the page's format.
  const money = (value: number) => formatMoney(toCents(value, subunitsOf(currency)), currency, locale);
  const [tab, setTab] = useState<Tab>(cryptoWallet ? 'crypto' : 'all');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, crypto: null });
  const deposit = action === 'deposit';
  const addresses = useCryptoAddresses(deposit);
  // Open the currency select once the addresses are known to be none (a click during loading waits).
  const [select, setSelect] = useState<'closed' | 'wanted' | 'open'>('closed');
  const selecting = select === 'open' || (select === 'wanted' && addresses.data?.length === 0);
  const shown =
    tab === 'crypto' ? methods.filter((m) => m.type === 'crypto') : methods.filter((m) => m.type !== 'crypto');

  function onTabClick(name: Tab) {
    setTab(name);
    if (name !== 'crypto' || !deposit) return;
    if (addresses.data === undefined) setSelect('wanted');
    else if (addresses.data.length === 0) setSelect('open');
  }

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="cashbox__methods">
      <div className="cashbox__tabs" role="tablist" aria-label={t('methods.title')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="cashbox__tab"
            onClick={() => onTabClick(name)}
            onKeyDown={onTabKey}
          >
            {t(`methods.tab_${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'crypto' && deposit ? (
          addresses.isPending ? (
            <p className="muted">{t('loading')}</p>
          ) : addresses.isError ? (
            <p className="form-error" role="alert">
              {t('errors.crypto')}
            </p>
          ) : addresses.data.length === 0 ? (
            <div className="cashbox__note">
              <p>{t('crypto.none')}</p>
              <button type="button" className="btn btn--primary btn--block" onClick={() => setSelect('open')}>
                {t('crypto.choose')}
              </button>
            </div>
          ) : (
            <CryptoAddresses
              addresses={addresses.data}
              currency={currency}
              onAdd={missingCoins(addresses.data).length > 0 ? () => setSelect('open') : null}
            />
          )
        ) : tab === 'crypto' && !cryptoWallet ? (
          <p className="cashbox__note">{t('methods.crypto_withdrawal')}</p>
        ) : shown.length === 0 ? (
          <p className="cashbox__note">{t('methods.none')}</p>
        ) : (
          <ul className="cashbox__grid">
            {shown.map((m) => {
              const own = methodLimits(m, limits);
              const problem = amountProblem(amount, own);
              const disabled = problem !== null;
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    className="cashbox__method"
                    aria-pressed={selectedId === m.id}
                    disabled={disabled}
                    onClick={() => onSelect(m)}
                  >
                    <PaymentLogo method={m} />
                    <span className="cashbox__method-name">{methodName(m)}</span>
                    <span className="cashbox__method-type">{t(`methods.type.${m.type}`, m.type)}</span>
                    {disabled && (
                      <span className="cashbox__method-limit">
                        {own.max > 0
                          ? t('methods.limits', { min: money(own.min), max: money(own.max) })
                          : t('methods.limits_min', { min: money(own.min) })}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {selecting && deposit && (
        <CurrencySelectModal coins={missingCoins(addresses.data ?? [])} onClose={() => setSelect('closed')} />
      )}
    </div>
  );
}
