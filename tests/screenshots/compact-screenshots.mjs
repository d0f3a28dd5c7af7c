/**
 * Reduces the screenshot tests' baselines (tests/screenshots/baselines) to 256-colour PNGs:
 * about a fifth of Chromium's size, for pictures the comparison still tells apart (its colour
 * threshold, tests/screenshots/playwright.config.ts, is far above the reduction's error). The screenshot
 * tests' global teardown: it runs after every run, and reduces what that run wrote
 * (`npm run screenshots:update`, or a baseline written because none existed). A baseline already
 * reduced is left as it is, so that only the pictures that changed show in the commit.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const folder = new URL('./baselines/', import.meta.url);

export default async function compactBaselines() {
  const names = await readdir(folder).catch(() => []);
  let compacted = 0;
  for (const name of names.filter((file) => file.endsWith('.png'))) {
    const file = fileURLToPath(new URL(name, folder));
    if ((await sharp(file).metadata()).isPalette) continue;
    // No dithering: its noise would cost bytes and differ from the screenshot pixel by pixel.
    const png = await sharp(file)
      .png({ palette: true, colours: 256, dither: 0, effort: 10 })
      .toBuffer();
    await writeFile(file, png);
    compacted += 1;
  }
  if (compacted) console.log(`${compacted} baseline(s) reduced to 256 colours`);
}
