import { describe, expect, it } from 'vitest';
import type { Player } from '../../../lib/api-types';
import { needsProfileData } from './profile-data-form';

const FULL = {
  first_name: 'Erika',
  last_name: 'Tester',
  date_of_birth: '1990-05-17',
  mobile_phone: '+491701234567',
  country: 'DE',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postal_code: '10117',
};

const player = (over: Partial<Player> = {}): Player =>
  ({
    id: 1,
    user_id: 1,
    email: 'p@example.com',
    currency: 'EUR',
    registration_variant: 'A',
    saved: false,
    gender: 'f',
    receive_promos: false,
    statuses: [],
    ...FULL,
    ...over,
  }) as Player;

describe('profile-data gate (SPEC §5)', () => {
  it('applies to variant A fiat players with a required field missing', () => {
    expect(needsProfileData(player({ city: '' }))).toBe(true);
    expect(needsProfileData(player({ mobile_phone: null }))).toBe(true);
    expect(needsProfileData(player())).toBe(false);
    expect(needsProfileData(player({ city: '', registration_variant: 'B' }))).toBe(false);
    expect(needsProfileData(player({ city: '', currency: 'BTC' }))).toBe(false);
    // Saved once (SPEC §5 "who have not saved it"): not asked again even if a field is now empty.
    expect(needsProfileData(player({ city: '', saved: true }))).toBe(false);
    expect(needsProfileData(null)).toBe(false);
  });

});
