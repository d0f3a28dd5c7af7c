/**
 * A returning visitor re-downloads only what changed (src/server/caching.ts): pages carry ETags of
 * their content, so the same page from another deploy (files written again, new times) has the
 * same ETag and answers 304, and a changed page a new one; hashed files and the favicon are kept
 * long by the browser.
 */
import { freePort } from '../free-port';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { freshData, startServer } from './forms-helpers';

const root = resolve(import.meta.dirname, '../..');

/**
 * A second deploy of the same build: the server and a copy of `dist/` (every file written anew)
 * in a folder of its own, where `change` edits one page, served on `port`.
 */
async function redeploy(port: number, change: (client: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'site-redeploy-'));
  for (const name of readdirSync(root)) {
    if (['dist', 'server.mjs', '.git'].includes(name)) continue;
    symlinkSync(join(root, name), join(dir, name));
  }
  copyFileSync(join(root, 'server.mjs'), join(dir, 'server.mjs'));
  // `dist` is a link to the current build (scripts/build.mjs): copy the build itself.
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true, dereference: true });
  change(join(dir, 'dist/client'));
  const server = await startServer(port, {}, freshData(), { cwd: dir });
  const stop = () => server.stop().then(() => rmSync(dir, { recursive: true, force: true }));
  return { url: server.url, stop };
}

test('an unchanged page keeps its ETag across deploys, a changed one gets a new one, and a match answers 304', async ({
  baseURL,
}) => {
  const unchanged = pathTo('about', 'en');
  const changed = pathTo('contact', 'en');
  const second = await redeploy(await freePort(), (client) =>
    appendFileSync(join(client, `${changed}.html`), '<!-- changed -->'),
  );
  try {
    const etag = async (base: string, path: string) =>
      (await fetch(base + path)).headers.get('etag');
    const first = await etag(baseURL!, unchanged);
    expect(first).toMatch(/^W\/".+"$/);
    expect(await etag(second.url, unchanged)).toBe(first);
    expect(await etag(second.url, changed)).not.toBe(await etag(baseURL!, changed));

    // The browser asks again with what it has: nothing is sent back when nothing changed.
    const again = await fetch(second.url + unchanged, { headers: { 'if-none-match': first! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(second.url + changed, {
      headers: { 'if-none-match': (await etag(baseURL!, changed))! },
    });
    expect(stale.status).toBe(200);
  } finally {
    await second.stop();
  }
});

test('pages are checked again on every visit; hashed files and the favicon are kept long', async ({
  request,
  page,
}) => {
  const html = await request.get(pathTo('contact', 'fr'));
  expect(html.headers()['cache-control']).toBe('public, no-cache');

  const favicon = await request.get('/favicon.svg');
  expect(favicon.headers()['cache-control']).toMatch(/max-age=(\d{7,})/);
  expect(favicon.headers().etag).toMatch(/^W\/".+"$/);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(pathTo('contact', 'en'));
  await page.locator('#contact-name').focus();
  await expect
    .poll(() => scripts.filter((url) => url.includes('/_astro/')).length)
    .toBeGreaterThan(0);
  const hashed = await request.get(scripts.find((url) => url.includes('/_astro/'))!);
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
