import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A positive integer of 52 bits from the CSPRNG: an id that is safe in JSON and says nothing about its neighbours. */
export function randomPublicId(): number {
  // 7 bytes, the top 4 bits dropped: 52 bits; + 1 keeps it positive.
  const bytes = randomBytes(7);
  bytes[0]! &= 0x0f;
  return Number(BigInt(`0x${bytes.toString('hex')}`)) + 1;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
