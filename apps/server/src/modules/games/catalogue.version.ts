/**
 * In-process version of the game catalogue. The seed (or any future admin write) bumps it after a
 * change; the in-memory catalogue cache of every app in this process reloads on the next request
 * whose version differs. Other processes pick changes up through the cache's time-to-live.
 */
let version = 0;

export function catalogueVersion(): number {
  return version;
}

export function bumpCatalogueVersion(): void {
  version++;
}
