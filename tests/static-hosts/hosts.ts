/**
 * The static-host runtimes the static output is tested on, and the receiver the pages post to
 * (playwright.config.ts here). The static build is made with `FORMS_ENDPOINT` naming the
 * receiver (`npm run build:static-hosts`, the same port as here).
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { readConfig } from '../../src/config';

export const staticOutput = 'dist-static-hosts/client';

/** The configuration the static build was made with (`npm run build:static-hosts`). */
export const testBuildConfig = () =>
  readConfig({
    ...parseEnv(readFileSync('tests/e2e/e2e.env', 'utf8')),
    ...parseEnv(readFileSync('tests/static-hosts/static-hosts.env', 'utf8')),
  });

/** The Node server that receives the forms, on an origin of its own. */
export const receiverPort = 4339;
export const receiverOrigin = `http://localhost:${receiverPort}`;

export type StaticHost = {
  name: 'cloudflare' | 'netlify';
  url: string;
  command: string;
  env: Record<string, string>;
};

export const staticHosts: StaticHost[] = [
  {
    name: 'cloudflare',
    url: 'http://localhost:4338',
    command: `npx wrangler pages dev ${staticOutput} --port 4338 --ip localhost`,
    env: { WRANGLER_SEND_METRICS: 'false' },
  },
  {
    name: 'netlify',
    url: 'http://localhost:4337',
    // Edge functions are switched off: their runtime (Deno) is downloaded at start, which a
    // machine without the internet cannot do, and the site has none.
    command: `bash scripts/netlify.sh dev --offline --dir ${staticOutput} --port 4337 --no-open --internal-disable-edge-functions`,
    env: {},
  },
];
