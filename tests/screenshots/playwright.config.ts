/**
 * Screenshots as a test (`npm run screenshots`, part of `npm test`): every template at 390 and
 * 1280 px in English and French, compared with the committed baselines in
 * tests/screenshots/baselines. After an intended change of the look, `npm run screenshots:update`
 * rewrites the ones that changed (and reduces them: compact-screenshots.mjs): look at
 * the PNGs' diff before committing (README: Screenshots as a test). The same server and settings as the end-to-end tests
 * (the root playwright.config.ts), one worker per core.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import e2e from '../../playwright.config';

/** The project's root: the servers start there, as from the root playwright.config.ts. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const e2eServers = [e2e.webServer ?? []].flat().map((server) => ({ ...server, cwd: root }));
const screenshotSiteServer = {
  ...e2eServers[0]!,
  command: e2eServers[0]!.command.replace(
    'node ./server.mjs',
    'node ./.screenshot-site/server.mjs',
  ),
};
if (screenshotSiteServer.command === e2eServers[0]!.command)
  throw new Error('playwright.config.ts starts its server otherwise: update this file');

/**
 * The fonts Chromium sees: DejaVu only, what `system-ui, sans-serif` renders with on Debian, so
 * fonts a machine has in addition change no picture (fonts.conf says why).
 */
const fonts = fileURLToPath(new URL('./fonts.conf', import.meta.url));
if (!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'))
  throw new Error('The screenshot tests draw with DejaVu: apt-get install fonts-dejavu-core');

export default defineConfig({
  ...e2e,
  testDir: '.',
  outputDir: '../../test-results',
  // Reduces the baselines this run wrote to 256 colours (about 8 MB for all of them).
  globalTeardown: './compact-screenshots.mjs',
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...e2e.use,
    launchOptions: {
      ...e2e.use?.launchOptions,
      env: { ...process.env, FONTCONFIG_FILE: fonts },
    },
    // Dates and times the browser formats (date fields, the snow report's "updated") read the same
    // on every machine.
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  },
  // The site built with the content frozen with the baselines (build-site.mjs, run
  // by `npm run screenshots` before this), on the end-to-end tests' port and fake backend.
  webServer: [screenshotSiteServer, ...e2eServers.slice(1)],
  // One file per screenshot, the same on every platform (Chromium from Debian here and in CI).
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  expect: {
    // Taking a full-page picture of the longest pages took over the default 5 s on a busy machine
    // (the French home page at 1280 px, at a load of 30 on two cores): time, not a difference.
    timeout: 15_000,
    toHaveScreenshot: {
      // A pixel counts as different only past this colour distance, which the anti-aliasing of
      // text and the baselines' reduction to 256 colours (compact-screenshots.mjs) stay under:
      // run after run, no pixel of an unchanged page passes it. A picture fails past a hundred
      // such pixels (a few glyphs' worth), not a ratio: at 1% of the pixels, buttons 8 px
      // narrower failed only 5 of the 108 pictures.
      maxDiffPixels: 100,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
});
