import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { useLocalePath } from '../hooks/use-locale-path';
import type { Collection } from '../types';
import { collectionTitle } from '../utils/collection-title';
import { collectionPath } from '../utils/paths';
import './games.css';

export interface CategoryTabsProps {
  /** Accessible name of the navigation (e.g. "Pokies categories"). */
  label: string;
  collections: readonly Collection[];
  /** The "All" tab; omitted when the section has none. */
  allHref?: string;
  /** Id of the current collection, or null on the "All" tab. */
  activeId: string | null;
}

/** Category navigation of a lobby section: links (not ARIA tabs), the current one aria-current. */
export function CategoryTabs({ label, collections, allHref, activeId }: CategoryTabsProps) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  return (
    <nav className="category-tabs" aria-label={label}>
      <ul className="category-tabs__list">
        {allHref && (
          <li>
            <Link to={allHref} className="category-tabs__tab" aria-current={activeId === null ? 'page' : undefined}>
              {t('tabs.all')}
            </Link>
          </li>
        )}
        {collections.map((c) => (
          <li key={c.id}>
            <Link
              to={href(collectionPath(c))}
              className="category-tabs__tab"
              aria-current={activeId === c.id ? 'page' : undefined}
            >
              {collectionTitle(t, c)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Placeholder bar while the categories load. */
export function CategoryTabsSkeleton() {
  return (
    <div className="category-tabs" aria-hidden="true">
      <ul className="category-tabs__list">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <span className="category-tabs__tab category-tabs__tab--skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}
