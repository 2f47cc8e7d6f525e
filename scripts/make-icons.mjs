// Renders the site icons from apps/web/public/favicon.svg with headless Chromium (the browser the
// browser stories use): PNGs for the web manifest and Apple devices, and favicon.ico (16, 32 and
// 48 px PNGs in one ICO file) for browsers and tools that ask for /favicon.ico. Run it after
// changing the SVG:  node scripts/make-icons.mjs   (CHROMIUM_PATH if Chromium is not /usr/bin/chromium)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// A maskable icon is cropped to a circle or squircle by the device: the same mark on a full-bleed
// square (no rounded corners of its own); the spade already sits inside the middle 80 % safe zone.
const maskable = svg.replace(/ rx="\d+"/, '');
if (maskable === svg) throw new Error('favicon.svg: expected a rounded background rect (rx) to square off');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function png(source, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

const out = (name, data) => writeFileSync(path.join(publicDir, name), data);
out('icon-192.png', await png(svg, 192));
out('icon-512.png', await png(svg, 512));
out('icon-maskable-512.png', await png(maskable, 512));
out('apple-touch-icon.png', await png(maskable, 180));

// ICO: a 6-byte header, a 16-byte entry per image, then the PNGs themselves.
const images = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg, size) })));
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach(({ size, data }, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(data.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += data.length;
});
out('favicon.ico', Buffer.concat([header, ...images.map((i) => i.data)]));
await browser.close();
