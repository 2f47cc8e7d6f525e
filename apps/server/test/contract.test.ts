import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectContract, watchRealtimeContract } from './contract.ts';

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

describe('watchRealtimeContract', () => {
  function fakeHub() {
    let listener: ((e: { kind: 'public'; target: string; channel: string; data: unknown }) => void) | undefined;
    return {
      hub: { onPublish: (l: NonNullable<typeof listener>) => ((listener = l), () => {}) },
      publish: (channel: string, data: unknown) => listener?.({ kind: 'public', target: '*', channel, data }),
    };
  }

  it('reports a payload that breaks its channel’s schema, and a channel without one', () => {
    const { hub, publish } = fakeHub();
    const watch = watchRealtimeContract(hub);
    publish('public:jackpots_changes', { id: 1 });
    publish('no_such_channel', {});
    expect(() => watch.check()).toThrow(/public:jackpots_changes[\s\S]*no_such_channel/);
  });

  it('stays quiet for payloads that match', () => {
    const { hub, publish } = fakeHub();
    const watch = watchRealtimeContract(hub);
    publish('jackpot_win_award', {
      jackpot: { id: 1, name: 'Croupier', level_name: 'Mini', amount_cents: 100, currency: 'EUR' },
    });
    expect(() => watch.check()).not.toThrow();
  });
});
