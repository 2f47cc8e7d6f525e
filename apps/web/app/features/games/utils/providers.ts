import type { Provider } from '../types';

/** `croupier-originals` → `Croupier Originals`: a readable fallback while the provider list loads. */
export function prettifySlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The provider's display title from the providers list, else the prettified id. */
export function providerName(id: string, providers: readonly Provider[] | null | undefined): string {
  return providers?.find((p) => p.id === id)?.title ?? prettifySlug(id);
}
