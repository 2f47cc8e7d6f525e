import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useLocation, useSearchParams } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { formatDate, formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useGameHistory, type HistoryItem } from '../api/get-game-history';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  hasFilters,
  pageCount,
  searchFromFilters,
  type HistoryFilters,
} from '../utils/history-query';
import './history.css';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The page body of /users/games-history: filters, the rounds (a table, cards on a phone), paging. */
export function GamesHistory({ locale, currencies }: { locale: Locale; currencies: readonly string[] }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const filters = filtersFromSearch(params);
  const history = useGameHistory(filters);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (next: HistoryFilters) => void navigate({ pathname, search: searchFromFilters(next) });

  const total = history.data?.total ?? 0;
  const pages = pageCount(total);
  return (
    <section className="container page history" aria-labelledby="history-title">
      <nav aria-label={t('history.breadcrumb')} className="history__crumbs">
        <Link to={localePath('/users', locale)}>{t('profile.title')}</Link> / <span>{t('history.title')}</span>
      </nav>
      <h1 id="history-title">{t('history.title')}</h1>
      {/* Keyed by the query: back/forward puts the URL's filters back into the fields. */}
      <HistoryFilterForm key={params.toString()} filters={filters} currencies={currencies} onApply={go} />
      {history.isError && !history.data ? (
        <div className="history__state" role="alert">
          <p>{t('history.error')}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
          >
            {t('history.retry')}
          </button>
        </div>
      ) : !history.data ? (
        <p className="history__state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('history.loading')}
        </p>
      ) : history.data.items.length === 0 ? (
        <p className="history__state" data-testid="history-empty">
          {hasFilters(filters) ? t('history.empty_filtered') : t('history.empty')}
        </p>
      ) : (
        <>
          <HistoryTable items={history.data.items} locale={locale} busy={history.isPlaceholderData} />
          <nav className="history__pager" aria-label={t('history.pagination')}>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={filters.page <= 1}
              onClick={() => go({ ...filters, page: filters.page - 1 })}
            >
              {t('history.prev')}
            </button>
            <span aria-live="polite">
              {t('history.page', { page: filters.page, pages })} · {t('history.total', { count: total })}
            </span>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={filters.page >= pages}
              onClick={() => go({ ...filters, page: filters.page + 1 })}
            >
              {t('history.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function HistoryFilterForm({
  filters,
  currencies,
  onApply,
}: {
  filters: HistoryFilters;
  currencies: readonly string[];
  onApply: (filters: HistoryFilters) => void;
}) {
  const { t } = useTranslation('account');
  const [draft, setDraft] = useState(filters);
  const set = (patch: Partial<HistoryFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  return (
    <form className="history__filters" onSubmit={submit} role="search" aria-label={t('history.filters')}>
      <label>
        <span>{t('history.game')}</span>
        <input
          type="search"
          name="game"
          value={draft.game}
          maxLength={100}
          onChange={(e) => set({ game: e.target.value })}
        />
      </label>
      <label>
        <span>{t('history.currency')}</span>
        <select name="currency" value={draft.currency} onChange={(e) => set({ currency: e.target.value })}>
          <option value="">{t('history.any_currency')}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('history.from')}</span>
        <input
          type="date"
          name="from"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label>
        <span>{t('history.to')}</span>
        <input
          type="date"
          name="to"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
      <div className="history__filter-actions">
        <button type="submit" className="btn btn--primary btn--sm">
          {t('history.apply')}
        </button>
        {hasFilters(filters) && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onApply(EMPTY_FILTERS)}>
            {t('history.reset')}
          </button>
        )}
      </div>
    </form>
  );
}

function HistoryTable({ items, locale, busy }: { items: HistoryItem[]; locale: Locale; busy: boolean }) {
  const { t } = useTranslation('account');
  const money = (minor: number | null, currency: string) =>
    minor === null ? '—' : formatMoney(minor, currency, locale);
  const columns = {
    time: t('history.col.time'),
    game: t('history.col.game'),
    stake: t('history.col.stake'),
    win: t('history.col.win'),
    balance: t('history.col.balance'),
    result: t('history.col.result'),
    fairness: t('history.col.fairness'),
  };
  return (
    <table className="history__table" aria-busy={busy || undefined} data-testid="history-table">
      <caption className="visually-hidden">{t('history.caption')}</caption>
      <thead>
        <tr>
          {Object.entries(columns).map(([key, label]) => (
            <th key={key} scope="col" className={`history__col--${key}`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.bet_id} data-testid="history-row" data-round={item.round.id}>
            <td data-label={columns.time}>
              <time dateTime={item.created_at}>{formatDate(item.created_at, locale, DATE_TIME)}</time>
            </td>
            <th scope="row" data-label={columns.game}>
              <span>
                <span className="history__game">{item.title}</span>
                <span className="history__provider">{item.provider}</span>
              </span>
            </th>
            <td data-label={columns.stake} className="history__num">
              {money(item.total_bets, item.currency)}
            </td>
            <td data-label={columns.win} className="history__num">
              {money(item.total_wins, item.currency)}
            </td>
            <td data-label={columns.balance} className="history__num">
              {money(item.balance_after_cents, item.currency)}
            </td>
            <td data-label={columns.result}>
              <span className={`history__status history__status--${item.bet_status}`}>
                {t(`history.status.${item.bet_status}`, item.bet_status)}
              </span>
            </td>
            <td data-label={columns.fairness}>
              {item.round.fairness ? (
                <Link
                  to={localePath(`/provably-fair?round=${item.round.id}`, locale)}
                  aria-label={t('history.verify_round', { id: item.round.id, title: item.title })}
                >
                  {t('history.verify')}
                </Link>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
