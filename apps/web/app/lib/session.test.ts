import { describe, expect, it } from 'vitest';
import { makeQueryClient } from './query-client';
import { QUERY_KEYS } from './query-keys';
import { resetSession } from './session';

describe('resetSession', () => {
  it('leaves a guest with no private data in the cache', () => {
    const qc = makeQueryClient();
    qc.setQueryData(QUERY_KEYS.player, { id: 1 });
    qc.setQueryData(QUERY_KEYS.accounts, [{ currency: 'EUR' }]);
    qc.setQueryData(['player', 'favorite-games'], [{ id: 7 }]);
    qc.setQueryData(['games', 'providers'], [{ id: 'p' }]);
    resetSession(qc);
    expect(qc.getQueryData(QUERY_KEYS.player)).toBeNull();
    expect(qc.getQueryData(QUERY_KEYS.accounts)).toBeUndefined();
    expect(qc.getQueryData(['player', 'favorite-games'])).toBeUndefined();
    expect(qc.getQueryData(['games', 'providers'])).toEqual([{ id: 'p' }]);
  });
});
