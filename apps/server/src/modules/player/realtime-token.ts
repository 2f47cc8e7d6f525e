import { deriveKeyHex } from '../../config/secrets.ts';
import { hmacSha256, safeEqual } from '../../lib/crypto.ts';

/**
 * Connection token of the realtime socket, in the Centrifugo v1 style the client expects
 * (the client's realtime settings): an HMAC over user and timestamp, with a key of its own derived
 * from the app secret, so that this token can never be confused with another HMAC the app makes.
 */
function realtimeKey(appSecret: string): string {
  return deriveKeyHex(appSecret, 'realtime-connection');
}

export function realtimeToken(appSecret: string, user: string, timestamp: string): string {
  return hmacSha256(realtimeKey(appSecret), `${user}:${timestamp}`);
}

/** For the realtime server: the token matches and is not older than `maxAgeSeconds`. */
export function isValidRealtimeToken(
  appSecret: string,
  user: string,
  timestamp: string,
  token: string,
  now: Date,
  maxAgeSeconds: number,
): boolean {
  const issued = Number(timestamp);
  if (!Number.isInteger(issued)) return false;
  const age = Math.floor(now.getTime() / 1000) - issued;
  if (age < -60 || age > maxAgeSeconds) return false;
  return safeEqual(realtimeToken(appSecret, user, timestamp), token);
}
