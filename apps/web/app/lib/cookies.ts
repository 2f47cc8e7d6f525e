/** Reads one cookie from a Cookie header or `document.cookie`. */
export function readCookie(source: string | null | undefined, name: string): string | null {
  for (const part of (source ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return v.join('=');
      }
    }
  }
  return null;
}

/** A Set-Cookie / document.cookie value: path /, SameSite=Lax. */
export function cookieString(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}
