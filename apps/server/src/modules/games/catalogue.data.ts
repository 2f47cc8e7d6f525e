/**
 * The demo game catalogue, generated deterministically from word lists: the same code always
 * yields the same providers, categories, titles and attributes. Variety comes from a seeded hash of
 * each title (FNV-1a + mulberry32), never from a runtime random source, so the seed is reproducible and
 * idempotent. Every provider, title and theme here is our own invention.
 */

import { catalogueFigures, resolveModel, type SlotRules } from '@croupier/games/index';
import type { GameDescriptionPart, GameRuleText, GameSetting } from '@croupier/shared/game-description';
import { SLOT_SYMBOL_SETS, type GameSymbolKey } from '@croupier/shared/game-symbols';

/** Release dates are spread over the two years before this fixed date, so `new` is deterministic. */
export const CATALOGUE_REFERENCE_DATE = new Date('2026-11-01T00:00:00Z');

export type Engine =
  | 'slot-low'
  | 'slot-medium'
  | 'slot-high'
  | 'roulette'
  | 'blackjack'
  | 'video-poker'
  | 'dice'
  | 'mines'
  | 'plinko'
  | 'baccarat'
  | 'crash'
  | 'live-roulette';

export type Motif =
  'dots' | 'stripes' | 'grid' | 'diamonds' | 'waves' | 'zigzag' | 'stars' | 'circles' | 'scales' | 'hex' | 'rays';

export interface GameTheme {
  palette: [string, string, string];
  symbol: string;
  motif: Motif;
}

export interface SeedProvider {
  id: string;
  title: string;
  position: number;
}

export interface SeedCategory {
  id: string;
  title: string;
  position: number;
  section: 'pokies' | 'live' | null;
}

export interface SeedGame {
  identifier: string;
  providerId: string;
  seoTitle: string;
  title: string;
  /** In English; `descriptionParts` says the same as facts, for readers of other languages. */
  description: string;
  descriptionParts: GameDescriptionPart[];
  engine: Engine;
  theme: GameTheme;
  hasDemo: boolean;
  volatility: 'low' | 'medium' | 'high' | 'very-high';
  lines: number | null;
  ways: number | null;
  /** RTP in percent: the exact figure of the title's game model (@croupier/games, docs/games/rtp.md). */
  payout: string;
  /** Share of rounds that pay, in percent: exact as well, from the same model. */
  hitRate: string;
  devices: ('desktop' | 'mobile')[];
  frameWidth: number;
  frameHeight: number;
  popularity: number;
  releasedAt: Date;
}

export interface SeedMembership {
  identifier: string;
  categoryId: string;
  position: number;
}

export interface Catalogue {
  providers: SeedProvider[];
  categories: SeedCategory[];
  games: SeedGame[];
  memberships: SeedMembership[];
}

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG; deterministic for a given seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function palette(
  rng: ReturnType<typeof seeded>,
  hue: number,
  spread: number,
  accentHue?: number,
): [string, string, string] {
  const h = hue + rng.int(-spread, spread);
  const accent = accentHue ?? h + 40;
  return [
    hslToHex(h, 55, rng.int(13, 19)),
    hslToHex(h + 8, 58, rng.int(32, 40)),
    hslToHex(accent + rng.int(-10, 10), 85, rng.int(58, 66)),
  ];
}

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Providers and categories

const PROVIDERS: Omit<SeedProvider, 'position'>[] = [
  { id: 'croupier-originals', title: 'Croupier Originals' },
  { id: 'polar-glow-gaming', title: 'Polar Glow Gaming' },
  { id: 'red-panda-playworks', title: 'Red Panda Playworks' },
  { id: 'copperfox-games', title: 'Copperfox Games' },
  { id: 'tidewater-interactive', title: 'Tidewater Interactive' },
  { id: 'ironbark-gaming', title: 'Ironbark Gaming' },
  { id: 'moonquay-studios', title: 'Moonquay Studios' },
  { id: 'saffron-lantern-games', title: 'Saffron Lantern Games' },
  { id: 'bluegum-reels', title: 'Bluegum Reels' },
  { id: 'velvet-room-live', title: 'Velvet Room Live' },
  // The rocket game lives under a play path (docs/player-app.md#game-page); the studio brand is ours.
  { id: 'turbo-games', title: 'Croupier Turbo' },
];

/** Studios that make pokies, in the order themes are spread over them. */
const SLOT_STUDIOS = [
  'polar-glow-gaming',
  'red-panda-playworks',
  'copperfox-games',
  'tidewater-interactive',
  'ironbark-gaming',
  'moonquay-studios',
  'saffron-lantern-games',
  'bluegum-reels',
  'croupier-originals',
];

/** The collection of games excluded from bonus wagering (the bonus campaigns' `excluded_collections`). */
export const WAGER0_COLLECTION = 'wager0';

/** Collections that exist for rules, not for browsing: never listed in the lobby's menu. */
export const HIDDEN_COLLECTIONS: ReadonlySet<string> = new Set([WAGER0_COLLECTION]);

/** The category slugs of docs/player-app.md#category-slugs plus a few of ours, in lobby order. */
const CATEGORIES: Omit<SeedCategory, 'position'>[] = [
  { id: 'top', title: 'Top games', section: null },
  { id: 'new', title: 'New games', section: null },
  { id: 'recommended', title: 'Recommended', section: null },
  { id: 'pokies', title: 'Pokies', section: 'pokies' },
  // "Mega Ways" rather than the trademarked mechanic name; the slug is the one in docs/player-app.md#category-slugs.
  { id: 'megaways', title: 'Mega Ways', section: 'pokies' },
  { id: 'jackpot', title: 'Jackpot games', section: 'pokies' },
  { id: 'bonus-buy', title: 'Bonus buy', section: 'pokies' },
  { id: 'live', title: 'Live casino', section: 'live' },
  { id: 'table', title: 'Table games', section: null },
  { id: 'roulette', title: 'Roulette', section: null },
  { id: 'blackjack', title: 'Blackjack', section: null },
  { id: 'baccarat', title: 'Baccarat', section: null },
  { id: 'poker', title: 'Video poker', section: null },
  { id: 'crash', title: 'Crash games', section: null },
  { id: 'instant', title: 'Instant win', section: null },
  // Games bonus money may not be staked on (docs/bonuses.md#kinds-the-demo-seeds): the originals, whose
  // low edge or player choices make wagering them cheap, and video poker. Not a lobby collection.
  { id: WAGER0_COLLECTION, title: 'Excluded from bonus wagering', section: null },
];

// ---------------------------------------------------------------------------------------------
// Pokies: themes and title patterns

interface Theme {
  key: GameSetting;
  /** Completes "…, set ___." in the description. */
  setting: string;
  hue: number;
  spread: number;
  accentHue?: number;
  /** Drawn symbols of the theme (@croupier/shared/game-symbols); the title's own symbol leads its reels. */
  symbols: readonly GameSymbolKey[];
  motifs: Motif[];
  adj: string[];
  noun: string[];
  figure: string[];
  place: string[];
  /** Weights of slot-low, slot-medium, slot-high. */
  engines: [number, number, number];
  /** Title patterns; the default set when absent. */
  patterns?: string[];
}

const THEMES: Theme[] = [
  {
    key: 'egypt',
    setting: 'in the tombs of ancient Egypt',
    hue: 38,
    spread: 12,
    accentHue: 48,
    symbols: SLOT_SYMBOL_SETS.egypt,
    motifs: ['zigzag', 'rays', 'diamonds'],
    adj: ['Golden', 'Eternal', 'Sacred', 'Hidden', 'Desert', 'Sunken', 'Royal'],
    noun: ['Relics', 'Sands', 'Secrets', 'Dynasty', 'Scarabs', 'Obelisks', 'Tombs', 'Amulets'],
    figure: ['Pharaoh', 'Sphinx', 'Scarab', 'Nile Queen', 'High Priestess', 'Jackal', 'Falcon God'],
    place: ['Giza', 'Karnak', 'Luxor', 'Thebes', 'Memphis', 'Abydos'],
    engines: [0.2, 0.4, 0.4],
  },
  {
    key: 'aurora',
    setting: 'beneath the northern lights',
    hue: 185,
    spread: 45,
    accentHue: 140,
    symbols: SLOT_SYMBOL_SETS.aurora,
    motifs: ['waves', 'stars'],
    adj: ['Aurora', 'Frozen', 'Northern', 'Frost', 'Silver', 'Winter', 'Glacier'],
    noun: ['Fortune', 'Sagas', 'Runes', 'Storms', 'Halls', 'Embers', 'Crowns'],
    figure: ['Valkyrie', 'Jarl', 'Raven', 'Frost Wolf', 'Shieldmaiden', 'Skald', 'Ice Giant'],
    place: ['Midgard', 'Fjordheim', 'Svalbard', 'Kattegat', 'Nordhavn', 'Jotunheim'],
    engines: [0.2, 0.45, 0.35],
  },
  {
    key: 'jade',
    setting: 'among the temples of the Jade Mountains',
    hue: 150,
    spread: 15,
    accentHue: 5,
    symbols: SLOT_SYMBOL_SETS.jade,
    motifs: ['scales', 'circles'],
    adj: ['Jade', 'Crimson', 'Lucky', 'Imperial', 'Twin', 'Lotus', 'Porcelain'],
    noun: ['Temple', 'Lanterns', 'Blessings', 'Pearls', 'Coins', 'Palace', 'Gardens'],
    figure: ['Tiger', 'Dragon', 'Koi', 'Crane', 'Panda', 'Emperor', 'Monkey King'],
    place: ['Shangri-La', 'Xanadu', 'Lotus Bay', 'Cloud Valley', 'Kowloon', 'Canton'],
    engines: [0.3, 0.4, 0.3],
  },
  {
    key: 'ocean',
    setting: 'deep beneath the waves',
    hue: 200,
    spread: 25,
    accentHue: 170,
    symbols: SLOT_SYMBOL_SETS.ocean,
    motifs: ['waves', 'circles', 'scales'],
    adj: ['Coral', 'Azure', 'Sunken', 'Tidal', 'Abyssal', 'Pearl', 'Sapphire'],
    noun: ['Reefs', 'Tides', 'Pearls', 'Lagoons', 'Depths', 'Currents', 'Shipwrecks'],
    figure: ['Mermaid', 'Kraken', 'Dolphin', 'Sea King', 'Siren', 'Narwhal', 'Leviathan'],
    place: ['Atlantis', 'Coral Bay', 'Lemuria', 'Marisport', 'Bluewater', 'Kelp Kingdom'],
    engines: [0.3, 0.45, 0.25],
  },
  {
    key: 'fruit',
    setting: 'on classic fruit-machine reels',
    hue: 355,
    spread: 25,
    accentHue: 50,
    symbols: SLOT_SYMBOL_SETS.fruit,
    motifs: ['stripes', 'dots'],
    adj: ['Juicy', 'Lucky', 'Blazing', 'Double', 'Triple', 'Retro', 'Neon', 'Fresh'],
    noun: ['Cherries', 'Sevens', 'Bells', 'Melons', 'Lemons', 'Plums', 'Grapes', 'Bars'],
    figure: ['Fruit Stand', 'Jukebox', 'Diner', 'Arcade'],
    place: ['Reno', 'Boardwalk', 'Route 66', 'Pier'],
    engines: [0.6, 0.3, 0.1],
    patterns: [
      '{adj} {noun}',
      '{adj} {noun} {fruitSuffix}',
      '{noun} & {noun2}',
      '{figure} {noun}',
      '{adj} {noun} {fruitSuffix}',
    ],
  },
  {
    key: 'space',
    setting: 'on a voyage through deep space',
    hue: 260,
    spread: 35,
    accentHue: 190,
    symbols: SLOT_SYMBOL_SETS.space,
    motifs: ['stars', 'dots', 'hex'],
    adj: ['Stellar', 'Galactic', 'Nebula', 'Quantum', 'Orbital', 'Lunar', 'Photon'],
    noun: ['Voyage', 'Gems', 'Frontier', 'Riches', 'Odyssey', 'Signals', 'Horizons'],
    figure: ['Astronaut', 'Comet', 'Starship', 'Star Pilot', 'Android', 'Moon Rover', 'Space Cat'],
    place: ['Andromeda', 'Orion', 'Saturn', 'Cygnus', 'Vega', 'Titan'],
    engines: [0.2, 0.4, 0.4],
  },
  {
    key: 'frontier',
    setting: 'across the dusty frontier',
    hue: 24,
    spread: 12,
    accentHue: 42,
    symbols: SLOT_SYMBOL_SETS.frontier,
    motifs: ['zigzag', 'stripes', 'stars'],
    adj: ['Dusty', 'Outlaw', 'Lone', 'Silver', 'Rattlesnake', 'Sundown', 'Copper'],
    noun: ['Bounty', 'Canyon', 'Saloon', 'Nuggets', 'Trails', 'Showdown', 'Stagecoach'],
    figure: ['Sheriff', 'Bandit', 'Gunslinger', 'Prospector', 'Mustang', 'Bounty Hunter', 'Drifter'],
    place: ['Tombstone', 'Deadwood', 'Silver Creek', 'Dodge Ridge', 'Red Mesa', 'Coyote Gulch'],
    engines: [0.15, 0.4, 0.45],
  },
  {
    key: 'candy',
    setting: 'in a land made of sugar',
    hue: 325,
    spread: 30,
    accentHue: 190,
    symbols: SLOT_SYMBOL_SETS.candy,
    motifs: ['dots', 'circles', 'stripes'],
    adj: ['Frosted', 'Caramel', 'Bubblegum', 'Marshmallow', 'Toffee', 'Sherbet', 'Honey'],
    noun: ['Swirls', 'Drops', 'Treats', 'Sprinkles', 'Fountains', 'Factory', 'Parade'],
    figure: ['Gummy Bear', 'Cupcake', 'Candy Queen', 'Gingerbread Man', 'Lollipop', 'Jelly Giant'],
    place: ['Sugarvale', 'Cocoa Cove', 'Fondant Falls', 'Syrup Springs', 'Sherbet City', 'Toffee Town'],
    engines: [0.3, 0.5, 0.2],
  },
  {
    key: 'pirates',
    setting: 'on the high seas',
    hue: 210,
    spread: 15,
    accentHue: 40,
    symbols: SLOT_SYMBOL_SETS.pirates,
    motifs: ['waves', 'grid'],
    adj: ['Cursed', 'Scarlet', 'Stormy', 'Salty', 'Jolly', 'Crimson', 'Mutinous'],
    noun: ['Plunder', 'Doubloons', 'Cove', 'Bounty', 'Maps', 'Galleons', 'Cannons'],
    figure: ['Captain', 'Buccaneer', 'Corsair', 'Parrot', 'Quartermaster', 'Sea Witch', 'Cabin Boy'],
    place: ['Tortuga', 'Skull Isle', 'Barbary Coast', 'Port Royal', 'Saltmarsh Bay', 'Brimstone Key'],
    engines: [0.2, 0.4, 0.4],
  },
  {
    key: 'clover',
    setting: 'at the end of the rainbow',
    hue: 125,
    spread: 18,
    accentHue: 48,
    symbols: SLOT_SYMBOL_SETS.clover,
    motifs: ['circles', 'diamonds', 'dots'],
    adj: ['Lucky', 'Emerald', 'Shamrock', 'Clover', 'Misty', 'Merry', 'Rainbow'],
    noun: ['Charms', 'Wishes', 'Meadows', 'Coins', 'Horseshoes', 'Jigs', 'Cauldrons'],
    figure: ['Leprechaun', 'Fiddler', 'Piper', 'Wishing Well', 'Banshee', 'Cobbler'],
    place: ['Kilkenny', 'Galway', 'Tipperary', 'Donegal', 'Connemara', 'Killarney'],
    engines: [0.35, 0.45, 0.2],
  },
  {
    key: 'gems',
    setting: 'in a vault of rare jewels',
    hue: 285,
    spread: 55,
    accentHue: 195,
    symbols: SLOT_SYMBOL_SETS.gems,
    motifs: ['diamonds', 'hex', 'rays'],
    adj: ['Ruby', 'Sapphire', 'Royal', 'Crystal', 'Velvet', 'Prism', 'Opal'],
    noun: ['Vault', 'Jewels', 'Crowns', 'Riches', 'Facets', 'Tiaras', 'Cufflinks'],
    figure: ['Duchess', 'Jeweller', 'Crown Prince', 'Baroness', 'Gem Collector', 'Cat Burglar'],
    place: ['Monte Lux', 'Riviera', 'Kimberley', 'Golconda', 'Ophir', 'Carat Row'],
    engines: [0.4, 0.4, 0.2],
  },
  {
    key: 'gothic',
    setting: 'after midnight in a haunted manor',
    hue: 345,
    spread: 25,
    accentHue: 280,
    symbols: SLOT_SYMBOL_SETS.gothic,
    motifs: ['diamonds', 'stars', 'grid'],
    adj: ['Midnight', 'Haunted', 'Gothic', 'Moonlit', 'Shadow', 'Silent', 'Velvet'],
    noun: ['Manor', 'Masquerade', 'Curse', 'Coven', 'Crypt', 'Secrets', 'Nightfall'],
    figure: ['Vampire', 'Werewolf', 'Witch', 'Raven', 'Count', 'Phantom', 'Gravekeeper'],
    place: ['Transylvania', 'Blackwood', 'Ravenscourt', 'Hollowmere', 'Nightmoor', 'Ashgrove'],
    engines: [0.15, 0.35, 0.5],
  },
  {
    key: 'aztec',
    setting: 'deep in the Mesoamerican jungle',
    hue: 100,
    spread: 30,
    accentHue: 45,
    symbols: SLOT_SYMBOL_SETS.aztec,
    motifs: ['zigzag', 'diamonds', 'rays'],
    adj: ['Obsidian', 'Feathered', 'Jaguar', 'Sunstone', 'Turquoise', 'Ancient', 'Emerald'],
    noun: ['Idols', 'Pyramids', 'Calendars', 'Masks', 'Totems', 'Offerings', 'Glyphs'],
    figure: ['Jaguar Warrior', 'Quetzal', 'Serpent King', 'High Priest', 'Sun Queen', 'Eagle Knight'],
    place: ['Tenochtitlan', 'Yucatan', 'Palenque', 'Tikal', 'Copan', 'Uxmal'],
    engines: [0.15, 0.35, 0.5],
  },
  {
    key: 'savanna',
    setting: 'across the African savanna',
    hue: 30,
    spread: 20,
    accentHue: 15,
    symbols: SLOT_SYMBOL_SETS.savanna,
    motifs: ['rays', 'stripes', 'zigzag'],
    adj: ['Roaring', 'Savanna', 'Thundering', 'Golden', 'Dusk', 'Majestic', 'Proud'],
    noun: ['Stampede', 'Kingdom', 'Sunset', 'Plains', 'Migration', 'Pride', 'Drums'],
    figure: ['Lion', 'Rhino', 'Elephant', 'Buffalo', 'Cheetah', 'Gorilla', 'Zebra'],
    place: ['Serengeti', 'Kalahari', 'Zambezi', 'Okavango', 'Masai Mara', 'Etosha'],
    engines: [0.2, 0.45, 0.35],
  },
  {
    key: 'samurai',
    setting: 'in feudal Japan',
    hue: 352,
    spread: 12,
    accentHue: 330,
    symbols: SLOT_SYMBOL_SETS.samurai,
    motifs: ['waves', 'circles', 'scales'],
    adj: ['Silent', 'Crimson', 'Iron', 'Sakura', 'Thunder', 'Paper', 'Hidden'],
    noun: ['Blades', 'Honour', 'Dojo', 'Scrolls', 'Shrines', 'Katanas', 'Fans'],
    figure: ['Samurai', 'Ninja', 'Shogun', 'Ronin', 'Kitsune', 'Tengu', 'Sword Saint'],
    place: ['Kyoto', 'Edo', 'Mount Fuji', 'Osaka', 'Nara', 'Kamakura'],
    engines: [0.15, 0.4, 0.45],
  },
  {
    key: 'olympus',
    setting: 'among the gods of Olympus',
    hue: 222,
    spread: 18,
    accentHue: 46,
    symbols: SLOT_SYMBOL_SETS.olympus,
    motifs: ['rays', 'grid', 'diamonds'],
    adj: ['Olympian', 'Divine', 'Marble', 'Heroic', 'Immortal', 'Titan', 'Laurel'],
    noun: ['Legends', 'Labyrinth', 'Oracles', 'Glory', 'Thunderbolts', 'Trials', 'Odes'],
    figure: ['Zeus', 'Athena', 'Medusa', 'Pegasus', 'Hercules', 'Minotaur', 'Cyclops'],
    place: ['Athens', 'Delphi', 'Sparta', 'Crete', 'Ithaca', 'Corinth'],
    engines: [0.15, 0.35, 0.5],
  },
  {
    key: 'steampunk',
    setting: 'in a clockwork city of brass',
    hue: 30,
    spread: 8,
    accentHue: 180,
    symbols: SLOT_SYMBOL_SETS.steampunk,
    motifs: ['grid', 'circles', 'hex'],
    adj: ['Clockwork', 'Brass', 'Copper', 'Gilded', 'Steam', 'Gaslight', 'Ironclad'],
    noun: ['Engines', 'Gears', 'Foundry', 'Express', 'Workshop', 'Airships', 'Cogs'],
    figure: ['Inventor', 'Automaton', 'Airship Captain', 'Tinkerer', 'Mechanist', 'Lamplighter'],
    place: ['Brassport', 'Cogsworth', 'Gearhaven', 'Steamvale', 'Ironbridge', 'Whistlestop'],
    engines: [0.25, 0.45, 0.3],
  },
  {
    key: 'fantasy',
    setting: 'in an enchanted realm',
    hue: 255,
    spread: 40,
    accentHue: 150,
    symbols: SLOT_SYMBOL_SETS.fantasy,
    motifs: ['stars', 'hex', 'circles'],
    adj: ['Enchanted', 'Mystic', 'Ember', 'Arcane', 'Elven', 'Starlit', 'Moonstone'],
    noun: ['Spells', 'Realms', 'Hoards', 'Groves', 'Potions', 'Charms', 'Runestones'],
    figure: ['Dragon', 'Wizard', 'Unicorn', 'Phoenix', 'Fairy Queen', 'Sorceress', 'Griffin'],
    place: ['Avalon', 'Eldoria', 'Moonvale', 'Elderwood', 'Thornhold', 'Silverglen'],
    engines: [0.2, 0.45, 0.35],
  },
  {
    key: 'fiesta',
    setting: 'at a carnival that never ends',
    hue: 300,
    spread: 60,
    accentHue: 55,
    symbols: SLOT_SYMBOL_SETS.fiesta,
    motifs: ['dots', 'stripes', 'zigzag'],
    adj: ['Carnival', 'Fiesta', 'Neon', 'Disco', 'Samba', 'Tropical', 'Electric'],
    noun: ['Nights', 'Parades', 'Beats', 'Lights', 'Masks', 'Rhythms', 'Confetti'],
    figure: ['Mariachi', 'Samba Queen', 'DJ', 'Bandleader', 'Showgirl', 'Piñata'],
    place: ['Rio', 'Havana', 'Ipanema', 'Copacabana', 'New Orleans', 'Salvador'],
    engines: [0.3, 0.45, 0.25],
  },
  {
    key: 'heist',
    setting: 'inside the biggest bank job in town',
    hue: 135,
    spread: 15,
    accentHue: 45,
    symbols: SLOT_SYMBOL_SETS.heist,
    motifs: ['grid', 'stripes', 'diamonds'],
    adj: ['Million', 'Bullion', 'Platinum', 'Midas', 'High Roller', 'Greenback', 'Gilt'],
    noun: ['Vaults', 'Heist', 'Stacks', 'Safes', 'Ledgers', 'Briefcases', 'Getaway'],
    figure: ['Banker', 'Mobster', 'Tycoon', 'Safecracker', 'Getaway Driver', 'Mastermind'],
    place: ['Fort Bullion', 'Monte Cash', 'Mint Street', 'Downtown', 'Harbour Bank', 'Easy Street'],
    engines: [0.15, 0.4, 0.45],
  },
];

const DEFAULT_PATTERNS = [
  '{adj} {noun}',
  '{noun} of the {adj} {figure}',
  "{figure}'s {noun}",
  '{place} {noun}',
  '{adj} {figure}',
  '{noun} of {place}',
  '{adj} {figure} {suffix}',
  'The {adj} {figure}',
  '{figure} of {place}',
];
const SUFFIXES = ['Deluxe', 'Rising', 'Unchained', 'Reloaded', 'Riches', 'Fortune', 'Ascent', 'Legends', 'Gold'];
const FRUIT_SUFFIXES = ['Deluxe', 'Classic', 'Xtra', 'Spin', 'Supreme', 'Stacks'];

/**
 * Well-known titles of real studios (normalised slugs): a generated title that collides with one is
 * skipped, so the demo catalogue stays original.
 */
const REAL_TITLES = new Set(
  [
    'Book of Dead',
    'Book of Ra',
    'Legacy of Dead',
    'Legacy of Egypt',
    'Eye of Horus',
    "Pharaoh's Fortune",
    "Pharaoh's Gold",
    "Pharaoh's Treasure",
    'Queen of the Nile',
    'Cleopatra',
    'Gates of Olympus',
    'Rise of Olympus',
    'Age of the Gods',
    'Divine Fortune',
    'Cosmic Fortune',
    'Starburst',
    'Sweet Bonanza',
    'Sugar Rush',
    'Candy Dreams',
    'Big Bass Bonanza',
    'Gems Bonanza',
    'Wolf Gold',
    'Great Rhino',
    'Buffalo King',
    'Raging Rhino',
    'Mustang Gold',
    'Wild West Gold',
    'Dead or Alive',
    'Money Train',
    'Gold Rush',
    'Gonzos Quest',
    'Aztec Gems',
    'Aztec Gold',
    'Aztec Idols',
    'Aztec King',
    'Immortal Romance',
    'Blood Suckers',
    'Thunderstruck',
    'Mega Moolah',
    'Fire Joker',
    'Reactoonz',
    'Jammin Jars',
    'Razor Shark',
    'Moon Princess',
    'Sizzling Hot',
    'Ultra Hot',
    'Fruit Party',
    'Juicy Fruits',
    'Double Diamond',
    'Triple Diamond',
    'Fruit Shop',
    'Mega Joker',
    'Lucky Lady',
    'Rainbow Riches',
    'Lucky Leprechaun',
    'Irish Luck',
    'Pot of Gold',
    'Pirates Plenty',
    'Pirate Gold',
    'Jolly Roger',
    'Sakura Fortune',
    'Koi Princess',
    'Dragon Shrine',
    'Fortune Tiger',
    'Lucky Tiger',
    'Golden Dragon',
    'Dragon Dance',
    'Jade Butterfly',
    'Mermaids Pearl',
    'Mermaids Millions',
    'Secrets of Atlantis',
    'Dolphins Pearl',
    'Aurora Wilds',
    'Northern Sky',
    'Valkyrie Queen',
    'Hall of Gods',
    'Vikings Go Wild',
    'Crystal Queen',
    'Royal Gems',
    'Diamond Strike',
    'Vampire Night',
    'Midnight Wheel',
    'Phoenix Rising',
    'Mystic Fortune',
    'Enchanted Garden',
    'Golden Goddess',
    'Dragons Luck',
    'Disco Fever',
    'Vegas Nights',
    'Cash Vault',
    'Big Bank',
    'Stellar Jackpots',
    'Wild Safari',
    'Serengeti Kings',
    'Savanna King',
    'African Sunset',
    'Ninja Master',
    'Legend of Medusa',
    'Temple of Treasure',
    'Temple Tumble',
    'Lucky Sevens',
    'Hot Sevens',
    'Triple Sevens',
    'Double Bells',
    'Fiesta',
    'Twin Spin',
  ].map(slugify),
);

/** Fills a pattern; null when the result reuses a word (e.g. "Golden Gold"). */
function fillPattern(pattern: string, theme: Theme, rng: ReturnType<typeof seeded>): string | null {
  const noun = rng.pick(theme.noun);
  let noun2 = rng.pick(theme.noun);
  if (noun2 === noun) noun2 = theme.noun[(theme.noun.indexOf(noun) + 1) % theme.noun.length]!;
  const figure = rng.pick(theme.figure);
  const title = pattern
    // "Hercules' Trials", not "Hercules's Trials".
    .replace("{figure}'s", figure.endsWith('s') ? `${figure}'` : `${figure}'s`)
    .replace('{adj}', rng.pick(theme.adj))
    .replace('{noun2}', noun2)
    .replace('{noun}', noun)
    .replace('{figure}', figure)
    .replace('{place}', rng.pick(theme.place))
    .replace('{suffix}', rng.pick(SUFFIXES))
    .replace('{fruitSuffix}', rng.pick(FRUIT_SUFFIXES));
  const words = title
    .toLowerCase()
    .replace(/'s?\b/g, '')
    .split(/[\s-]+/)
    .filter((w) => !['of', 'the', '&'].includes(w));
  if (new Set(words).size !== words.length) return null;
  return title;
}

const VOLATILITY_TEXT = {
  low: 'low-volatility',
  medium: 'medium-volatility',
  high: 'high-volatility',
  'very-high': 'very high-volatility',
};

const SLOTS_PER_THEME = 10;

/**
 * The symbols of a theme that no other theme draws: a title's own symbol is one of them, so the
 * game client finds the title's whole set from it (@croupier/shared/game-symbols slotSymbolSet).
 */
function ownSymbols(theme: Theme): GameSymbolKey[] {
  return theme.symbols.filter((key) => THEMES.every((other) => other === theme || !other.symbols.includes(key)));
}

interface SlotFlags {
  megaways: boolean;
  jackpot: boolean;
  bonusBuy: boolean;
}

function buildSlots(usedSlugs: Set<string>): { slots: SeedGame[]; flags: Map<string, SlotFlags> } {
  const slots: SeedGame[] = [];
  const flags = new Map<string, SlotFlags>();
  THEMES.forEach((theme, themeIndex) => {
    const patterns = theme.patterns ?? DEFAULT_PATTERNS;
    let made = 0;
    for (let attempt = 0; made < SLOTS_PER_THEME; attempt++) {
      if (attempt > 500) throw new Error(`catalogue: theme ${theme.key} ran out of titles`);
      const rng = seeded(hash32(`${theme.key}#${attempt}`));
      const title = fillPattern(rng.pick(patterns), theme, rng);
      if (!title) continue;
      const seoTitle = slugify(title);
      if (usedSlugs.has(seoTitle) || REAL_TITLES.has(seoTitle)) continue;
      usedSlugs.add(seoTitle);
      const ordinal = themeIndex * SLOTS_PER_THEME + made;
      made++;

      // Every attribute below derives from the title's hash.
      const r = seeded(hash32(title));
      const roll = r.next();
      const megaways = ordinal % 11 === 3;
      let engine: Engine =
        roll < theme.engines[0] ? 'slot-low' : roll < theme.engines[0] + theme.engines[1] ? 'slot-medium' : 'slot-high';
      // Titles of the Mega Ways collection are at least medium volatility.
      if (megaways && engine === 'slot-low') engine = 'slot-medium';
      const volatility =
        engine === 'slot-low' ? 'low' : engine === 'slot-medium' ? 'medium' : r.next() < 0.35 ? 'very-high' : 'high';
      const jackpot = ordinal % 13 === 5;
      const bonusBuy = !jackpot && (volatility === 'high' || volatility === 'very-high') && r.next() < 0.45;
      // Draws that once picked a made-up mechanic (ways, other line counts); they stay so every
      // later attribute of the title (palette, symbol) comes out as before.
      if (!megaways) {
        const mechanic = r.next();
        if (theme.key === 'fruit' || mechanic >= 0.22) r.next();
      }
      // Exact figures of the engine's math model. The two draws stay for the same reason.
      r.int(0, 70);
      r.int(0, 800);
      const { payout, hitRate } = catalogueFigures(engine, seoTitle);
      // Reels, lines and free spins come from the model's rules, the very object the game client
      // explains in its rules panel: the game page can never state a different game.
      const rules = resolveModel(engine, seoTitle).describe().rules as SlotRules;
      r.next(); // once a made-up feature sentence
      const multiplied =
        rules.freeSpinMultiplier > 1 ? `, every free-spin win multiplied by ${rules.freeSpinMultiplier}` : '';
      const description = [
        `${title} is a ${VOLATILITY_TEXT[volatility]} ${rules.reels}-reel pokie with ${rules.lines} paylines, set ${theme.setting}.`,
        `Three, four or five scatters start ${rules.freeSpins.join(', ').replace(/, (?=[^,]*$)/, ' or ')} free spins${multiplied}.`,
        ...(jackpot ? ['A progressive jackpot can drop on any spin.'] : []),
      ].join(' ');
      // The same sentences as facts (@croupier/shared/game-description), worded by each reader.
      const spins = [...rules.freeSpins];
      const descriptionParts: GameDescriptionPart[] = [
        {
          key: 'slot',
          params: { title, volatility, reels: rules.reels, lines: rules.lines, setting: theme.key },
        },
        rules.freeSpinMultiplier > 1
          ? { key: 'free_spins_multiplied', params: { spins, multiplier: rules.freeSpinMultiplier } }
          : { key: 'free_spins', params: { spins } },
      ];
      if (jackpot) descriptionParts.push({ key: 'jackpot', params: {} });
      const releaseHash = hash32(`${title}:release`);
      slots.push({
        identifier: '',
        providerId: SLOT_STUDIOS[(themeIndex + (hash32(`${title}:studio`) % 3)) % SLOT_STUDIOS.length]!,
        seoTitle,
        title,
        description,
        descriptionParts,
        engine,
        theme: {
          palette: palette(r, theme.hue, theme.spread, theme.accentHue),
          symbol: r.pick(ownSymbols(theme)),
          motif: r.pick(theme.motifs),
        },
        hasDemo: true,
        volatility,
        lines: rules.lines,
        ways: null,
        payout,
        hitRate,
        // A few classic fruit titles are desktop-only.
        devices:
          theme.key === 'fruit' && engine === 'slot-low' && hash32(`${title}:device`) % 3 === 0
            ? ['desktop']
            : ['desktop', 'mobile'],
        frameWidth: 1280,
        frameHeight: 720,
        popularity: (hash32(`${title}:popularity`) % 900) + (megaways ? 80 : 0) + (jackpot ? 60 : 0),
        releasedAt: new Date(
          CATALOGUE_REFERENCE_DATE.getTime() - (releaseHash % 730) * DAY_MS - ((releaseHash >>> 12) % 24) * 3_600_000,
        ),
      });
      flags.set(seoTitle, { megaways, jackpot, bonusBuy });
    }
  });
  return { slots, flags };
}

// ---------------------------------------------------------------------------------------------
// Table, instant, crash and live titles (hand-written)

interface FixedTitle {
  title: string;
  providerId: string;
  engine: Engine;
  popularity: number;
  seoTitle?: string;
}

const TABLE_TITLES: FixedTitle[] = [
  { title: 'European Roulette', providerId: 'croupier-originals', engine: 'roulette', popularity: 720 },
  { title: 'French Roulette', providerId: 'copperfox-games', engine: 'roulette', popularity: 540 },
  { title: 'American Roulette', providerId: 'tidewater-interactive', engine: 'roulette', popularity: 430 },
  { title: 'Moonquay Midnight Roulette', providerId: 'moonquay-studios', engine: 'roulette', popularity: 380 },
  { title: 'Copper Crown Roulette', providerId: 'ironbark-gaming', engine: 'roulette', popularity: 310 },
  { title: 'Classic Blackjack', providerId: 'croupier-originals', engine: 'blackjack', popularity: 760 },
  { title: 'Single Deck Blackjack', providerId: 'copperfox-games', engine: 'blackjack', popularity: 470 },
  { title: 'Multihand Blackjack', providerId: 'croupier-originals', engine: 'blackjack', popularity: 520 },
  { title: 'Harbour Lights Blackjack', providerId: 'tidewater-interactive', engine: 'blackjack', popularity: 350 },
  { title: 'Blackjack Surrender', providerId: 'ironbark-gaming', engine: 'blackjack', popularity: 300 },
  { title: 'Punto Banco', providerId: 'croupier-originals', engine: 'baccarat', popularity: 450 },
  { title: 'Mini Baccarat', providerId: 'saffron-lantern-games', engine: 'baccarat', popularity: 410 },
  { title: 'No Commission Baccarat', providerId: 'croupier-originals', engine: 'baccarat', popularity: 390 },
  { title: 'Red Panda Baccarat Squeeze', providerId: 'red-panda-playworks', engine: 'baccarat', popularity: 280 },
  { title: 'Jacks or Better', providerId: 'croupier-originals', engine: 'video-poker', popularity: 500 },
  { title: 'Bonus Poker', providerId: 'bluegum-reels', engine: 'video-poker', popularity: 360 },
  { title: 'Tens or Better', providerId: 'croupier-originals', engine: 'video-poker', popularity: 330 },
  { title: 'Double Bonus Poker', providerId: 'polar-glow-gaming', engine: 'video-poker', popularity: 290 },
  { title: 'Turbo Dice', providerId: 'turbo-games', engine: 'dice', popularity: 640 },
  { title: 'Turbo Mines', providerId: 'turbo-games', engine: 'mines', popularity: 700 },
  { title: 'Turbo Plinko', providerId: 'turbo-games', engine: 'plinko', popularity: 680 },
  { title: 'Neon Dice Duel', providerId: 'red-panda-playworks', engine: 'dice', popularity: 420 },
  { title: 'Crystal Minefield', providerId: 'moonquay-studios', engine: 'mines', popularity: 440 },
  { title: 'Plinko Cascade', providerId: 'tidewater-interactive', engine: 'plinko', popularity: 460 },
  { title: 'Hi-Lo Dice', providerId: 'croupier-originals', engine: 'dice', popularity: 340 },
  { title: 'Gem Mines', providerId: 'croupier-originals', engine: 'mines', popularity: 400 },
  { title: 'Pachinko Drop', providerId: 'saffron-lantern-games', engine: 'plinko', popularity: 370 },
  { title: 'Rocket', providerId: 'turbo-games', engine: 'crash', popularity: 990, seoTitle: 'rocket' },
];

const LIVE_TITLES: FixedTitle[] = [
  'Velvet Room Roulette',
  'Speed Roulette Live',
  'Auto Roulette Live',
  'Grand Salon Roulette',
  'Midnight Live Roulette',
  'Emerald Room Roulette',
  'Double Zero Roulette Live',
  'High Stakes Roulette Live',
  'Sunset Terrace Roulette',
  'Golden Ball Roulette',
  'Casino Floor Roulette',
  'Roulette Lounge Live',
].map((title, i) => ({
  title,
  providerId: 'velvet-room-live',
  engine: 'live-roulette' as const,
  popularity: 760 - i * 37,
}));

/** Per-engine attributes of the non-slot titles; payout and hit rate come from the game models. */
const ENGINE_PROFILE: Record<
  GameRuleText,
  {
    volatility: SeedGame['volatility'];
    hue: number;
    accent: number;
    symbols: GameSymbolKey[];
    motif: Motif;
    text: string;
  }
> = {
  roulette: {
    volatility: 'low',
    hue: 150,
    accent: 0,
    symbols: ['chip-red', 'chip-black', 'wheel'],
    motif: 'circles',
    text: 'single-zero roulette: bet on numbers, colours, dozens and columns',
  },
  'american-roulette': {
    volatility: 'low',
    hue: 150,
    accent: 0,
    symbols: ['chip-red', 'chip-black'],
    motif: 'circles',
    text: 'double-zero roulette with the five-number bet',
  },
  blackjack: {
    volatility: 'low',
    hue: 160,
    accent: 45,
    symbols: ['spade', 'club'],
    motif: 'diamonds',
    text: 'blackjack dealt by a continuous shuffler: the dealer stands on all 17s and blackjack pays 3 to 2',
  },
  baccarat: {
    volatility: 'low',
    hue: 345,
    accent: 45,
    symbols: ['diamond', 'heart', 'card'],
    motif: 'diamonds',
    text: 'punto banco baccarat: back the player, the banker or a tie',
  },
  'video-poker': {
    volatility: 'medium',
    hue: 225,
    accent: 50,
    symbols: ['card', 'heart', 'spade'],
    motif: 'grid',
    text: 'single-hand video poker: hold your best cards and draw once',
  },
  dice: {
    volatility: 'medium',
    hue: 270,
    accent: 160,
    symbols: ['dice'],
    motif: 'dots',
    text: 'a provably simple dice game: pick your target and roll over or under it',
  },
  mines: {
    volatility: 'high',
    hue: 185,
    accent: 45,
    symbols: ['bomb', 'gem-blue'],
    motif: 'grid',
    text: 'a mines game: uncover gems on a 5×5 grid and cash out before you hit a mine',
  },
  plinko: {
    volatility: 'high',
    hue: 320,
    accent: 55,
    symbols: ['ball-blue', 'ball-purple', 'ball-yellow'],
    motif: 'dots',
    text: 'plinko: drop a ball through the pegs into a multiplier pocket',
  },
  crash: {
    volatility: 'very-high',
    hue: 235,
    accent: 25,
    symbols: ['rocket'],
    motif: 'stars',
    text: 'a crash game: the multiplier climbs with the rocket, cash out before it flies away',
  },
  'live-roulette': {
    volatility: 'low',
    hue: 355,
    accent: 45,
    symbols: ['wheel', 'chip-red', 'clock'],
    motif: 'circles',
    text: 'roulette at a live table shared by every player: our server spins one wheel on a fixed schedule and everyone at the table bets on the same round. There is no video and no human dealer',
  },
};

function buildFixed(entries: FixedTitle[], usedSlugs: Set<string>): SeedGame[] {
  return entries.map((entry) => {
    const seoTitle = entry.seoTitle ?? slugify(entry.title);
    if (usedSlugs.has(seoTitle)) throw new Error(`catalogue: duplicate seo title ${seoTitle}`);
    usedSlugs.add(seoTitle);
    const rulesText: GameRuleText =
      entry.title.startsWith('American') || entry.title.startsWith('Double Zero')
        ? 'american-roulette'
        : (entry.engine as GameRuleText);
    const profile = ENGINE_PROFILE[rulesText];
    const descriptionParts: GameDescriptionPart[] = [{ key: 'table', params: { title: entry.title, game: rulesText } }];
    if (entry.engine === 'live-roulette') descriptionParts.push({ key: 'live_no_demo', params: {} });
    const r = seeded(hash32(entry.title));
    const live = entry.engine === 'live-roulette';
    const releaseHash = hash32(`${entry.title}:release`);
    return {
      identifier: '',
      providerId: entry.providerId,
      seoTitle,
      title: entry.title,
      description: `${entry.title}: ${profile.text}.${live ? ' Live games have no demo mode.' : ''}`,
      descriptionParts,
      engine: entry.engine,
      theme: {
        palette: palette(r, profile.hue, 12, profile.accent),
        symbol: r.pick(profile.symbols),
        motif: profile.motif,
      },
      hasDemo: !live,
      volatility: profile.volatility,
      lines: null,
      ways: null,
      ...catalogueFigures(entry.engine, seoTitle),
      devices: ['desktop', 'mobile'],
      frameWidth: 1280,
      frameHeight: 720,
      popularity: entry.popularity,
      releasedAt: new Date(
        CATALOGUE_REFERENCE_DATE.getTime() - (releaseHash % 730) * DAY_MS - ((releaseHash >>> 12) % 24) * 3_600_000,
      ),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Assembly

const byPopularity = (a: SeedGame, b: SeedGame) => b.popularity - a.popularity || a.title.localeCompare(b.title, 'en');

let memo: Catalogue | null = null;

/** The whole demo catalogue. Pure and memoised. */
export function buildCatalogue(): Catalogue {
  if (memo) return memo;
  const usedSlugs = new Set<string>();
  const { slots, flags: slotFlags } = buildSlots(usedSlugs);
  const fixed = buildFixed([...TABLE_TITLES, ...LIVE_TITLES], usedSlugs);
  const games = [...slots, ...fixed].map((g) => ({ ...g, identifier: `${g.providerId}/${g.seoTitle}` }));

  const memberships: SeedMembership[] = [];
  const add = (categoryId: string, list: SeedGame[]) =>
    list.forEach((g, position) => memberships.push({ identifier: g.identifier, categoryId, position }));
  const slotGames = games.filter((g) => g.engine.startsWith('slot-'));
  const nonLive = games.filter((g) => g.engine !== 'live-roulette');
  const flags = (g: SeedGame) => slotFlags.get(g.seoTitle)!;
  const ofEngine = (...engines: Engine[]) => games.filter((g) => engines.includes(g.engine)).sort(byPopularity);

  add('top', [...nonLive].sort(byPopularity).slice(0, 30));
  add(
    'new',
    [...nonLive]
      .sort((a, b) => b.releasedAt.getTime() - a.releasedAt.getTime() || a.title.localeCompare(b.title, 'en'))
      .slice(0, 24),
  );
  add('recommended', [...nonLive].sort((a, b) => hash32(`${a.title}:rec`) - hash32(`${b.title}:rec`)).slice(0, 24));
  add('pokies', [...slotGames].sort(byPopularity));
  add('megaways', slotGames.filter((g) => flags(g).megaways).sort(byPopularity));
  add('jackpot', slotGames.filter((g) => flags(g).jackpot).sort(byPopularity));
  add('bonus-buy', slotGames.filter((g) => flags(g).bonusBuy).sort(byPopularity));
  add('live', ofEngine('live-roulette'));
  add('table', ofEngine('roulette', 'blackjack', 'baccarat', 'video-poker'));
  add('roulette', ofEngine('roulette'));
  add('blackjack', ofEngine('blackjack'));
  add('baccarat', ofEngine('baccarat'));
  add('poker', ofEngine('video-poker'));
  add('crash', ofEngine('crash'));
  add('instant', ofEngine('crash', 'dice', 'mines', 'plinko'));
  add(WAGER0_COLLECTION, ofEngine('crash', 'dice', 'mines', 'plinko', 'video-poker'));

  const providers = [...PROVIDERS]
    .sort((a, b) => a.title.localeCompare(b.title, 'en'))
    .map((p, position) => ({ ...p, position }));
  const categories = CATEGORIES.map((c, position) => ({ ...c, position }));
  memo = { providers, categories, games, memberships };
  return memo;
}
