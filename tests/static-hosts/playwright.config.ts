/**
 * The static output (`dist-static-hosts/client`) served by real static-host runtimes, with the
 * forms posting to the Node server on another origin: the way the site runs with its pages on a
 * CDN and only the receiver on a server (docs/deploy.md). `npm run test:static-hosts` builds it
 * and runs this; `npm test` includes it.
 *
 * - `cloudflare`: `wrangler pages dev`, Cloudflare's own runtime (workerd), offline.
 * - `netlify`: `netlify dev`, the Netlify CLI's emulation of Netlify's hosting (redirects, headers,
 *   404 rules), offline (scripts/netlify.sh).
 *
 * Each project runs the specs a static host can break: every page at its address (routes, SEO),
 * redirects and 404s, the headers of `_headers`, consent, and the forms across origins. What only
 * the Node server does (language negotiation, compression, on-demand routes) is tagged
 * `@node-server` and left out, and so is what the build alone decides and a host cannot change,
 * tagged `@content` (each page's words, in a browser; static-hosts.spec.ts checks instead, without
 * a browser, that every page is served at its address).
 */
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { recordedChoice } from '../e2e/consent-helpers';
import { fakeBackendWebServer } from '../e2e/fake-backend-data';
import { sharedFormsData } from '../e2e/forms-helpers';
import { staticHosts, staticOutput, receiverPort } from './hosts';

/** The specs' helpers read the receiver's database through this (tests/e2e/forms-helpers.ts). */
process.env.E2E_RECEIVER_PORT = String(receiverPort);
/** The build these hosts serve: its `_headers` and header policy (tests/e2e/security.spec.ts). */
process.env.E2E_CLIENT_DIR = staticOutput;
const forms = sharedFormsData(receiverPort);
/** The project's root: every server starts there (the paths in their commands are the root's). */
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: '..',
  // A folder of its own: `npm test` runs this beside the screenshots, and a Playwright run empties
  // its output folder as it starts.
  outputDir: '../../test-results-static-hosts',
  testMatch: [
    'static-hosts/*.spec.ts',
    'e2e/pages.spec.ts',
    'e2e/links.spec.ts',
    'e2e/security.spec.ts',
    'e2e/consent.spec.ts',
  ],
  grepInvert: /@node-server|@content/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report/static-hosts' }]],
  // Twice the end-to-end suite's: `npm test` runs this beside the screenshots, and a first
  // visit's tags under Partytown took past 30 s to let the network idle at a load of 17 here.
  timeout: 60_000,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    storageState: recordedChoice,
  },
  projects: staticHosts.map((host, index) => ({
    name: host.name,
    use: { baseURL: host.url },
    // Every link of every page, on the first host only: each page's address is checked on both
    // (static-hosts.spec.ts), and the links, files and anchors the pages hold are the same build's
    // on either; about a minute of CI's 25 saved.
    ...(index > 0 && { testIgnore: 'e2e/links.spec.ts' }),
  })),
  webServer: [
    ...staticHosts.map((host) => ({
      command: host.command,
      cwd: root,
      url: `${host.url}/en`,
      env: host.env,
      reuseExistingServer: false,
      timeout: 60_000,
    })),
    {
      // The receiver: the Node server of the ordinary build (`npm run build:e2e`), accepting posts
      // from the static hosts' origins.
      command: 'node ./server.mjs',
      cwd: root,
      url: `http://localhost:${receiverPort}/healthz`,
      env: {
        PORT: String(receiverPort),
        HOST: 'localhost',
        FORMS_DB_PATH: forms.dbPath,
        FORMS_UPLOAD_DIR: forms.uploadDir,
        FORMS_RATE_LIMIT: '100000',
        FORMS_ALLOWED_ORIGINS: staticHosts.map((host) => host.url).join(','),
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    { ...fakeBackendWebServer, cwd: root },
  ],
});
