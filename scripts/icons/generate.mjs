// The web app's install icons (apps/web/public/icons/), drawn from apps/web/public/favicon.svg by Debian's
// Chromium (playwright-core, already a dev dependency): no image library to install. Run it again after
// changing the favicon: `node scripts/icons/generate.mjs` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = path.join(root, 'apps/web/public');
const out = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BRAND = '#3b2fc9';

// A maskable icon is cropped by the launcher to any shape inside its central 80% circle: a full-bleed brand
// square with the favicon's card grid (its 20 x 20 units around the centre) scaled into the safe zone.
const grid = favicon.match(/<g[\s\S]*<\/g>/)?.[0];
if (!grid) throw new Error('favicon.svg: no <g> with the card grid');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.85) translate(-16 -16)">${grid}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    writeFileSync(path.join(out, file), await page.screenshot({ omitBackground: true }));
    console.log(`icons: ${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
