/**
 * Screenshots as a test (`npm run screenshots`): every template at 390 and 1280 px in English
 * and French, compared with the committed baselines in tests/screenshots/baselines. After an
 * intended change of the look, `npm run screenshots:update` rewrites them: look at the diff of the
 * PNGs before committing. The same server and settings as the end-to-end tests
 * (playwright.config.ts), one worker per core.
 */
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

export default defineConfig({
  ...e2e,
  testDir: 'tests/screenshots',
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // One file per screenshot, the same on every platform (Chromium from Debian here and in CI).
  snapshotPathTemplate: 'tests/screenshots/baselines/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      // Font anti-aliasing may differ by a few pixels from one run or machine to the next.
      maxDiffPixelRatio: 0.01,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
});
