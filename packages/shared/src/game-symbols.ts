/**
 * The game symbols we draw ourselves: flat SVG art on a 64×64 canvas, so that slot reels, the
 * crash rocket, the mines board and the lobby artwork look the same on every machine and never
 * depend on an emoji font. One source for the server (lobby artwork, catalogue themes) and the
 * game clients. Each entry is the inner markup of `<svg viewBox="0 0 64 64">`: static, trusted,
 * no text, no links, no scripts (game-symbols.test.ts checks the vocabulary).
 */

const n = (v: number) => Math.round(v * 10) / 10;

/** Points of a star or burst: `points` tips alternating between the outer and inner radius. */
function starPoints(cx: number, cy: number, outer: number, inner: number, points: number, rotation = -90): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotation + (i * 180) / points) * Math.PI) / 180;
    out.push(`${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`);
  }
  return out.join(' ');
}

/** A cog outline: `teeth` flat-topped teeth between the two radii. */
function gearPoints(cx: number, cy: number, outer: number, inner: number, teeth: number): string {
  const out: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    for (const [offset, r] of [
      [-0.3, inner],
      [-0.18, outer],
      [0.18, outer],
      [0.3, inner],
    ] as const) {
      out.push(`${n(cx + r * Math.cos(a + offset * step))},${n(cy + r * Math.sin(a + offset * step))}`);
    }
  }
  return out.join(' ');
}

/** Straight lines from one point out to an arc: the folds of a fan, the ribs of a shell. */
function rays(cx: number, cy: number, r: number, from: number, to: number, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = ((from + ((to - from) * i) / (count - 1)) * Math.PI) / 180;
    parts.push(`M${cx} ${cy}L${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`);
  }
  return parts.join('');
}

const HEART = 'M32 56C20 46 6 36 6 22 6 13 13 7 21 7c5 0 9 3 11 7 2-4 6-7 11-7 8 0 15 6 15 15 0 14-14 24-26 34z';

const gem = (fill: string, light: string) =>
  `<path d="M18 8h28l14 16-28 34L4 24z" fill="${fill}"/>` +
  `<path d="M32 58L4 24h22z" fill="#000" opacity=".2"/>` +
  `<path d="M4 24h56M18 8l8 16 6-16 6 16 8-16M26 24l6 34 6-34" fill="none" stroke="${light}" stroke-width="2" stroke-linejoin="round"/>`;

const flower = (petal: string) =>
  [0, 72, 144, 216, 288]
    .map((deg) => {
      const a = ((deg - 90) * Math.PI) / 180;
      return `<circle cx="${n(32 + 14 * Math.cos(a))}" cy="${n(32 + 14 * Math.sin(a))}" r="12" fill="${petal}"/>`;
    })
    .join('') + '<circle cx="32" cy="32" r="8" fill="#facc15"/>';

const chip = (fill: string) =>
  `<circle cx="32" cy="32" r="28" fill="${fill}"/>` +
  '<circle cx="32" cy="32" r="28" fill="none" stroke="#f8f8f2" stroke-width="7" stroke-dasharray="11 11"/>' +
  '<circle cx="32" cy="32" r="17" fill="none" stroke="#f8f8f2" stroke-width="2.5" stroke-dasharray="4 3"/>';

const ball = (fill: string) =>
  `<circle cx="32" cy="32" r="24" fill="${fill}"/><circle cx="24" cy="23" r="8" fill="#fff" opacity=".4"/>`;

const SNOW_ARM = 'M32 5v54M24 11l8 8 8-8M24 53l8-8 8 8';

export const GAME_SYMBOLS = {
  // Egypt, Olympus, Aztec
  pyramid: {
    label: 'Pyramid',
    svg:
      '<path d="M32 8L60 54H4z" fill="#e9b65a"/><path d="M32 8L60 54H32z" fill="#b7812f"/>' +
      '<path d="M20 29h24M14 38h36M9 46h46" stroke="#8a5a12" stroke-width="2"/>',
  },
  ankh: {
    label: 'Ankh',
    svg: '<path d="M32 4c-8 0-12 7-12 14 0 6 4 11 7 14H12v8h16v20h8V40h16v-8H37c3-3 7-8 7-14 0-7-4-14-12-14zm0 8c3 0 4 3 4 6 0 4-2 8-4 10-2-2-4-6-4-10 0-3 1-6 4-6z" fill="#f6c453" fill-rule="evenodd" stroke="#8a5a12" stroke-width="1.5"/>',
  },
  eye: {
    label: 'Eye',
    svg:
      '<path d="M4 32C12 20 22 14 32 14s20 6 28 18c-8 12-18 18-28 18S12 44 4 32z" fill="#f8f8f2" stroke="#1e3a8a" stroke-width="3"/>' +
      '<circle cx="32" cy="32" r="11" fill="#2563eb"/><circle cx="32" cy="32" r="5" fill="#0b1020"/><circle cx="28" cy="28" r="2.5" fill="#fff"/>',
  },
  vase: {
    label: 'Vase',
    svg:
      '<path d="M27 18c-8 0-10 8-6 12M37 18c8 0 10 8 6 12" fill="none" stroke="#b45309" stroke-width="3.5"/>' +
      '<path d="M24 6h16v4c0 3-3 4-3 8 0 4 11 8 11 20 0 10-6 16-16 20-10-4-16-10-16-20 0-12 11-16 11-20 0-4-3-5-3-8z" fill="#d9822b"/>' +
      '<path d="M17 34h30M18 44h28" stroke="#1b1d26" stroke-width="3"/>',
  },
  sun: {
    label: 'Sun',
    svg: `<polygon points="${starPoints(32, 32, 30, 19, 12)}" fill="#f59e0b"/><circle cx="32" cy="32" r="15" fill="#facc15"/>`,
  },
  bolt: {
    label: 'Lightning bolt',
    svg: '<path d="M38 2L10 36h18l-4 26 30-38H36z" fill="#facc15" stroke="#b45309" stroke-width="2" stroke-linejoin="round"/>',
  },
  temple: {
    label: 'Temple',
    svg:
      '<path d="M32 4L4 20h56z" fill="#e5e7eb"/><path d="M6 20h52v5H6zM6 52h52v6H6z" fill="#cbd5e1"/>' +
      '<path d="M11 25h6v27h-6zM23 25h6v27h-6zM35 25h6v27h-6zM47 25h6v27h-6z" fill="#f8fafc"/>',
  },
  trident: {
    label: 'Trident',
    svg:
      '<path d="M30 26h4v36h-4z" fill="#b7791f"/>' +
      '<path d="M12 10h5v10c0 5 6 7 15 7s15-2 15-7V10h5v10c0 9-9 12-20 12S12 29 12 20z" fill="#f6c453"/>' +
      '<path d="M29.5 8h5v20h-5z" fill="#f6c453"/><path d="M14.5 2l4.5 9h-9zM32 0l4.5 9h-9zM49.5 2l4.5 9h-9z" fill="#f6c453"/>',
  },
  mask: {
    label: 'Mask',
    svg:
      '<path d="M10 14c14-6 30-6 44 0 0 22-8 40-22 44C18 54 10 36 10 14z" fill="#14b8a6" stroke="#0f766e" stroke-width="2"/>' +
      '<path d="M17 25l11 2-2 7-9-2zM47 25l-11 2 2 7 9-2z" fill="#0b1020"/>' +
      '<path d="M24 44c5 4 11 4 16 0" stroke="#0b1020" stroke-width="3" fill="none" stroke-linecap="round"/>' +
      '<path d="M32 12v12" stroke="#f6c453" stroke-width="4"/>',
  },
  feather: {
    label: 'Feather',
    svg:
      '<path d="M54 6C32 8 14 24 12 48c10-2 18-6 24-12l-8-2 12-4c6-8 11-15 14-24z" fill="#2ec27e"/>' +
      '<path d="M54 6L8 58" stroke="#f6c453" stroke-width="2.5" stroke-linecap="round"/>',
  },
  // North, samurai, savanna
  snowflake: {
    label: 'Snowflake',
    svg:
      `<g fill="none" stroke="#bfe3ff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"><path d="${SNOW_ARM}"/>` +
      `<path d="${SNOW_ARM}" transform="rotate(60 32 32)"/><path d="${SNOW_ARM}" transform="rotate(120 32 32)"/></g>`,
  },
  sword: {
    label: 'Sword',
    svg:
      '<g transform="rotate(45 32 32)"><path d="M32 1l4 6v35h-8V7z" fill="#dbe2ee"/><path d="M32 1l4 6v35h-4z" fill="#aeb8c8"/>' +
      '<path d="M20 42h24v5H20z" fill="#f6c453"/><path d="M29 47h6v11h-6z" fill="#8b5a2b"/><circle cx="32" cy="60" r="3.5" fill="#f6c453"/></g>',
  },
  shield: {
    label: 'Shield',
    svg:
      '<path d="M32 4l24 8v16c0 16-10 26-24 32C18 54 8 44 8 28V12z" fill="#3b82f6" stroke="#c9d4e6" stroke-width="3"/>' +
      '<path d="M32 6v52C19 52 10 43 10 28V13z" fill="#1e4fa8"/><circle cx="32" cy="28" r="7" fill="#f6c453"/>',
  },
  moon: {
    label: 'Moon',
    svg: '<path d="M40 6A27 27 0 1 0 58 44 21 21 0 0 1 40 6z" fill="#f5e6a8"/><circle cx="24" cy="40" r="3" fill="#d8c67a"/><circle cx="20" cy="26" r="2" fill="#d8c67a"/>',
  },
  star: {
    label: 'Star',
    svg: `<polygon points="${starPoints(32, 34, 29, 12.5, 5)}" fill="#facc15" stroke="#b45309" stroke-width="2" stroke-linejoin="round"/>`,
  },
  lantern: {
    label: 'Lantern',
    svg:
      '<path d="M29 2h6v8h-6zM30 52h4v10h-4z" fill="#f6c453"/><ellipse cx="32" cy="32" rx="22" ry="20" fill="#e63946"/>' +
      '<path d="M32 12v40M21 15c-6 10-6 24 0 34M43 15c6 10 6 24 0 34" fill="none" stroke="#9b1d27" stroke-width="2.5"/>' +
      '<path d="M22 9h20v5H22zM22 50h20v5H22z" fill="#f6c453"/>',
  },
  fan: {
    label: 'Fan',
    svg:
      '<path d="M32 56L5 26a38 38 0 0 1 54 0z" fill="#e63946"/>' +
      `<path d="${rays(32, 56, 37, -132, -48, 7)}" stroke="#f8d7a0" stroke-width="2"/>` +
      '<path d="M29 54h6v8h-6z" fill="#8b5a2b"/>',
  },
  paw: {
    label: 'Paw print',
    svg:
      '<g fill="#d08b3e"><ellipse cx="32" cy="44" rx="14" ry="12"/><ellipse cx="13" cy="28" rx="6" ry="8" transform="rotate(-20 13 28)"/>' +
      '<ellipse cx="25" cy="15" rx="6" ry="8"/><ellipse cx="39" cy="15" rx="6" ry="8"/><ellipse cx="51" cy="28" rx="6" ry="8" transform="rotate(20 51 28)"/></g>',
  },
  drum: {
    label: 'Drum',
    svg:
      '<path d="M12 16v32c0 6 9 10 20 10s20-4 20-10V16z" fill="#b45309"/>' +
      '<path d="M12 24l10 30 10-30 10 30 10-30" fill="none" stroke="#f1e3c2" stroke-width="2.5" stroke-linejoin="round"/>' +
      '<ellipse cx="32" cy="16" rx="20" ry="8" fill="#f1e3c2" stroke="#7c2d12" stroke-width="2"/>',
  },
  // Sea and pirates
  shell: {
    label: 'Shell',
    svg:
      '<path d="M32 56L7 30a25 25 0 0 1 50 0z" fill="#f7b2a0"/>' +
      `<path d="${rays(32, 56, 30, -140, -40, 6)}" stroke="#d9735b" stroke-width="2.5"/>` +
      '<path d="M25 52h14l-2 7H27z" fill="#d9735b"/>',
  },
  fish: {
    label: 'Fish',
    svg:
      '<path d="M48 32l12-13v26z" fill="#0284c7"/><path d="M30 20l6-10 6 12z" fill="#0284c7"/>' +
      '<path d="M4 32c8-12 20-16 32-12 6 2 10 6 13 12-3 6-7 10-13 12-12 4-24 0-32-12z" fill="#38bdf8"/>' +
      '<circle cx="16" cy="29" r="3" fill="#0b1020"/><path d="M26 24c3 5 3 11 0 16" stroke="#0369a1" stroke-width="2" fill="none"/>',
  },
  anchor: {
    label: 'Anchor',
    svg:
      '<g fill="none" stroke="#c0c7d4" stroke-width="5" stroke-linecap="round"><circle cx="32" cy="10" r="6"/>' +
      '<path d="M32 16v42M20 26h24M9 38c2 12 12 20 23 20s21-8 23-20"/></g><path d="M3 42l6-9 6 9zM49 42l6-9 6 9z" fill="#c0c7d4"/>',
  },
  skull: {
    label: 'Skull',
    svg:
      '<path d="M32 6C18 6 10 16 10 28c0 7 3 12 8 15v15h28V43c5-3 8-8 8-15C54 16 46 6 32 6z" fill="#f1f1e6"/>' +
      '<circle cx="23" cy="29" r="6" fill="#1b1d26"/><circle cx="41" cy="29" r="6" fill="#1b1d26"/><path d="M32 36l-4 7h8z" fill="#1b1d26"/>' +
      '<path d="M25 50v8M32 50v8M39 50v8" stroke="#1b1d26" stroke-width="2.5"/>',
  },
  chest: {
    label: 'Treasure chest',
    svg:
      '<path d="M8 28h48v28H8z" fill="#8b5a2b"/><path d="M8 28c0-12 10-18 24-18s24 6 24 18z" fill="#a0622d"/>' +
      '<path d="M8 28h48M8 42h48" stroke="#f6c453" stroke-width="4"/><rect x="27" y="33" width="10" height="13" rx="2" fill="#f6c453"/>',
  },
  // Fruit machine
  cherry: {
    label: 'Cherries',
    svg:
      '<path d="M22 44C24 30 30 18 44 8M42 46C40 32 40 20 44 8" fill="none" stroke="#2f855a" stroke-width="3"/>' +
      '<path d="M44 8c4 6 10 6 15 4-4-6-10-7-15-4z" fill="#38a169"/>' +
      '<circle cx="20" cy="46" r="12" fill="#e63946"/><circle cx="44" cy="48" r="12" fill="#d62839"/>' +
      '<circle cx="16" cy="42" r="3" fill="#fff" opacity=".7"/><circle cx="40" cy="44" r="3" fill="#fff" opacity=".7"/>',
  },
  lemon: {
    label: 'Lemon',
    svg:
      '<path d="M9 44l-5 5M55 20l5-5" stroke="#ca8a04" stroke-width="5" stroke-linecap="round"/>' +
      '<ellipse cx="32" cy="32" rx="26" ry="18" fill="#facc15" transform="rotate(-35 32 32)"/>' +
      '<ellipse cx="26" cy="27" rx="8" ry="3.5" fill="#fff" opacity=".45" transform="rotate(-35 26 27)"/>',
  },
  bell: {
    label: 'Bell',
    svg:
      '<circle cx="32" cy="54" r="6" fill="#b7791f"/>' +
      '<path d="M32 5c-3 0-5 2-5 5-9 3-13 11-13 21v10l-6 8h48l-6-8V31c0-10-4-18-13-21 0-3-2-5-5-5z" fill="#f6c453" stroke="#b7791f" stroke-width="2" stroke-linejoin="round"/>' +
      '<path d="M22 31c0-6 3-11 8-13" stroke="#fff3c4" stroke-width="3" fill="none" stroke-linecap="round"/>',
  },
  seven: {
    label: 'Seven',
    svg: '<path d="M12 8h40v9L30 58H17l22-38H12z" fill="#e63946" stroke="#7f1d1d" stroke-width="3" stroke-linejoin="round"/>',
  },
  grapes: {
    label: 'Grapes',
    svg:
      '<path d="M32 14C32 8 36 4 40 2" stroke="#2f855a" stroke-width="3" fill="none"/><path d="M34 10c6-6 14-6 20-2-6 6-14 6-20 2z" fill="#38a169"/>' +
      [
        [20, 20],
        [32, 20],
        [44, 20],
        [26, 31],
        [38, 31],
        [20, 42],
        [32, 42],
        [44, 42],
        [32, 53],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#8b5cf6" stroke="#5b21b6" stroke-width="1.5"/>`)
        .join(''),
  },
  // Space
  planet: {
    label: 'Planet',
    svg:
      '<circle cx="32" cy="32" r="18" fill="#a855f7"/><path d="M15 28c10 3 24 3 34-2" stroke="#7e22ce" stroke-width="4" fill="none"/>' +
      '<ellipse cx="32" cy="32" rx="30" ry="9" fill="none" stroke="#f6c453" stroke-width="4" transform="rotate(-20 32 32)"/>',
  },
  rocket: {
    label: 'Rocket',
    svg:
      '<g transform="rotate(45 32 32)"><path d="M27 44h10l-5 18z" fill="#f59e0b"/><path d="M20 30l-8 15 10-2zM44 30l8 15-10-2z" fill="#e63946"/>' +
      '<path d="M32 2c10 8 14 20 12 36H20C18 22 22 10 32 2z" fill="#e5e7eb"/><path d="M24 38h16l-3 6H27z" fill="#9aa3b5"/>' +
      '<circle cx="32" cy="21" r="6" fill="#38bdf8" stroke="#1e3a8a" stroke-width="2"/></g>',
  },
  explosion: {
    label: 'Explosion',
    svg: `<polygon points="${starPoints(32, 32, 30, 14, 12)}" fill="#f97316"/><polygon points="${starPoints(32, 32, 18, 9, 10, -72)}" fill="#facc15"/>`,
  },
  // Frontier, heist, clover
  cactus: {
    label: 'Cactus',
    svg:
      '<path d="M26 60V14a6 6 0 0 1 12 0v46zM12 35V24a5 5 0 0 1 10 0v8h4v10h-9a5 5 0 0 1-5-5zM52 29v-7a5 5 0 0 0-10 0v8h-4v10h9a5 5 0 0 0 5-5z" fill="#2ec27e"/>' +
      '<path d="M32 14v42" stroke="#1a7f4e" stroke-width="2"/><path d="M14 60h36" stroke="#d08b3e" stroke-width="4" stroke-linecap="round"/>',
  },
  horseshoe: {
    label: 'Horseshoe',
    svg:
      '<path d="M14 8v24a18 18 0 0 0 36 0V8" fill="none" stroke="#c0c7d4" stroke-width="10"/>' +
      '<g fill="#1b1d26"><circle cx="14" cy="16" r="2"/><circle cx="14" cy="28" r="2"/><circle cx="50" cy="16" r="2"/><circle cx="50" cy="28" r="2"/><circle cx="22" cy="44" r="2"/><circle cx="42" cy="44" r="2"/></g>',
  },
  moneybag: {
    label: 'Money bag',
    svg:
      '<path d="M24 14h16l-4 8c12 4 18 14 18 24 0 8-6 14-22 14S10 54 10 46c0-10 6-20 18-24z" fill="#c8a165"/>' +
      '<path d="M21 6l5 8h12l5-8z" fill="#a97f45"/><path d="M24 20h16" stroke="#6b4b1f" stroke-width="3"/>' +
      '<path d="M37 34c-1-2-3-3-5-3-3 0-5 2-5 4 0 5 11 3 11 9 0 2-2 4-6 4-2 0-5-1-6-3M32 28v24" fill="none" stroke="#6b4b1f" stroke-width="3" stroke-linecap="round"/>',
  },
  coin: {
    label: 'Gold coin',
    svg:
      '<circle cx="32" cy="32" r="27" fill="#f6c453" stroke="#b7791f" stroke-width="2"/><circle cx="32" cy="32" r="20" fill="none" stroke="#d69e2e" stroke-width="3"/>' +
      `<polygon points="${starPoints(32, 33, 12, 5, 5)}" fill="#b7791f"/>`,
  },
  clover: {
    label: 'Four-leaf clover',
    svg:
      '<path d="M32 34c2 10 8 18 16 24" stroke="#1a7f4e" stroke-width="4" fill="none" stroke-linecap="round"/>' +
      [0, 90, 180, 270]
        .map((deg) => `<path d="${HEART}" fill="#2ec27e" transform="rotate(${deg} 32 32) translate(19 1) scale(.41)"/>`)
        .join(''),
  },
  'top-hat': {
    label: 'Top hat',
    svg:
      '<path d="M18 8h28v34H18z" fill="#262a3a" stroke="#9aa3b5" stroke-width="2"/><path d="M19 32h26v7H19z" fill="#2ec27e"/>' +
      '<path d="M5 47c0-4 7-7 27-7s27 3 27 7-7 6-27 6S5 51 5 47z" fill="#262a3a" stroke="#9aa3b5" stroke-width="2"/>',
  },
  banknote: {
    label: 'Banknote',
    svg:
      '<g transform="rotate(-12 32 32)"><rect x="4" y="16" width="56" height="32" rx="3" fill="#4ade80" stroke="#166534" stroke-width="2"/>' +
      '<rect x="9" y="21" width="46" height="22" rx="2" fill="none" stroke="#166534" stroke-width="1.5"/><circle cx="32" cy="32" r="8" fill="#166534"/>' +
      '<circle cx="32" cy="32" r="4" fill="#4ade80"/></g>',
  },
  key: {
    label: 'Key',
    svg:
      '<circle cx="19" cy="19" r="12" fill="none" stroke="#f6c453" stroke-width="6"/>' +
      '<path d="M27 27l28 28M43 43l7-7M49 49l7-7" stroke="#f6c453" stroke-width="6" stroke-linecap="round"/>',
  },
  // Gems and the table games
  crown: {
    label: 'Crown',
    svg:
      '<path d="M8 50L4 18l16 12 12-20 12 20 16-12-4 32z" fill="#f6c453" stroke="#b7791f" stroke-width="2" stroke-linejoin="round"/>' +
      '<path d="M8 50h48v7H8z" fill="#b7791f"/><circle cx="32" cy="40" r="4.5" fill="#e63946"/><circle cx="18" cy="42" r="3" fill="#3b82f6"/><circle cx="46" cy="42" r="3" fill="#3b82f6"/>',
  },
  ring: {
    label: 'Ring',
    svg:
      '<circle cx="32" cy="41" r="17" fill="none" stroke="#f6c453" stroke-width="6"/>' +
      '<path d="M22 8h20l7 8-17 16-17-16z" fill="#7dd3fc" stroke="#0369a1" stroke-width="2" stroke-linejoin="round"/>',
  },
  'gem-red': { label: 'Ruby', svg: gem('#e63946', '#ffb3bb') },
  'gem-blue': { label: 'Sapphire', svg: gem('#3b82f6', '#bfdbfe') },
  'gem-green': { label: 'Emerald', svg: gem('#10b981', '#a7f3d0') },
  'gem-purple': { label: 'Amethyst', svg: gem('#a855f7', '#e9d5ff') },
  'flower-pink': { label: 'Blossom', svg: flower('#f9a8d4') },
  'flower-red': { label: 'Rose', svg: flower('#e11d48') },
  // Candy, gothic, steampunk, fantasy, carnival
  candy: {
    label: 'Sweet',
    svg:
      '<path d="M18 32L5 21v22zM46 32l13-11v22z" fill="#f9a8d4"/><circle cx="32" cy="32" r="15" fill="#f472b6"/>' +
      '<path d="M25 20c4 7 4 17 0 24M32 17c4 9 4 21 0 30M39 20c-4 7-4 17 0 24" fill="none" stroke="#fff" stroke-width="2.5"/>',
  },
  cupcake: {
    label: 'Cupcake',
    svg:
      '<path d="M16 36h32l-5 22H21z" fill="#f59e0b"/><path d="M22 40l2 16M29 40v16M35 40v16M42 40l-2 16" stroke="#b45309" stroke-width="2"/>' +
      '<path d="M11 37c0-8 6-12 12-12 0-7 4-11 9-11s9 4 9 11c6 0 12 4 12 12z" fill="#f9a8d4"/><circle cx="32" cy="10" r="5" fill="#e63946"/>',
  },
  heart: {
    label: 'Heart',
    svg: `<path d="${HEART}" fill="#e63946"/><ellipse cx="19" cy="19" rx="5" ry="3.5" fill="#fff" opacity=".45" transform="rotate(-35 19 19)"/>`,
  },
  bat: {
    label: 'Bat',
    svg: '<path d="M32 24c-3 0-4-4-4-7l-2 6c-8-6-18-6-24 3 6 0 10 4 10 10 4-4 10-4 12 2 2-4 5-6 8-6s6 2 8 6c2-6 8-6 12-2 0-6 4-10 10-10-6-9-16-9-24-3l-2-6c0 3-1 7-4 7z" fill="#6d28d9" stroke="#c4b5fd" stroke-width="1.5" stroke-linejoin="round"/>',
  },
  candle: {
    label: 'Candle',
    svg:
      '<path d="M12 57h40v5H12z" fill="#9aa3b5"/><rect x="22" y="24" width="20" height="33" rx="2" fill="#f1f1e6"/><path d="M32 24v-4" stroke="#1b1d26" stroke-width="2"/>' +
      '<path d="M32 3c5 6 7 10 7 13a7 7 0 0 1-14 0c0-3 2-7 7-13z" fill="#f59e0b"/><path d="M32 9c2 3 3 5 3 7a3 3 0 0 1-6 0c0-2 1-4 3-7z" fill="#fde68a"/>',
  },
  gear: {
    label: 'Gear',
    svg: `<polygon points="${gearPoints(32, 32, 29, 22, 10)}" fill="#c27c3a" stroke="#7c4a1e" stroke-width="2" stroke-linejoin="round"/><circle cx="32" cy="32" r="9" fill="#3d2610"/>`,
  },
  clock: {
    label: 'Clock',
    svg:
      '<circle cx="32" cy="32" r="27" fill="#f1e3c2" stroke="#b7791f" stroke-width="5"/>' +
      `<path d="${rays(32, 32, 22, -90, 240, 12)}" stroke="#1b1d26" stroke-width="2"/><circle cx="32" cy="32" r="17" fill="#f1e3c2"/>` +
      '<path d="M32 15v17l12 8" stroke="#1b1d26" stroke-width="4" fill="none" stroke-linecap="round"/>',
  },
  balloon: {
    label: 'Balloon',
    svg:
      '<path d="M32 52c-4 4 4 6 0 10" stroke="#cbd5e1" stroke-width="2" fill="none"/><path d="M29 48h6l-3 5z" fill="#b91c1c"/>' +
      '<path d="M32 4c12 0 20 9 20 20 0 13-10 22-20 25-10-3-20-12-20-25C12 13 20 4 32 4z" fill="#e63946"/><ellipse cx="24" cy="18" rx="4" ry="7" fill="#fff" opacity=".45"/>',
  },
  maraca: {
    label: 'Maracas',
    svg:
      '<path d="M24 34l-8 24M40 34l8 24" stroke="#8b5a2b" stroke-width="5" stroke-linecap="round"/>' +
      '<ellipse cx="24" cy="20" rx="12" ry="15" fill="#f97316" transform="rotate(-15 24 20)"/>' +
      '<ellipse cx="42" cy="20" rx="12" ry="15" fill="#22c55e" transform="rotate(15 42 20)"/>' +
      '<path d="M14 18c6 3 14 3 20 0M32 22c6 3 14 3 20 0" stroke="#facc15" stroke-width="3" fill="none"/>',
  },
  'wizard-hat': {
    label: 'Wizard hat',
    svg:
      '<path d="M16 50L38 4l12 46z" fill="#6366f1"/><path d="M6 50c10-5 42-5 52 0-8 7-44 7-52 0z" fill="#4338ca"/>' +
      `<polygon points="${starPoints(33, 30, 6, 2.5, 5)}" fill="#facc15"/><polygon points="${starPoints(40, 16, 4, 1.7, 5)}" fill="#facc15"/>`,
  },
  potion: {
    label: 'Potion',
    svg:
      '<path d="M26 10h12v10c10 4 16 12 16 22 0 12-9 18-22 18S10 54 10 42c0-10 6-18 16-22z" fill="#e0f2fe"/>' +
      '<path d="M12 40h40c0 11-8 17-20 17S12 51 12 40z" fill="#a855f7"/><path d="M25 3h14v8H25z" fill="#8b5a2b"/>' +
      '<circle cx="26" cy="48" r="3" fill="#e9d5ff"/><circle cx="36" cy="44" r="2" fill="#e9d5ff"/>',
  },
  mushroom: {
    label: 'Mushroom',
    svg:
      '<path d="M24 32h16l2 25H22z" fill="#f1e3c2"/><path d="M6 32C6 16 18 6 32 6s26 10 26 26z" fill="#e63946"/>' +
      '<circle cx="20" cy="20" r="4" fill="#fff"/><circle cx="36" cy="13" r="4" fill="#fff"/><circle cx="46" cy="24" r="3.5" fill="#fff"/>',
  },
  // Table and instant games
  'chip-red': { label: 'Red chip', svg: chip('#c8102e') },
  'chip-black': { label: 'Black chip', svg: chip('#262a3a') },
  wheel: {
    label: 'Roulette wheel',
    svg:
      '<circle cx="32" cy="32" r="29" fill="#7c4a1e"/><circle cx="32" cy="32" r="24" fill="#1b1d26"/>' +
      '<circle cx="32" cy="32" r="19" fill="none" stroke="#c8102e" stroke-width="10" stroke-dasharray="6.63 6.63"/>' +
      '<circle cx="32" cy="32" r="11" fill="#0c7a43"/><path d="M32 22v20M22 32h20" stroke="#f6c453" stroke-width="3"/><circle cx="32" cy="32" r="4" fill="#f6c453"/>',
  },
  spade: {
    label: 'Spade',
    svg: '<path d="M32 4C24 16 8 24 8 36c0 8 6 12 12 12 4 0 8-2 10-5l-4 15h12l-4-15c2 3 6 5 10 5 6 0 12-4 12-12C56 24 40 16 32 4z" fill="#e5e7eb" stroke="#4b5263" stroke-width="2" stroke-linejoin="round"/>',
  },
  club: {
    label: 'Club',
    svg: '<g fill="#e5e7eb" stroke="#4b5263" stroke-width="2"><path d="M32 30l-6 28h12z"/><circle cx="32" cy="18" r="11"/><circle cx="19" cy="36" r="11"/><circle cx="45" cy="36" r="11"/></g>',
  },
  diamond: {
    label: 'Diamond',
    svg: '<path d="M32 4L53 32 32 60 11 32z" fill="#e63946" stroke="#9b1d27" stroke-width="2" stroke-linejoin="round"/>',
  },
  card: {
    label: 'Playing card',
    svg:
      '<rect x="12" y="5" width="40" height="54" rx="5" fill="#f8f8f2" stroke="#4b5263" stroke-width="2"/>' +
      '<path d="M17 20l4-10 4 10M18.5 16.5h5" fill="none" stroke="#c8102e" stroke-width="2"/>' +
      `<path d="${HEART}" fill="#c8102e" transform="translate(19 20) scale(.41)"/>`,
  },
  dice: {
    label: 'Dice',
    svg:
      '<rect x="8" y="8" width="48" height="48" rx="10" fill="#f8f8f2" stroke="#9aa3b5" stroke-width="2"/>' +
      '<g fill="#1b1d26"><circle cx="20" cy="20" r="5"/><circle cx="44" cy="20" r="5"/><circle cx="32" cy="32" r="5"/><circle cx="20" cy="44" r="5"/><circle cx="44" cy="44" r="5"/></g>',
  },
  bomb: {
    label: 'Mine',
    svg:
      '<path d="M40 24l6-6" stroke="#9aa3b5" stroke-width="7"/><path d="M46 17c4-4 8-4 10 0" stroke="#b45309" stroke-width="2.5" fill="none"/>' +
      `<polygon points="${starPoints(56, 13, 7, 3, 8)}" fill="#f97316"/>` +
      '<circle cx="28" cy="38" r="20" fill="#262a3a" stroke="#9aa3b5" stroke-width="2"/><circle cx="21" cy="31" r="5" fill="#fff" opacity=".3"/>',
  },
  'ball-blue': { label: 'Blue ball', svg: ball('#3b82f6') },
  'ball-purple': { label: 'Purple ball', svg: ball('#a855f7') },
  'ball-yellow': { label: 'Yellow ball', svg: ball('#facc15') },
} as const satisfies Record<string, { label: string; svg: string }>;

export type GameSymbolKey = keyof typeof GAME_SYMBOLS;

export function isGameSymbol(key: string): key is GameSymbolKey {
  return Object.hasOwn(GAME_SYMBOLS, key);
}

/**
 * The symbol sets of the catalogue's slot themes, in catalogue order. A slot title's
 * `theme.symbol` is one of its theme's set, which finds the whole set for its reels.
 */
export const SLOT_SYMBOL_SETS = {
  egypt: ['pyramid', 'ankh', 'eye', 'vase', 'sun'],
  aurora: ['snowflake', 'sword', 'shield', 'moon', 'star'],
  jade: ['lantern', 'flower-pink', 'coin', 'gem-green', 'bell'],
  ocean: ['shell', 'fish', 'trident', 'anchor', 'gem-blue'],
  fruit: ['cherry', 'lemon', 'bell', 'seven', 'star', 'grapes'],
  space: ['planet', 'rocket', 'moon', 'star', 'gem-purple'],
  frontier: ['cactus', 'horseshoe', 'moneybag', 'coin', 'star', 'sun'],
  candy: ['candy', 'cupcake', 'heart', 'cherry', 'flower-pink'],
  pirates: ['skull', 'anchor', 'chest', 'coin', 'sword'],
  clover: ['clover', 'horseshoe', 'coin', 'top-hat', 'gem-green'],
  gems: ['gem-red', 'crown', 'ring', 'gem-blue', 'gem-green'],
  gothic: ['bat', 'moon', 'candle', 'flower-red', 'skull'],
  aztec: ['feather', 'sun', 'mask', 'gem-green', 'pyramid'],
  savanna: ['paw', 'drum', 'sun', 'shield', 'star'],
  samurai: ['fan', 'sword', 'flower-pink', 'mask', 'moon'],
  olympus: ['bolt', 'temple', 'vase', 'trident', 'crown'],
  steampunk: ['gear', 'clock', 'top-hat', 'key', 'balloon'],
  fantasy: ['wizard-hat', 'potion', 'mushroom', 'gem-purple', 'star'],
  fiesta: ['maraca', 'mask', 'balloon', 'drum', 'heart'],
  heist: ['banknote', 'moneybag', 'seven', 'key', 'coin'],
} as const satisfies Record<string, readonly GameSymbolKey[]>;

/** The reels of a title whose symbol belongs to no theme (an operator's own game). */
export const DEFAULT_SLOT_SET: readonly GameSymbolKey[] = ['star', 'gem-blue', 'bell', 'crown', 'clover'];

/**
 * The theme set a slot title draws its reels from, led by the title's own symbol (the scatter).
 * A symbol shared by several themes picks the first of them: both are drawn from the same art.
 */
export function slotSymbolSet(themeSymbol: string): readonly GameSymbolKey[] {
  const set = Object.values(SLOT_SYMBOL_SETS).find((s) => (s as readonly string[]).includes(themeSymbol));
  if (!set) return DEFAULT_SLOT_SET;
  return [themeSymbol as GameSymbolKey, ...set.filter((s) => s !== themeSymbol)];
}
