import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { useSearchParams } from 'react-router';
import { SEARCH_MIN_LENGTH } from '../constants';
import type { Device, Viewer } from '../types';
import { InfiniteGameGrid } from './infinite-game-grid';
import { SearchField } from './search-field';
import './games.css';

/**
 * /search?q=: the search box (debounced 300 ms) keeps `q` in the URL (replacing the history
 * entry), and the results come from games_filter's title filter, 40 at a time.
 */
export function SearchLobby({ device, viewer }: { device: Device; viewer: Viewer }) {
  const { t } = useTranslation('lobby');
  const [params, setParams] = useSearchParams();
  const raw = (params.get('q') ?? '').trim();
  const query = raw.length >= SEARCH_MIN_LENGTH ? raw.slice(0, 100) : '';

  const onSearch = useCallback(
    (text: string) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text) next.set('q', text);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return (
    <div className="lobby-page">
      <div className="lobby-page__head">
        <h1 className="lobby-page__title">{t('search.title')}</h1>
      </div>
      <SearchField value={raw} onSearch={onSearch} autoFocus={!raw} />
      {query ? (
        <section aria-labelledby="search-results-title" className="game-list">
          <h2 id="search-results-title" className="game-row__title">
            {t('search.results', { query })}
          </h2>
          <InfiniteGameGrid
            key={query}
            args={{ device, filter: { title: query } }}
            viewer={viewer}
            label={t('search.results', { query })}
            empty={t('search.empty', { query })}
          />
        </section>
      ) : (
        <p className="lobby-page__lead">{t('search.hint', { count: SEARCH_MIN_LENGTH })}</p>
      )}
    </div>
  );
}
