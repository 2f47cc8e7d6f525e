/**
 * Same-site redirect targets only (no open redirect): the value must be a path on this origin.
 * `//evil.example`, `/\evil.example`, `https://evil.example`, `javascript:` and anything that
 * resolves to another origin are refused. Returns the normalised `path?query#hash`, or null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string') return null;
  // Control characters are silently dropped by URL parsers and can hide a second slash.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
