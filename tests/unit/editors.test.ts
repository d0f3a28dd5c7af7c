/**
 * The editors' sign-in (src/editors): nothing of the editing screen or of publishing without a
 * session; a wrong password, too many attempts, an expired session, a request from another site
 * or without the session's token are refused; passwords are stored as scrypt hashes only.
 * Served by a bare HTTP server with the editors' area mounted as server.mjs mounts it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  ATTEMPTS_PER_ACCOUNT,
  ATTEMPTS_PER_CLIENT,
  SIGN_IN,
  editorsArea,
} from '../../src/editors/http';
import { SCREEN_POLICY } from '../../src/editors/editing-screen';
import { hashPassword } from '../../src/editors/passwords';
import { answerPreviewPage } from '../../src/editors/preview';
import {
  ABSOLUTE_HOURS,
  IDLE_MINUTES,
  openEditors,
  type EditorStore,
} from '../../src/editors/store';

const folder = mkdtempSync(join(tmpdir(), 'editors-'));
const ann = { email: 'ann@example.com', name: 'Ann Martin', password: 'correct horse battery' };
// Hashed cheaply: the tests sign in and guess dozens of times (the real cost is tested below).
const cheap = { N: 2 ** 10, r: 8, p: 1 };
const annHash = await hashPassword(ann.password, cheap);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let time: number;
let store: EditorStore;
let server: Server;
let url: string;
let dbPath: string;

/**
 * A served build with an editing screen (its page and one script) and a preview build with one
 * page, as scripts/build.mjs and the Preview button write them.
 */
const build = join(folder, 'build');
mkdirSync(join(build, 'editing-screen/assets'), { recursive: true });
writeFileSync(join(build, 'editing-screen/index.html'), '<!doctype html><title>the screen</title>');
writeFileSync(join(build, 'editing-screen/assets/screen.js'), 'console.log("the screen")');
const previewBuild = {
  dir: join(folder, 'preview'),
  pageFor: (url: string) => (url === '/fr' ? { rewrite: '/fr.html' } : undefined),
};
mkdirSync(join(previewBuild.dir, 'client'), { recursive: true });
writeFileSync(
  join(previewBuild.dir, 'client/fr.html'),
  `<!DOCTYPE html><html lang="fr"><head><meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' 'sha256-abc='"></head><body data-x><h1>Emplois</h1></body></html>`,
);

async function serve(siteUrl?: string) {
  const area = editorsArea({
    root: folder, // not a git repository: a publish that ran would say so, and change nothing
    siteUrl: new URL(siteUrl ?? 'http://localhost'),
    store,
    now: () => time,
    buildDir: () => build,
  });
  // As server.mjs: the preview build for an editor who opened it, the live site for anyone else.
  server = createServer((req, res) => {
    if (area.handle(req, res)) return;
    if (area.previewing(req) && answerPreviewPage(previewBuild, req, res)) return;
    res.writeHead(404);
    res.end('the site');
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return area;
}

beforeEach(async () => {
  time = Date.parse('2026-12-01T09:00:00Z');
  dbPath = join(folder, `${Math.random()}.sqlite`);
  store = openEditors(dbPath, () => time);
  store.saveAccount(ann.email, ann.name, annHash);
  await serve();
});

afterEach(async () => {
  await new Promise((done) => server.close(done));
  store.close();
});

const get = (path: string, cookie = '') =>
  fetch(url + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });

function post(path: string, fields: Record<string, string>, cookie = '', origin = url) {
  return fetch(url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const signIn = (email = ann.email, password = ann.password) => post(SIGN_IN, { email, password });

/** Signs Ann in: the cookie to send, and the session's CSRF token from the editors' page. */
async function signedIn() {
  const answer = await signIn();
  expect(answer.status).toBe(303);
  const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
  const page = await (await get('/editors', cookie)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error(`No CSRF token in:\n${page}`);
  return { cookie, csrf };
}

describe('without a session', () => {
  test('nothing of the editing screen, its API or publishing is reachable', async () => {
    for (const path of ['/keystatic', '/keystatic/collection/jobsEn', '/editors']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(303);
      expect(answer.headers.get('location')).toBe(SIGN_IN);
    }
    const api = await get('/api/keystatic/tree');
    expect(api.status).toBe(401);
    const publish = await post('/editors/publish', {});
    expect(publish.status).toBe(401);
    expect(await publish.text()).toContain('Your session has ended');
    // The rest of the site is the site's.
    expect(await (await get('/en')).text()).toBe('the site');
    expect(await (await get('/keystaticish')).text()).toBe('the site');
  });

  test('the sign-in page asks for email and password, and is not cached', async () => {
    const answer = await get(SIGN_IN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await answer.text();
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('autocomplete="current-password"');
  });
});

describe('signing in', () => {
  test('a wrong password or an unknown account (checked at full cost) is refused alike, no cookie', async () => {
    for (const answer of [
      await signIn(ann.email, 'wrong password!!'),
      await signIn('nobody@example.com', ann.password),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await answer.text()).toContain('Wrong email or password.');
    }
  }, 30_000); // full-cost hashes: up to 2.5 s each on a busy 2-core machine

  test('the right password opens a session in an HttpOnly, SameSite=Strict cookie', async () => {
    const answer = await signIn(' ANN@example.com ', ann.password);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/editors');
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^pistelink_editor=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict;/);
    expect(cookie).not.toContain('Secure'); // http://localhost: a browser would not send it back
    const session = cookie.split(';')[0]!;
    expect(await (await get('/editors', session)).text()).toContain('Signed in as Ann Martin');
    // Signed in, the editing screen's page is served, and its API is the build's to answer.
    expect(await (await get('/keystatic', session)).text()).toContain('<title>the screen</title>');
    expect(await (await get('/api/keystatic/tree', session)).text()).toBe('the site');
  });

  test('on an https site the cookie is Secure, under a __Host- name', async () => {
    await new Promise((done) => server.close(done));
    await serve('https://www.example.com');
    const cookie = (await signIn()).headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-pistelink_editor=.*; Secure$/);
  });

  test(`after ${ATTEMPTS_PER_ACCOUNT} attempts on one account, even the right password waits`, async () => {
    for (let i = 0; i < ATTEMPTS_PER_ACCOUNT; i++)
      expect((await signIn(ann.email, `guess number ${i}`)).status).toBe(401);
    const limited = await signIn();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await limited.text()).toContain('Too many sign-in attempts. Try again in 15 minutes.');
    expect(limited.headers.get('set-cookie')).toBeNull();
    time += 15 * 60_000;
    expect((await signIn()).status).toBe(303);
  });

  test(`after ${ATTEMPTS_PER_CLIENT} attempts from one address, every account waits`, async () => {
    const others = Array.from({ length: ATTEMPTS_PER_CLIENT }, (_, i) => `editor${i}@example.com`);
    const otherHash = await hashPassword('their own password', cheap);
    for (const email of others) store.saveAccount(email, email, otherHash);
    for (const email of others)
      expect((await signIn(email, 'a guessed password')).status).toBe(401);
    expect((await signIn()).status).toBe(429);
  });

  test('the password is stored as a scrypt hash of 64 MiB, never as typed', async () => {
    store.saveAccount(ann.email, ann.name, await hashPassword(ann.password));
    const db = new DatabaseSync(dbPath);
    const { password_hash } = db.prepare('SELECT password_hash FROM editors').get() as {
      password_hash: string;
    };
    db.close();
    expect(password_hash).toMatch(/^scrypt\$65536\$8\$2\$[\w+/]{22}==\$[\w+/]{43}=$/);
    expect(password_hash).not.toContain(ann.password);
  }, 30_000); // full-cost hashes: up to 2.5 s each on a busy 2-core machine
});

test('the sign-in page and the editors page (with a result) are valid HTML', async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const { cookie, csrf } = await signedIn();
  await post('/editors/publish', { csrf }, cookie);
  const pages = [
    await (await signIn(ann.email, 'a wrong password')).text(),
    await (await get('/editors', cookie)).text(),
  ];
  expect(pages[1]).toContain('role="status"');
  for (const html of pages) {
    const report = await validator.validateString(html);
    expect(report.results.flatMap((result) => result.messages.map((m) => m.message))).toEqual([]);
  }
});

describe('a session', () => {
  test(`ends after ${IDLE_MINUTES} minutes without a request`, async () => {
    const { cookie } = await signedIn();
    time += (IDLE_MINUTES - 1) * 60_000;
    expect((await get('/editors', cookie)).status).toBe(200); // and the idle time restarts
    time += (IDLE_MINUTES - 1) * 60_000;
    expect((await get('/editors', cookie)).status).toBe(200);
    time += (IDLE_MINUTES + 1) * 60_000;
    expect((await get('/editors', cookie)).headers.get('location')).toBe(SIGN_IN);
    expect((await get('/keystatic', cookie)).headers.get('location')).toBe(SIGN_IN);
  });

  test(`ends ${ABSOLUTE_HOURS} hours after signing in, however busy`, async () => {
    const { cookie } = await signedIn();
    for (let hours = 0; hours < ABSOLUTE_HOURS; hours++) {
      time += 59 * 60_000;
      expect((await get('/editors', cookie)).status).toBe(200);
    }
    time += 2 * 60 * 60_000;
    expect((await get('/api/keystatic/tree', cookie)).status).toBe(401);
  });

  test('ends on signing out, and when the account is removed', async () => {
    const first = await signedIn();
    const out = await post('/editors/sign-out', { csrf: first.csrf }, first.cookie);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await get('/editors', first.cookie)).status).toBe(303);

    const second = await signedIn();
    store.removeAccount(ann.email);
    expect((await get('/editors', second.cookie)).status).toBe(303);
  });
});

describe('publishing needs the session and its page', () => {
  test('a post from another site, without an Origin or without the token is refused', async () => {
    const { cookie, csrf } = await signedIn();
    const fromElsewhere = await post('/editors/publish', { csrf }, cookie, 'https://evil.example');
    expect(fromElsewhere.status).toBe(403);
    expect(await fromElsewhere.text()).toContain('This request did not come from this site.');
    expect((await post('/editors/rollback', { csrf }, cookie, '')).status).toBe(403);
    const noToken = await post('/editors/publish', { csrf: 'x'.repeat(43) }, cookie);
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain('This form is out of date');
    // The session's own page, as a browser posts it: the publish runs and says what happened.
    const published = await post('/editors/publish', { csrf }, cookie);
    expect(published.status).toBe(303);
    expect(await (await get('/editors', cookie)).text()).toContain(
      'Not published: the project is not a git repository',
    );
  });
});

describe('roles', () => {
  const tess = { email: 'tess@example.com', name: 'Tess Team', password: 'a team passphrase here' };

  test('an account made before roles is an editor: it signs in and publishes as before', async () => {
    const oldPath = join(folder, 'before-roles.sqlite');
    const old = new DatabaseSync(oldPath);
    old.exec(`CREATE TABLE editors (email TEXT PRIMARY KEY, name TEXT NOT NULL,
      password_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`);
    old.prepare('INSERT INTO editors VALUES (?, ?, ?, ?)').run(ann.email, ann.name, annHash, 0);
    old.close();
    const migrated = openEditors(oldPath);
    expect(migrated.accounts()).toEqual([{ email: ann.email, name: ann.name, role: 'editor' }]);
    migrated.close();
  });

  test('a team account lands in the inbox, and neither edits nor publishes', async () => {
    store.saveAccount(tess.email, tess.name, await hashPassword(tess.password, cheap), 'team');
    const answer = await signIn(tess.email, tess.password);
    expect(answer.headers.get('location')).toBe('/team');
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get('/keystatic', cookie)).status).toBe(403);
    expect((await get('/api/keystatic/tree', cookie)).status).toBe(403);
    expect((await get('/editors', cookie)).headers.get('location')).toBe('/team');
    // Its token is right, its role is not.
    const csrf = store.session(cookie.split('=')[1]!)!.csrf;
    const published = await post('/editors/publish', { csrf }, cookie);
    expect(published.status).toBe(403);
    expect(await published.text()).toContain('This account does not publish');
    expect((await post('/editors/preview/build', { csrf }, cookie)).status).toBe(403);
  });

  test('an editor lands on the editors’ page; saving an account again keeps its role unless told', async () => {
    expect((await signIn()).headers.get('location')).toBe('/editors');
    store.saveAccount(ann.email, ann.name, annHash, 'admin');
    store.saveAccount(ann.email, 'Ann M.', annHash);
    expect(store.accounts()).toEqual([{ email: ann.email, name: 'Ann M.', role: 'admin' }]);
    expect((await signIn()).headers.get('location')).toBe('/editors');
  });
});

describe('the editing screen', () => {
  test('signed in: its page and scripts, with their own policy, never stored or indexed', async () => {
    const { cookie } = await signedIn();
    for (const path of ['/keystatic', '/keystatic/collection/jobs-en/create']) {
      const answer = await get(path, cookie);
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toContain('<title>the screen</title>');
      expect(answer.headers.get('content-security-policy')).toBe(SCREEN_POLICY);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
    const script = await get('/keystatic/_screen/assets/screen.js', cookie);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe('console.log("the screen")');
    expect(script.headers.get('cache-control')).toMatch(/^private,/);
    expect(
      (await get('/keystatic/_screen/assets/../../../editing-screen/index.html', cookie)).status,
    ).not.toBe(200);
    // Not signed in: nothing of it.
    expect((await get('/keystatic/_screen/assets/screen.js')).status).toBe(303);
  });

  test('the policy lets the screen run its own scripts and styles, and nothing from elsewhere', () => {
    expect(SCREEN_POLICY).toContain("script-src 'self'");
    expect(SCREEN_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(SCREEN_POLICY).toContain("connect-src 'self'");
    expect(SCREEN_POLICY).toContain("frame-ancestors 'none'");
  });

  test('its API writes only from the site itself, even signed in', async () => {
    const { cookie } = await signedIn();
    const write = (origin: string) =>
      fetch(`${url}/api/keystatic/update`, {
        method: 'POST',
        headers: { cookie, origin },
        body: '{}',
      });
    const foreign = await write('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await (await write(url)).text()).toBe('the site');
  });
});

describe('the preview', () => {
  test('an editor who opens it gets the preview build, marked; without a session it is the live site', async () => {
    const { cookie } = await signedIn();
    const open = await get('/editors/preview', cookie);
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe('/en');
    const previewCookie = open.headers.get('set-cookie')!.split(';')[0]!;
    expect(previewCookie).toBe('pistelink_preview=1');

    const page = await get('/fr', `${cookie}; ${previewCookie}`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<h1>Emplois</h1>');
    expect(html).toContain('Aperçu — non publié');
    expect(html).toContain('href="/editors/preview/leave?to=%2Ffr"');
    // The marker's style is allowed by its hash in the page's own policy, the page's kept.
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(html).toContain(`style-src 'self' 'sha256-${hash}' 'sha256-abc='`);

    // The cookie alone (signed out, or a visitor who copied it) is nothing.
    expect(await (await get('/fr', previewCookie)).text()).toBe('the site');
    expect(await (await get('/fr', cookie)).text()).toBe('the site');
  });

  test('leaving it forgets it; a colleague with the link signs in first and lands on it', async () => {
    const leave = await get('/editors/preview/leave?to=/fr');
    expect(leave.headers.get('location')).toBe('/fr');
    expect(leave.headers.get('set-cookie')).toMatch(/^pistelink_preview=; .*Max-Age=0/);
    expect((await get('/editors/preview/leave?to=//evil.example')).headers.get('location')).toBe(
      '/editors',
    );

    const shared = await get('/editors/preview');
    expect(shared.headers.get('location')).toBe(`${SIGN_IN}?next=%2Feditors%2Fpreview`);
    const form = await (await get(shared.headers.get('location')!)).text();
    expect(form).toContain('name="next" value="/editors/preview"');
    const answer = await post(SIGN_IN, { ...ann, next: '/editors/preview' });
    expect(answer.headers.get('location')).toBe('/editors/preview');
    // Never elsewhere than the editors' own pages.
    const away = await post(SIGN_IN, { ...ann, next: 'https://evil.example/' });
    expect(away.headers.get('location')).toBe('/editors');
  });
});
