/**
 * docs/player-app.md#game-page: `/play/{name}` where name has the form `producer/name` redirects to
 * `/play/{producer}/{name}`, and the name is normalised to lowercase words joined by hyphens.
 */

/**
 * Lowercase words joined by single hyphens: accents are folded (`Café` → `cafe`), apostrophes
 * dropped (`Gonzo's` → `gonzos`), every other run of non-alphanumerics becomes one hyphen, and
 * hyphens at either end are trimmed. Already-normal names come back unchanged.
 */
export function normaliseGameName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export interface PlayTarget {
  producer: string;
  name: string;
}

/**
 * Splits a `/play/{name}` segment into producer and game name. The segment arrives decoded except
 * for an encoded slash (React Router keeps `%2F` inside a segment), so both `/` and `%2F` separate;
 * the SoftSwiss `producer:name` spelling is accepted too. Returns null when there is no producer.
 */
export function parsePlayName(segment: string): PlayTarget | null {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A stray `%` is left as it is; the normaliser drops it.
  }
  const slash = text.indexOf('/');
  const at = slash !== -1 ? slash : text.indexOf(':');
  if (at === -1) return null;
  const producer = normaliseGameName(text.slice(0, at));
  const name = normaliseGameName(text.slice(at + 1));
  return producer && name ? { producer, name } : null;
}
