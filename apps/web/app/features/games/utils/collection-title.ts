import type { I18n } from '../../../i18n/runtime';

/**
 * A collection's name in the page's language (lobby:collections.<id>); the catalogue's own title
 * (English) only for a collection the translations do not know yet.
 */
export function collectionTitle(t: I18n['t'], collection: { id: string; title: string }): string {
  return t(`lobby:collections.${collection.id}`, collection.title);
}
