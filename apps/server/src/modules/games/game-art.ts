import { GAME_SYMBOLS, isGameSymbol } from '@croupier/shared/game-symbols';

/**
 * Generated lobby artwork: a small deterministic SVG per game (gradient from the theme palette, a
 * pattern by motif, the theme symbol, the title and the studio name). Same input, same bytes. The
 * symbol is our own drawing (@croupier/shared/game-symbols), never a glyph of an emoji font, which
 * many machines lack.
 */

export interface ArtInput {
  title: string;
  providerTitle: string;
  theme: { palette: readonly string[]; symbol: string; motif: string };
}

export const ART_SIZE = 320;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '') // eslint-disable-line no-control-regex
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK = ['#1b1f3b', '#3b3f7a', '#f2c14e'];

/** Pattern tiles: [tile width, tile height, markup drawn in white]. */
const MOTIFS: Record<string, [number, number, string]> = {
  dots: [16, 16, '<circle cx="8" cy="8" r="2.2" fill="#fff"/>'],
  stripes: [16, 16, '<path d="M-4 4L4-4M0 16L16 0M12 20L20 12" stroke="#fff" stroke-width="3"/>'],
  grid: [20, 20, '<path d="M20 0H0V20" fill="none" stroke="#fff" stroke-width="1.5"/>'],
  diamonds: [20, 20, '<path d="M10 1L19 10L10 19L1 10Z" fill="none" stroke="#fff" stroke-width="1.5"/>'],
  waves: [24, 12, '<path d="M0 6Q6 0 12 6T24 6" fill="none" stroke="#fff" stroke-width="2"/>'],
  zigzag: [24, 16, '<path d="M0 12L6 4L12 12L18 4L24 12" fill="none" stroke="#fff" stroke-width="2"/>'],
  stars: [28, 28, '<path d="M14 6L15.8 12.2L22 14L15.8 15.8L14 22L12.2 15.8L6 14L12.2 12.2Z" fill="#fff"/>'],
  circles: [24, 24, '<circle cx="12" cy="12" r="8" fill="none" stroke="#fff" stroke-width="1.5"/>'],
  scales: [
    24,
    12,
    '<path d="M0 12A12 12 0 0 1 24 12M-12 0A12 12 0 0 1 12 0M12 0A12 12 0 0 1 36 0" fill="none" stroke="#fff" stroke-width="1.5"/>',
  ],
  hex: [24, 28, '<path d="M12 2L22 8V20L12 26L2 20V8Z" fill="none" stroke="#fff" stroke-width="1.5"/>'],
};

/** A sunburst behind the symbol (motif "rays"). */
function rays(): string {
  const c = ART_SIZE / 2;
  const parts: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const b = a + Math.PI / 14;
    const r = ART_SIZE;
    const p = (angle: number) => `${(c + r * Math.cos(angle)).toFixed(1)} ${(130 + r * Math.sin(angle)).toFixed(1)}`;
    parts.push(`M${c} 130L${p(a)}L${p(b)}Z`);
  }
  return `<path d="${parts.join('')}" fill="#fff" opacity=".12"/>`;
}

/** Splits a title into at most three lines of about 15 characters. */
export function wrapTitle(title: string, width = 15, maxLines = 3): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

export function renderGameArt({ title, providerTitle, theme }: ArtInput): string {
  const [c0, c1, c2] = [0, 1, 2].map((i) => {
    const colour = theme.palette[i];
    return colour && HEX.test(colour) ? colour : FALLBACK[i]!;
  });
  const lines = wrapTitle(title);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const fontSize = Math.max(18, Math.min(34, Math.floor(290 / (longest * 0.6))));
  const lineHeight = Math.round(fontSize * 1.12);
  const firstBaseline = 262 - (lines.length - 1) * lineHeight;
  const symbol = isGameSymbol(theme.symbol)
    ? `<svg x="118" y="70" width="84" height="84" viewBox="0 0 64 64">${GAME_SYMBOLS[theme.symbol].svg}</svg>`
    : // A symbol we have not drawn (an operator's own game): the title's initial instead.
      `<text x="160" y="134" font-size="60" font-weight="800" text-anchor="middle" fill="#fff" font-family="${FONT}">${escapeXml([...title.trim()][0]?.toUpperCase() ?? '')}</text>`;
  const motif = MOTIFS[theme.motif];
  const pattern = motif
    ? `<pattern id="p" width="${motif[0]}" height="${motif[1]}" patternUnits="userSpaceOnUse">${motif[2]}</pattern>`
    : '';
  const texture = motif
    ? `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#p)" opacity=".1"/>`
    : theme.motif === 'rays'
      ? rays()
      : '';
  const titleText = lines
    .map((line, i) => `<tspan x="160" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const label = escapeXml(title);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" width="${ART_SIZE}" height="${ART_SIZE}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<defs>` +
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset=".6" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/></linearGradient>` +
    `<radialGradient id="h" cx=".5" cy=".38" r=".5"><stop offset="0" stop-color="${c2}" stop-opacity=".55"/><stop offset="1" stop-color="${c2}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>` +
    pattern +
    `</defs>` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#g)"/>` +
    texture +
    `<circle cx="160" cy="112" r="104" fill="url(#h)"/>` +
    `<circle cx="160" cy="112" r="54" fill="#000" fill-opacity=".2" stroke="${c2}" stroke-width="3"/>` +
    symbol +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#s)"/>` +
    `<text text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="800" fill="#fff" stroke="#000" stroke-opacity=".35" stroke-width="4" paint-order="stroke">${titleText}</text>` +
    `<text x="160" y="300" text-anchor="middle" font-family="${FONT}" font-size="12" font-weight="600" letter-spacing="2" fill="${c2}">${escapeXml(providerTitle.toUpperCase())}</text>` +
    `<rect x="4" y="4" width="312" height="312" rx="14" fill="none" stroke="${c2}" stroke-opacity=".5" stroke-width="2"/>` +
    `</svg>`
  );
}
