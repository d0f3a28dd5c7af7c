/**
 * The site the browser suite visits (vitest globalSetup): the e2e build (`npm run build:e2e`)
 * served by `node server.mjs` on TEST_PORT (4329 by default, as the Chromium suite's, which has
 * finished by then in `npm test`) with a database of its own, and the fake marketplace backend
 * where the build and the server look for it, as playwright.config.ts starts them.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { sharedFormsData, startServer } from '../e2e/forms-helpers';
import { fakeBackendUrl } from '../e2e/fake-backend-data';

declare module 'vitest' {
  export interface ProvidedContext {
    site: { url: string; dbPath: string; uploadDir: string };
  }
}

export default async function setup(project: TestProject) {
  const backend = spawn(process.execPath, ['tests/e2e/fake-backend.ts'], {
    env: { ...process.env, BACKEND_GRAPHQL_URL: fakeBackendUrl.href },
    stdio: 'inherit',
  });
  const port = Number(process.env.TEST_PORT ?? 4329);
  const data = sharedFormsData(port);
  rmSync(data.dir, { recursive: true, force: true });
  const server = await startServer(port, { BACKEND_GRAPHQL_URL: fakeBackendUrl.href }, data);
  // A server gone mid-run fails every test after it: say why, once.
  const gone = (code: number | null, signal: string | null) =>
    console.error(`The site's server exited (${code ?? signal}):\n${server.log()}`);
  server.process.once('exit', gone);
  for (;;) {
    if (backend.exitCode !== null) throw new Error('the fake backend exited');
    if ((await fetch(new URL('/health', fakeBackendUrl)).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  project.provide('site', { url: server.url, dbPath: data.dbPath, uploadDir: data.uploadDir });
  return async () => {
    server.process.off('exit', gone);
    await server.stop();
    backend.kill();
  };
}
