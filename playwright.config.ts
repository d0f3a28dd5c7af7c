import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { sharedFormsData } from './tests/e2e/forms-helpers';
import { recordedChoice } from './tests/e2e/consent-helpers';
import { fakeBackendUrl, fakeBackendWebServer } from './tests/e2e/fake-backend-data';

/** The tests run against the real server that `npm start` runs, on its own port. */
const port = Number(process.env.TEST_PORT ?? 4329);
/** The form receiver writes to a temporary database, never to the developer's `data/`. */
const forms = sharedFormsData(port);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    // A cookie choice already made (rejecting the optional ones): the banner is the consent spec's
    // subject, and the others test the page under it. consent.spec.ts starts with no cookie.
    storageState: recordedChoice,
  },
  webServer: [
    {
      // A fresh database each run: one left by another branch's run may have another schema.
      command: `rm -rf '${forms.dir}' && node ./server.mjs`,
      url: `http://localhost:${port}/en`,
      env: {
        PORT: String(port),
        HOST: 'localhost',
        ASTRO_TELEMETRY_DISABLED: '1',
        FORMS_DB_PATH: forms.dbPath,
        FORMS_UPLOAD_DIR: forms.uploadDir,
        // Every spec posts from the same address; the limit itself is tested on a server of its own.
        FORMS_RATE_LIMIT: '100000',
        // The live conditions' relay asks the fake backend below.
        BACKEND_GRAPHQL_URL: fakeBackendUrl.href,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // The fake marketplace backend the e2e build points at (tests/e2e/e2e.env), for the resort
    // pages' live conditions and the error toast.
    fakeBackendWebServer,
  ],
});
