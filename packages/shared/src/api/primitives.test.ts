import { describe, expect, it } from 'vitest';
import {
  currencyCode,
  findUnsafeText,
  isSafeText,
  minorUnitsParam,
  NO_SUCH_ID,
  recordId,
  recordIdParam,
  bigRecordIdParam,
  SERIAL_ID_MAX,
  text,
} from './primitives.ts';

describe('text(): the one string type of the API contract', () => {
  it('refuses NUL, other C0 and C1 controls, DEL and unpaired surrogates; keeps every other character', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'tab\there',
      'line\nbreak',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      'x\ud800',
      '\udc00y',
      'ab\ud83d',
    ]) {
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
      expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'Ann-Marie O’Neil', 'Zürich 8001', '東京', '𝔘𝔫𝔦 😀', 'a\u200db', '\u00a0', 'ﷺ']) {
      expect(isSafeText(good), JSON.stringify(good)).toBe(true);
      expect(text().parse(good)).toBe(good);
    }
  });

  it('a multi-line field may hold tab and line breaks, never other controls', () => {
    expect(text({ multiline: true }).safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(text({ multiline: true }).safeParse('one\u0000').success).toBe(false);
    expect(text({ multiline: true }).safeParse('\ud800').success).toBe(false);
  });

  it('answers with one field message, and chains like z.string()', () => {
    const result = text().max(3).safeParse('ab\u0000cd');
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['is invalid']);
    expect(text().trim().min(1).parse('  ok ')).toBe('ok');
  });

  it('findUnsafeText names the first bad string or key of a parsed JSON body, at any depth', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'fine', { c: null }] })).toBeNull();
    expect(findUnsafeText(JSON.parse('{"a":{"b":["x","y\\u0000"]}}'))).toBe('a.b.1');
    expect(findUnsafeText(JSON.parse('{"k\\ud800":1}'))).toBe('k\ud800');
    expect(findUnsafeText('\u0000')).toBe('body');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('ids of serial columns', () => {
  it('an id past 2^31 - 1 names no row (0) instead of overflowing the column', () => {
    expect(recordId.parse(42)).toBe(42);
    expect(recordId.parse(SERIAL_ID_MAX)).toBe(SERIAL_ID_MAX);
    expect(recordId.parse(SERIAL_ID_MAX + 1)).toBe(NO_SUCH_ID);
    expect(recordId.parse(Number.MAX_SAFE_INTEGER)).toBe(NO_SUCH_ID);
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, '7'])
      expect(recordId.safeParse(bad).success).toBe(false);
  });

  it('a path id is digits; 0 and anything past the range name no row', () => {
    expect(recordIdParam.parse('42')).toBe(42);
    expect(recordIdParam.parse('2147483648')).toBe(NO_SUCH_ID);
    expect(recordIdParam.parse('99999999999999999999999')).toBe(NO_SUCH_ID);
    expect(recordIdParam.parse('0')).toBe(NO_SUCH_ID);
    for (const bad of ['', '-1', '1e3', '0x10', ' 12', '12 ', '1.0', 'abc', '1'.repeat(33)])
      expect(recordIdParam.safeParse(bad).success, bad).toBe(false);
    // Not a number at all is a type error, like a string where a JSON body wants a number.
    expect(recordIdParam.safeParse('abc').error!.issues[0]!.code).toBe('invalid_type');
  });

  it('a bigserial path id is exact up to 2^53 - 1; past it, or 0, it names no row', () => {
    expect(bigRecordIdParam.parse('2147483648')).toBe(2_147_483_648);
    expect(bigRecordIdParam.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(bigRecordIdParam.parse('9007199254740993')).toBe(NO_SUCH_ID);
    expect(bigRecordIdParam.parse('1'.repeat(26))).toBe(NO_SUCH_ID);
    expect(bigRecordIdParam.parse('0')).toBe(NO_SUCH_ID);
    for (const bad of ['', '-1', '1e3', '0x10', ' 12', 'abc', '1'.repeat(33)])
      expect(bigRecordIdParam.safeParse(bad).success, bad).toBe(false);
  });
});

describe('minor units in a query string', () => {
  it('decimal digits only, exact up to 2^53 - 1', () => {
    expect(minorUnitsParam.parse('5000')).toBe(5000n);
    expect(minorUnitsParam.parse(String(Number.MAX_SAFE_INTEGER))).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    for (const bad of [
      '1e3',
      '0x10',
      ' 12',
      '12 ',
      '+5',
      '-5',
      '0',
      '012',
      '1.5',
      '',
      '9007199254740992',
      'Infinity',
    ]) {
      expect(minorUnitsParam.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('currencyCode: the one shape of a currency code in a request', () => {
  it('takes 3 or 4 capitals (fiat and crypto); refuses anything else, control characters included', () => {
    for (const ok of ['EUR', 'USD', 'BTC', 'USDT']) expect(currencyCode.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['eur', 'EU', 'EUROS', 'EU1', ' EUR', 'EUR\u0000', 'ÉUR', '']) {
      expect(currencyCode.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
