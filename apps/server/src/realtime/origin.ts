import type { IncomingMessage } from 'node:http';

/**
 * Cross-site WebSocket hijacking defence (docs/reliability.md#t1-handshake): browsers attach the session cookie to a
 * socket opened from any page, so the handshake must come from one of our origins. Mirrors the
 * CSRF guard (http/csrf.ts): the request's own origin, the public URL and ALLOWED_ORIGINS pass.
 *
 * A missing Origin passes: browsers always send it on WebSocket upgrades and cross-origin requests,
 * and leave it off only on same-origin GETs (socket.io's polling transport). A client that sends
 * no Origin is not a browser, so it cannot be riding a victim's cookie.
 */
export function createOriginCheck(allowedOrigins: readonly string[], trustProxy: boolean) {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  return function isAllowedOrigin(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (origin === 'null') return false;
    if (allowed.has(origin)) return true;
    const host = req.headers.host;
    if (!host) return false;
    const forwarded = trustProxy
      ? String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')[0]
          ?.trim()
      : '';
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol = forwarded || (encrypted ? 'https' : 'http');
    return origin === `${protocol}://${host}`;
  };
}
