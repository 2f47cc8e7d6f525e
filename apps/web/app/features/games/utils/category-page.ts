import type { Collection } from '../types';
import { isLobbySection, paths, type LobbySection } from './paths';

/** What a category page shows, resolved from the collections list. */
export interface CategoryPage {
  /** Collection ids whose games the grid lists (OR). */
  identifiers: string[];
  /** Page heading: the collection's (or section's) title. */
  title: string;
  /** The collection behind the page, or null on a section's "all" page without its own collection. */
  collectionId: string | null;
  /** Section whose collections make up the tabs (null: the general categories). */
  section: LobbySection | null;
  tabs: Collection[];
  /** Id of the highlighted tab; null on "All". */
  activeId: string | null;
  /** The "All" tab target, for lobby sections. */
  allHref: string | null;
}

export interface CategoryRoute {
  /** `pokies` / `live` for /pokies/… and /live/…; null for /categories/… and /games/…. */
  section: LobbySection | null;
  /** The slug segment; `all` (or absent) on a section's main page. */
  slug: string | undefined;
}

/** Tabs of a section: its collections, without the section's own "all" collection. */
function sectionTabs(collections: readonly Collection[], section: LobbySection | null): Collection[] {
  return collections.filter((c) => (c.section ?? null) === section && c.id !== section);
}

/**
 * Resolves a lobby URL against the collections (docs/player-app.md#lobby-routes): `/pokies/all` lists the `pokies`
 * collection (or, if the catalogue has none, every collection of the section); `/pokies/{slug}`,
 * `/categories/{slug}` and `/games/{categoryId}` list that collection. Null means "not found".
 */
export function resolveCategoryPage(
  collections: readonly Collection[],
  { section, slug }: CategoryRoute,
): CategoryPage | null {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const isAll = slug === undefined || slug === 'all' || slug === section;

  if (section && isAll) {
    const own = byId.get(section);
    const tabs = sectionTabs(collections, section);
    if (!own && tabs.length === 0) return null;
    return {
      identifiers: own ? [own.id] : tabs.map((c) => c.id),
      title: own?.title ?? section,
      collectionId: own?.id ?? null,
      section,
      tabs,
      activeId: null,
      allHref: paths.section(section),
    };
  }

  const collection = slug ? byId.get(slug) : undefined;
  if (!collection) return null;
  const tabSection = section ?? (isLobbySection(collection.section) ? collection.section : null);
  return {
    identifiers: [collection.id],
    title: collection.title,
    collectionId: collection.id,
    section: tabSection,
    tabs: sectionTabs(collections, tabSection),
    activeId: collection.id,
    allHref: tabSection ? paths.section(tabSection) : null,
  };
}
