/**
 * A catalogue game's description as facts, not as English (docs/web-shell.md#game-descriptions): the
 * demo catalogue composes each description from a few sentence patterns (a pokie's volatility, reels,
 * lines and setting, its free spins, a jackpot; a table game's rules), so it sends those as
 * `{ key, params }` parts and each reader puts them into its own language with
 * `game:description.<key>`. The English `description` of the game object is the same parts in
 * English, for clients that cannot. Pure and zod-free: browser code imports it.
 */

/** Where a pokie is set (the demo catalogue's themes): `game:description.settings.<key>`. */
export const GAME_SETTINGS = [
  'egypt',
  'aurora',
  'jade',
  'ocean',
  'fruit',
  'space',
  'frontier',
  'candy',
  'pirates',
  'clover',
  'gems',
  'gothic',
  'aztec',
  'savanna',
  'samurai',
  'olympus',
  'steampunk',
  'fantasy',
  'fiesta',
  'heist',
] as const;
export type GameSetting = (typeof GAME_SETTINGS)[number];

/** What a table, instant or live game is: `game:description.games.<key>`. */
export const GAME_RULE_TEXTS = [
  'roulette',
  'american-roulette',
  'blackjack',
  'baccarat',
  'video-poker',
  'dice',
  'mines',
  'plinko',
  'crash',
  'live-roulette',
] as const;
export type GameRuleText = (typeof GAME_RULE_TEXTS)[number];

export const GAME_DESCRIPTION_VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;
export type GameDescriptionVolatility = (typeof GAME_DESCRIPTION_VOLATILITIES)[number];

/** One sentence of a description. `spins` are the free spins three, four and five scatters start. */
export type GameDescriptionPart =
  | {
      key: 'slot';
      params: {
        title: string;
        volatility: GameDescriptionVolatility;
        reels: number;
        lines: number;
        setting: GameSetting;
      };
    }
  | { key: 'free_spins'; params: { spins: number[] } }
  | { key: 'free_spins_multiplied'; params: { spins: number[]; multiplier: number } }
  | { key: 'jackpot'; params: Record<string, never> }
  | { key: 'table'; params: { title: string; game: GameRuleText } }
  | { key: 'live_no_demo'; params: Record<string, never> };

export type GameDescriptionKey = GameDescriptionPart['key'];

/** Every sentence key, for the translation files' completeness test. */
export const GAME_DESCRIPTION_KEYS: readonly GameDescriptionKey[] = [
  'slot',
  'free_spins',
  'free_spins_multiplied',
  'jackpot',
  'table',
  'live_no_demo',
];
