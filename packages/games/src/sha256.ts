/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript. The fairness-verify page
 * runs in the browser, where WebCrypto is asynchronous and absent on plain-http origins; a
 * synchronous pure implementation lets a player re-derive every outcome with the exact code the
 * server used, and keeps the models' random stream synchronous.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const W = new Uint32Array(64);

/** Compresses 64-byte blocks of `data` (from `offset`, `blocks` of them) into `h`. */
function compress(h: Uint32Array, data: Uint8Array, offset: number, blocks: number): void {
  for (let b = 0; b < blocks; b++) {
    const base = offset + b * 64;
    for (let i = 0; i < 16; i++) {
      const j = base + i * 4;
      W[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const w15 = W[i - 15]!;
      const w2 = W[i - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = h[0]!;
    let bb = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + bb;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
}

function digestOf(h: Uint32Array): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = h[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  return out;
}

/** Hashes `data`, continuing from state `h` after `prefixBytes` bytes were already absorbed. */
function finish(h: Uint32Array, data: Uint8Array, prefixBytes: number): Uint8Array {
  const full = Math.floor(data.length / 64);
  compress(h, data, 0, full);
  const rest = data.length - full * 64;
  const tailLength = rest + 9 <= 64 ? 64 : 128;
  const tail = new Uint8Array(tailLength);
  tail.set(data.subarray(full * 64));
  tail[rest] = 0x80;
  // Bit length as a 64-bit big-endian integer; lengths stay far below 2^53 bits.
  const bits = (prefixBytes + data.length) * 8;
  const hi = Math.floor(bits / 0x100000000);
  const lo = bits >>> 0;
  tail[tailLength - 8] = hi >>> 24;
  tail[tailLength - 7] = (hi >>> 16) & 0xff;
  tail[tailLength - 6] = (hi >>> 8) & 0xff;
  tail[tailLength - 5] = hi & 0xff;
  tail[tailLength - 4] = lo >>> 24;
  tail[tailLength - 3] = (lo >>> 16) & 0xff;
  tail[tailLength - 2] = (lo >>> 8) & 0xff;
  tail[tailLength - 1] = lo & 0xff;
  compress(h, tail, 0, tailLength / 64);
  return digestOf(h);
}

export function sha256(data: Uint8Array): Uint8Array {
  return finish(Uint32Array.from(H0), data, 0);
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += bytes[i]!.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 of the UTF-8 text, as lowercase hex: the commitment shown before a server seed is used. */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}

/**
 * HMAC-SHA256 with the key's inner and outer states absorbed once, so hashing many messages under
 * one server seed (one per 8 random words) costs two compressions per short message, not four.
 */
export class HmacSha256 {
  private readonly inner: Uint32Array;
  private readonly outer: Uint32Array;

  constructor(key: Uint8Array) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    const ipad = new Uint8Array(64);
    const opad = new Uint8Array(64);
    for (let i = 0; i < 64; i++) {
      ipad[i] = block[i]! ^ 0x36;
      opad[i] = block[i]! ^ 0x5c;
    }
    this.inner = Uint32Array.from(H0);
    compress(this.inner, ipad, 0, 1);
    this.outer = Uint32Array.from(H0);
    compress(this.outer, opad, 0, 1);
  }

  digest(message: Uint8Array): Uint8Array {
    const innerHash = finish(Uint32Array.from(this.inner), message, 64);
    return finish(Uint32Array.from(this.outer), innerHash, 64);
  }
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return new HmacSha256(key).digest(message);
}

export function hmacSha256Hex(key: string, message: string): string {
  return toHex(hmacSha256(utf8(key), utf8(message)));
}
