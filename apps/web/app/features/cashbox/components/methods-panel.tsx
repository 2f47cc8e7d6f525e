import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import type { PaymentMethod } from '../api/payments';
import { amountProblem, methodLimits } from '../lib/cashbox-logic';

type Tab = 'all' | 'crypto';
const TABS: Tab[] = ['all', 'crypto'];

/** A readable name for a method brand ("bank_transfer" → "Bank transfer"). */
export function methodName(method: Pick<PaymentMethod, 'brand'>): string {
  const text = method.brand.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : method.brand;
}

/**
 * Step 2: the methods panel of SPEC §2 with the tabs "all" (fiat) and "crypto". Methods whose
 * limits exclude the chosen amount stay visible but disabled, with the reason.
 */
export function MethodsPanel({
  methods,
  amount,
  limits,
  selectedId,
  onSelect,
}: {
  methods: readonly PaymentMethod[];
  amount: number;
  limits: { min: number; max: number };
  selectedId: string | null;
  onSelect: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('cashbox');
  const id = useId();
  const [tab, setTab] = useState<Tab>('all');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, crypto: null });
  // Crypto deposits go to a deposit address, not through this form: the crypto tab is a note for now.
  const shown = tab === 'crypto' ? [] : methods.filter((m) => m.type !== 'crypto');

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
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`methods.tab_${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {shown.length === 0 ? (
          <p className="cashbox__note">{tab === 'crypto' ? t('methods.crypto_soon') : t('methods.none')}</p>
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
                    <span className="cashbox__method-name">{methodName(m)}</span>
                    <span className="cashbox__method-type">{t(`methods.type.${m.type}`, m.type)}</span>
                    {disabled && (
                      <span className="cashbox__method-limit">
                        {t('methods.limits', { min: own.min, max: own.max })}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
