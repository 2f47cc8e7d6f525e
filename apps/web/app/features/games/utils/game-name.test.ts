import { describe, expect, it } from 'vitest';
import { normaliseGameName, parsePlayName } from './game-name';

describe('normaliseGameName', () => {
  it.each([
    ['Aurora Fortune', 'aurora-fortune'],
    ['aurora-fortune', 'aurora-fortune'],
    ['  Aurora   Fortune  ', 'aurora-fortune'],
    ['AURORA_FORTUNE', 'aurora-fortune'],
    ["Gonzo's Quest", 'gonzos-quest'],
    ['Gonzo’s Quest', 'gonzos-quest'],
    ['Café Crème', 'cafe-creme'],
    ['Book of Ra: Deluxe!', 'book-of-ra-deluxe'],
    ['--Hot--Fruits--100--', 'hot-fruits-100'],
    ['7 & 7', '7-7'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseGameName(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = normaliseGameName('Mega Moolah: Isis');
    expect(normaliseGameName(once)).toBe(once);
  });
});

describe('parsePlayName', () => {
  it('splits producer/name and normalises both parts', () => {
    expect(parsePlayName('Croupier Originals/Aurora Fortune')).toEqual({
      producer: 'croupier-originals',
      name: 'aurora-fortune',
    });
  });

  it('accepts the encoded slash React Router leaves in a segment', () => {
    expect(parsePlayName('Croupier%20Originals%2FAurora%20Fortune')).toEqual({
      producer: 'croupier-originals',
      name: 'aurora-fortune',
    });
    expect(parsePlayName('Croupier Originals%2FAurora Fortune')).toEqual({
      producer: 'croupier-originals',
      name: 'aurora-fortune',
    });
  });

  it('accepts the producer:name spelling', () => {
    expect(parsePlayName('croupier:Aurora Fortune')).toEqual({ producer: 'croupier', name: 'aurora-fortune' });
  });

  it('splits at the first separator only', () => {
    expect(parsePlayName('acme/Big/Bass')).toEqual({ producer: 'acme', name: 'big-bass' });
  });

  it('returns null without a producer or a name', () => {
    expect(parsePlayName('aurora-fortune')).toBeNull();
    expect(parsePlayName('/aurora-fortune')).toBeNull();
    expect(parsePlayName('acme/')).toBeNull();
    expect(parsePlayName('%E0%A4%A')).toBeNull();
  });
});
