/**
 * Reduces the screenshot tests' baselines (tests/screenshots/baselines, written by
 * `npm run screenshots:update`) to 256-colour PNGs: about a fifth of Chromium's size, for
 * pictures the comparison still tells apart (its colour threshold, playwright.screenshots.config.ts,
 * is far above the reduction's error). A baseline already reduced is left as it is, so that only
 * the pictures that changed show in the commit.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const folder = new URL('../tests/screenshots/baselines/', import.meta.url);
let compacted = 0;
for (const name of (await readdir(folder)).filter((file) => file.endsWith('.png'))) {
  const file = fileURLToPath(new URL(name, folder));
  if ((await sharp(file).metadata()).isPalette) continue;
  // No dithering: its noise would cost bytes and differ from the screenshot pixel by pixel.
  const png = await sharp(file)
    .png({ palette: true, colours: 256, dither: 0, effort: 10 })
    .toBuffer();
  await writeFile(file, png);
  compacted += 1;
}
console.log(`${compacted} baseline(s) reduced to 256 colours`);
