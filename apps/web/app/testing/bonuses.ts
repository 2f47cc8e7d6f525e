import type { FreespinPack, PlayerBonus } from '@croupier/shared/api/bonuses';

/**
 * The bonus object and the free-spin pack as the server sends them (docs/bonuses.md#the-calls), for
 * every test that needs one: the bonuses feature and the game client alike. A field added to the
 * wire shape is added here once.
 */
export const testBonus = (over: Partial<PlayerBonus> = {}): PlayerBonus => ({
  id: 1,
  title: 'Welcome bonus',
  title_generated: false,
  amount_cents: 10_000,
  currency: 'EUR',
  stage: 'handle_bets',
  amount_wager_requirement_cents: 35_000,
  amount_wager_cents: 3_450,
  strategy: 'deposit',
  created_at: '2027-03-01T10:00:00Z',
  valid_until: '2027-03-13T10:00:00Z',
  activatable_until: null,
  activatable: false,
  cancelable: true,
  group_key: null,
  kind: 'deposit',
  type: 'deposit',
  status: 'activated',
  bonus_balance_cents: 10_000,
  max_bet_cents: 500,
  max_conversion_cents: null,
  converted_cents: 0,
  cashback_loss_cents: null,
  terms: null,
  ...over,
});

export const testPack = (over: Partial<FreespinPack> = {}): FreespinPack => ({
  id: 9,
  title: '20 spins on Fruit Party',
  stage: 'handle_bets',
  freespins_total: 20,
  freespins_performed: 5,
  bet_level: 20,
  games: ['croupier/fruit-party'],
  games_info: [],
  activation_path: '/play/croupier/fruit-party',
  provider: 'croupier',
  currency: 'EUR',
  created_at: '2027-03-01T10:00:00Z',
  activatable_until: null,
  valid_until: '2027-03-08T10:00:00Z',
  activatable: false,
  activation_condition: null,
  cancelable: true,
  group_key: null,
  win_cents: 120,
  ...over,
});
