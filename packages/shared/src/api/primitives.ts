/**
 * The building blocks every request schema is made of (decision 016), so that what the database
 * cannot store, or stores as something else, is refused at the door as a 4xx and never reaches a
 * query as a 500:
 * - `text()`: every string of the API contract. PostgreSQL refuses NUL in `text` and `jsonb`, and an
 *   unpaired UTF-16 surrogate has no UTF-8 form (it would be stored as U+FFFD, or refused inside
 *   JSON); other control characters are never part of a name, an id or an address.
 * - `recordId` / `recordIdParam`: ids of serial (int4) columns. An id past 2^31 − 1 names nothing,
 *   so it is answered like any unknown id (a 404 for a path id) instead of overflowing the column.
 * - `bigRecordIdParam`: ids of bigserial (int8) columns in a path, such as game rounds; past 2^53 − 1
 *   (where a JSON number stops being exact) they name nothing either.
 * - `minorUnitsParam`: an amount in a query string, digits only (no `1e3`, `0x10`, ` 12`).
 * - `currencyCode`: a currency's code as the API spells it (`EUR`, `USDT`): 3 or 4 capitals.
 */
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (serial) column. */
export const SERIAL_ID_MAX = 2_147_483_647;

/** Id that no row has: what an out-of-range id becomes, so the lookup finds nothing. */
export const NO_SUCH_ID = 0;

/** C0 controls, DEL and C1 controls. */
const CONTROL = /\p{Cc}/u;
/** The same, less the tab and line breaks a multi-line field may hold. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** In a `u` regex a well-formed pair is one code point; only an unpaired half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export const UNSAFE_TEXT_MESSAGE = 'is invalid';

export interface TextOptions {
  /** Allows tab, line feed and carriage return (a message, a comment); never other controls. */
  multiline?: boolean;
}

/** True when the string holds no control character (see `multiline`) and no unpaired surrogate. */
export function isSafeText(value: string, options: TextOptions = {}): boolean {
  return !(options.multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/** The string type of every request schema: refuses control characters and unpaired surrogates. */
export function text(options: TextOptions = {}) {
  return z.string().refine((v) => isSafeText(v, options), { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/**
 * The path (`a.b.0`) of the first string or key in a parsed JSON value that `text()` would refuse,
 * or null. For bodies read raw (signed webhooks, the wallet protocol), which are stored or hashed
 * before, or without, a schema. Iterative: a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path || 'body';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (!isSafeText(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

const toRecordId = (n: number) => (n <= SERIAL_ID_MAX ? n : NO_SUCH_ID);

/** An id in a JSON body: a positive integer; past the column's range it matches no row. */
export const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).transform(toRecordId);

/** A path id of a column holding ids up to `max`: digits, and 0 or anything past `max` names no row. */
const pathIdUpTo = (max: number) =>
  z.string().transform((s, ctx) => {
    if (!/^\d{1,32}$/.test(s)) {
      ctx.addIssue({ code: 'invalid_type', expected: 'number', input: s, message: 'must be a number' });
      return z.NEVER;
    }
    const n = Number(s);
    return n >= 1 && n <= max ? n : NO_SUCH_ID;
  });

/**
 * An id in a URL path: decimal digits; past the column's range (or 0) it matches no row. Anything
 * else is not a number at all: a type error (400), as a number in a JSON body would be.
 */
export const recordIdParam = pathIdUpTo(SERIAL_ID_MAX);

/**
 * An id of a bigserial column in a URL path: as `recordIdParam`, but the range is what a JSON number
 * holds exactly (2^53 − 1); a larger id names no row.
 */
export const bigRecordIdParam = pathIdUpTo(Number.MAX_SAFE_INTEGER);

/** 3 or 4 capital letters: the shape of every currency code, fiat or crypto (`EUR`, `USDT`). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3,4}$/;

/**
 * A currency code in a request. Its shape only: whether the casino knows the currency is the
 * route's business (`isCurrencyCode`), answered with its own error code.
 */
export const currencyCode = text().regex(CURRENCY_CODE_PATTERN);

/**
 * A positive amount of minor units in a query string, as exact as a JSON body's: decimal digits
 * only, at most Number.MAX_SAFE_INTEGER.
 */
export const minorUnitsParam = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'must be a whole number of minor units')
  .transform((s) => BigInt(s))
  .refine((n) => n <= BigInt(Number.MAX_SAFE_INTEGER), 'is too large');

/** The query of a call that takes none: any parameter is refused (400), so a typo is never ignored. */
export const NoQuerySchema = z.strictObject({});
