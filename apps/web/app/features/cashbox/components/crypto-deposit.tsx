import { CRYPTO_COINS } from '@croupier/shared/currencies';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '../../../components/modal/dialog';
import { formatMoney } from '../../../i18n/format';
import { useSwitchWallet } from '../../../lib/player/switch-wallet';
import { useCurrentUser } from '../../../lib/player/use-current-user';
import { useTranslation } from '../../../i18n/runtime';
import { useLocale } from '../../../i18n/use-locale';
import { ApiError } from '../../../lib/api-client';
import { useRealtimeRefresh } from '../../../lib/realtime';
import {
  useCreateCryptoAddress,
  useCryptoRates,
  useOnramp,
  usePaymentMethods,
  usePayments,
  PAYMENTS_KEY,
  type CryptoAddress,
} from '../api/payments';
import { subunitsOf, toCents } from '../lib/cashbox-logic';
import { PaymentLogo } from './payment-logo';

/** docs/player-app.md#card-to-crypto-widget: the fiat currencies the card-to-crypto widget sells for; others buy in EUR. */
export const WIDGET_FIATS = [
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NOK',
  'RUB',
  'PLN',
  'NZD',
  'JPY',
  'KZT',
  'BRL',
  'INR',
] as const;

/** How long the "Copied" confirmation stays (ms). */
export const COPIED_MS = 2000;

/** The fiat currency for rates and the widget: the player's own when it is fiat and the widget sells in it. */
export function widgetFiat(currency: string): string {
  return (WIDGET_FIATS as readonly string[]).includes(currency) ? currency : 'EUR';
}

/**
 * The on-ramp widget page (docs/player-app.md#cashbox-calls: loaded on demand with the widget id by host, the player's crypto
 * currencies, the language, the fiat list and the address map; docs/payments.md). `coin` and
 * `fiat` are what it opens on; the player may switch to another of their coins there.
 */
export function onrampUrl(options: {
  widgetId: string;
  lang: string;
  coin: string;
  fiat: string;
  addresses: readonly CryptoAddress[];
  fiats?: readonly string[];
}): string {
  return `/sandbox-onramp?${new URLSearchParams({
    widget: options.widgetId,
    lang: options.lang,
    coin: options.coin,
    fiat: options.fiat,
    cryptos: options.addresses.map((a) => a.currency).join(','),
    fiats: (options.fiats ?? WIDGET_FIATS).join(','),
    addresses: JSON.stringify(Object.fromEntries(options.addresses.map((a) => [a.currency, a.address]))),
  })}`;
}

/**
 * The currency-select modal of docs/player-app.md#cashbox-flow: the coins to open a deposit address in. Choosing one opens
 * the wallet in that coin when needed, creates the address, then closes. It is the app's Dialog
 * (focus moved in, Tab trapped, focus back to the opener) portalled to the body, so its overlay
 * covers the page rather than being clipped by the cashbox modal it opens over.
 */
export function CurrencySelectModal({ coins, onClose }: { coins: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('cashbox');
  const create = useCreateCryptoAddress();

  const error =
    create.error instanceof ApiError && create.error.code
      ? t(`errors.codes.${create.error.code}`, t('crypto.create_failed'))
      : create.error
        ? t('crypto.create_failed')
        : null;

  // Opened by a click, so only ever in the browser; the guard keeps a server render harmless.
  if (typeof document === 'undefined') return null;
  return createPortal(
    <Dialog
      title={t('crypto.select_title')}
      onClose={() => {
        // Creating an address opens a wallet: let it finish rather than leave it half seen.
        if (!create.isPending) onClose();
      }}
    >
      <div className="cashbox__select">
        <p className="muted">{t('crypto.select_text')}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <ul className="cashbox__grid">
          {coins.map((coin, i) => (
            <li key={coin}>
              <button
                type="button"
                className="cashbox__method"
                data-autofocus={i === 0 ? true : undefined}
                disabled={create.isPending}
                aria-busy={create.isPending && create.variables === coin ? true : undefined}
                onClick={() => create.mutate(coin, { onSuccess: onClose })}
              >
                <PaymentLogo method={{ type: 'crypto', currency: coin, brand: coin.toLowerCase(), provider: '' }} />
                <span className="cashbox__method-name">{coin}</span>
                <span className="cashbox__method-type">{t(`crypto.coin.${coin}`, coin)}</span>
              </button>
            </li>
          ))}
        </ul>
        {create.isPending && (
          <p className="muted" role="status">
            {t('crypto.creating')}
          </p>
        )}
        <button type="button" className="btn btn--ghost btn--block" onClick={onClose} disabled={create.isPending}>
          {t('crypto.cancel')}
        </button>
      </div>
    </Dialog>,
    document.body,
  );
}

/**
 * Deposits on their way to one address: pending ones with their confirmations, and those that were
 * seen pending here and have since been credited (the history refreshes on `payments_changes`).
 */
function IncomingDeposits({ coin, address }: { coin: string; address: string }) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const id = useId();
  const payments = usePayments();
  useRealtimeRefresh('payments_changes', PAYMENTS_KEY);
  // Deposits seen pending in this view stay listed once they settle, so the player sees "Credited".
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const mine = (payments.data ?? []).filter(
    (p) => p.action === 'deposit' && p.currency === coin && p.account === address,
  );
  const newlyPending = mine.filter((p) => p.state === 'pending' && !seen.has(p.id)).map((p) => p.id);
  if (newlyPending.length > 0) setSeen(new Set([...seen, ...newlyPending]));
  const shown = mine.filter((p) => p.state === 'pending' || seen.has(p.id));
  const { user } = useCurrentUser();
  const switchWallet = useSwitchWallet();
  if (shown.length === 0) return null;
  // Credited coins sit in the coin's wallet: offer to play with it when the player is elsewhere.
  const offerSwitch = user !== null && user.currency !== coin && shown.some((p) => p.state === 'succeeded');
  return (
    <section className="cashbox__incoming" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="cashbox__incoming-title">
        {t('crypto.incoming')}
      </h5>
      <ul role="status" aria-live="polite">
        {shown.map((p) => (
          <li key={p.id}>
            <span className="cashbox__incoming-amount">{formatMoney(p.amount_cents, p.currency, locale)}</span>{' '}
            <span>
              {p.state === 'pending'
                ? p.confirmations_required != null
                  ? t('crypto.confirmations', { count: p.confirmations ?? 0, required: p.confirmations_required })
                  : t('crypto.waiting')
                : p.state === 'succeeded'
                  ? t('crypto.credited')
                  : t(`history.state.${p.state}`, p.state)}
            </span>
          </li>
        ))}
      </ul>
      {offerSwitch && (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => switchWallet.mutate(coin)}
          disabled={switchWallet.isPending}
          aria-busy={switchWallet.isPending || undefined}
        >
          {t('crypto.play_with', { coin })}
        </button>
      )}
      {switchWallet.isError && (
        <p className="form-error" role="alert">
          {t('crypto.switch_failed')}
        </p>
      )}
    </section>
  );
}

/** One deposit address: coin, address with Copy, minimum deposit, exchange rate, and the card-to-crypto widget. */
function AddressCard({ entry, all, fiat }: { entry: CryptoAddress; all: readonly CryptoAddress[]; fiat: string }) {
  const { t } = useTranslation('cashbox');
  const locale = useLocale();
  const id = useId();
  const coin = entry.currency;
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [widget, setWidget] = useState(false);
  const methods = usePaymentMethods(coin, 'deposit');
  const rates = useCryptoRates(true);
  const onramp = useOnramp(widget);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const min = methods.data?.find((m) => m.type === 'crypto')?.termsOfService?.restrictions?.minAmountValue;
  const rate = rates.data?.[coin]?.[fiat]?.exchange_rate;
  const entryInfo = onramp.data?.[0];

  async function copy() {
    try {
      await navigator.clipboard.writeText(entry.address);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  return (
    <li className="cashbox__address">
      <h4 className="cashbox__address-coin">
        {coin} <span className="muted">{t(`crypto.coin.${coin}`, coin)}</span>
      </h4>
      <p className="field__label">{t('crypto.address_label', { coin })}</p>
      <div className="cashbox__address-row">
        <code className="cashbox__address-value" data-testid={`crypto-address-${coin}`}>
          {entry.address}
        </code>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void copy()}
          aria-label={t('crypto.copy_label', { coin })}
        >
          {t('crypto.copy')}
        </button>
      </div>
      <p className="cashbox__copied" role="status" aria-live="polite">
        {copied === 'ok' ? t('crypto.copied') : copied === 'failed' ? t('crypto.copy_failed') : ''}
      </p>
      <dl className="cashbox__address-facts">
        {typeof min === 'number' && (
          <>
            <dt>{t('crypto.min_deposit')}</dt>
            <dd>{formatMoney(toCents(min, subunitsOf(coin)), coin, locale)}</dd>
          </>
        )}
        {typeof rate === 'number' && (
          <>
            <dt>{t('crypto.rate')}</dt>
            <dd>{t('crypto.rate_value', { coin, value: formatMoney(Math.round(rate * 100), fiat, locale) })}</dd>
          </>
        )}
      </dl>
      <p className="muted">{t('crypto.arrives')}</p>
      <IncomingDeposits coin={coin} address={entry.address} />
      <button
        type="button"
        className="btn btn--primary btn--block"
        aria-expanded={widget}
        aria-controls={widget ? `${id}-widget` : undefined}
        onClick={() => setWidget((v) => !v)}
      >
        {widget ? t('crypto.hide_widget') : t('crypto.buy')}
      </button>
      {widget && (
        <div id={`${id}-widget`} className="cashbox__widget">
          {entryInfo && (
            <p className="muted">
              {t('crypto.widget_terms', {
                fee: new Intl.NumberFormat(locale).format(entryInfo.fee),
                minutes: entryInfo.processing_time,
              })}
            </p>
          )}
          <iframe
            className="cashbox__bank"
            src={onrampUrl({ widgetId: window.location.host, lang: locale, coin, fiat, addresses: all })}
            title={t('crypto.widget_title', { coin })}
          />
        </div>
      )}
    </li>
  );
}

/** The crypto deposit view: the player's addresses, and a way to open another coin. */
export function CryptoAddresses({
  addresses,
  currency,
  onAdd,
}: {
  addresses: readonly CryptoAddress[];
  /** The cashbox currency; rates and the widget use it when it is a widget fiat, else EUR. */
  currency: string;
  onAdd: (() => void) | null;
}) {
  const { t } = useTranslation('cashbox');
  const fiat = widgetFiat(currency);
  return (
    <div className="cashbox__crypto">
      <ul className="cashbox__addresses">
        {addresses.map((a) => (
          <AddressCard key={a.currency} entry={a} all={addresses} fiat={fiat} />
        ))}
      </ul>
      {onAdd && (
        <button type="button" className="btn btn--ghost btn--block" onClick={onAdd}>
          {t('crypto.add_coin')}
        </button>
      )}
    </div>
  );
}

/** Coins the player has no deposit address for yet, in the order of docs/player-app.md#currencies. */
export function missingCoins(addresses: readonly CryptoAddress[]): string[] {
  return CRYPTO_COINS.filter((c) => !addresses.some((a) => a.currency === c));
}
