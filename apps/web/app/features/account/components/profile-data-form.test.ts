import { describe, expect, it } from 'vitest';
import { needsProfileData } from './profile-data-form';
import { testPlayer as player } from '../../../testing/player';

describe('profile-data gate (docs/player-app.md#required-profile-data)', () => {
  it('applies to variant A fiat players with a required field missing', () => {
    expect(needsProfileData(player({ city: '' }))).toBe(true);
    expect(needsProfileData(player({ mobile_phone: null }))).toBe(true);
    expect(needsProfileData(player())).toBe(false);
    expect(needsProfileData(player({ city: '', registration_variant: 'B' }))).toBe(false);
    expect(needsProfileData(player({ city: '', currency: 'BTC' }))).toBe(false);
    // Saved once (docs/player-app.md#required-profile-data: "who have not saved their data"): not asked again even if a field is now empty.
    expect(needsProfileData(player({ city: '', saved: true }))).toBe(false);
    expect(needsProfileData(null)).toBe(false);
  });
});
