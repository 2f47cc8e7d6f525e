import type { Player } from '../lib/api-types';

/** A signed-in variant A player in EUR with every required profile field filled (docs/player-app.md#required-profile-data). */
export const testPlayer = (over: Partial<Player> = {}): Player =>
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
    first_name: 'Erika',
    last_name: 'Tester',
    date_of_birth: '1990-05-17',
    mobile_phone: '+491701234567',
    country: 'DE',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postal_code: '10117',
    ...over,
  }) as Player;
