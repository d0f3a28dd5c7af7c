import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/**
 * The editing UI (`npm run cms`) in a copy of the project (tests/cms): the spec starts the UI
 * there itself, so the real content/ is never written. `npm run test:cms`.
 */
export default defineConfig({
  testDir: '.',
  // A folder of its own: `npm test` runs this beside the screenshots, and a Playwright run empties
  // its output folder as it starts.
  outputDir: '../../test-results-cms',
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  // Starting the UI and building the copy take most of it on a busy 2-core machine.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
  },
});
