import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectContract } from './contract.ts';

describe('expectContract', () => {
  const Schema = z.strictObject({ id: z.number().int(), name: z.string() });

  it('returns the parsed body when it matches', () => {
    expect(expectContract(Schema, { id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
  });

  it('fails on a missing, mistyped or extra field, naming it', () => {
    expect(() => expectContract(Schema, { id: 1 })).toThrow(/name/);
    expect(() => expectContract(Schema, { id: '1', name: 'a' })).toThrow(/id/);
    expect(() => expectContract(Schema, { id: 1, name: 'a', extra: true })).toThrow(/extra/);
  });
});
