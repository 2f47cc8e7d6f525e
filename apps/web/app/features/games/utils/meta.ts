import type { MetaDescriptor } from 'react-router';
import type { LocaleResources, TranslationTree } from '../../../i18n/config';
import type { BootData } from '../../../lib/boot';

type Vars = Record<string, string | number | null | undefined>;

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

/** `ns:dotted.key` from the locale resources the root loader sent, with `{{var}}` filled in. */
export function translateFromResources(
  resources: LocaleResources | undefined,
  key: string,
  vars: Vars = {},
): string | null {
  const [ns = '', path = ''] = key.split(':', 2);
  let node: string | TranslationTree | undefined = resources?.[ns as keyof LocaleResources];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return null;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export interface MetaText {
  title: [key: string, vars?: Vars];
  description?: [key: string, vars?: Vars];
}

/**
 * Route meta with interpolated values (a collection, provider or game title), translated with the
 * root loader's resources like lib/seo.ts `pageMeta`; canonical, hreflang and robots come from the
 * root Layout.
 */
export function lobbyMeta({ matches }: MetaArgsLike, text: MetaText): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root');
  const resources = ((root?.loaderData ?? root?.data) as BootData | undefined)?.resources;
  const title = translateFromResources(resources, ...text.title) ?? 'Croupier';
  const description = text.description ? translateFromResources(resources, ...text.description) : null;
  return [{ title }, ...(description ? [{ name: 'description', content: description }] : [])];
}
