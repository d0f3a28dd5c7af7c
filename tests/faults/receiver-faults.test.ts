/**
 * The reliability suite (`npm run test:faults`): the real server under the faults and abuse a
 * production operator meets. Needs the e2e build (`npm run build:e2e`); takes about a minute.
 * Its figures go to `dist/faults-report.md` (the table in docs/security.md comes from it).
 *
 * Disk full: a 2 MB tmpfs when the suite runs as root (CI does), and for any user a file size
 * limit (`ulimit -f`, EFBIG) on the server (the unit tests inject a failing write too,
 * tests/unit/forms-faults.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { PARSE_LIMITS } from '../../src/forms/server/receiver';
import { pathTo } from '../../src/i18n/routes';
import { rows } from '../e2e/forms-helpers';
import {
  application,
  freshData,
  json,
  multipart,
  newsletter,
  pageLatency,
  pdfOf,
  startServer,
  type Server,
} from './server';

const report: string[] = [];
const figure = (line: string) => {
  report.push(line);
  console.log(`[faults] ${line}`);
};
afterAll(() => {
  mkdirSync('dist', { recursive: true });
  writeFileSync('dist/faults-report.md', `${report.map((line) => `- ${line}`).join('\n')}\n`);
});

const post = (server: Server, body: BodyInit, headers: Record<string, string> = json) =>
  fetch(`${server.url}/api/forms`, { method: 'POST', headers, body });
const count = (server: Server, table: string) =>
  Number(rows(server.dbPath, `SELECT count(*) AS n FROM ${table}`)[0]!.n);
/** Whether this process may mount a tmpfs (root, and a container that allows it). */
function canMountTmpfs() {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'faults-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false; // the file size limit below still fills a "disk"
  }
}

describe.runIf(canMountTmpfs())('a full disk (2 MB tmpfs)', () => {
  it('refuses the upload with 507, stores nothing and leaves no partial file; the same licence sent once there is room is stored whole', async () => {
    const mount = mkdtempSync(join(tmpdir(), 'faults-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]);
    const data = { ...freshData(), uploadDir: join(mount, 'uploads') };
    const server = await startServer({}, data);
    try {
      const filler = join(mount, 'filler');
      writeFileSync(filler, new Uint8Array(1536 * 1024)); // 0.5 MB left
      const licence = pdfOf(1024 * 1024);
      const full = await post(
        server,
        application('full@example.com', { licence: new File([licence], 'licence.pdf') }),
      );
      figure(`disk full during an upload: answered ${full.status}`);
      expect(full.status).toBe(507);
      expect(await full.json()).toMatchObject({ ok: false, error: 'storageFull' });
      expect(full.headers.get('retry-after')).toBeTruthy();
      expect(count(server, 'instructor_applications')).toBe(0);
      expect(readdirSync(data.uploadDir)).toEqual([]); // no .part, no truncated file
      expect(server.log()).toMatch(/disk is full[\s\S]*ENOSPC/);
      expect(server.log()).not.toMatch(/rollback/i);

      rmSync(filler);
      const again = await post(
        server,
        application('full@example.com', { licence: new File([licence], 'licence.pdf') }),
      );
      expect(again.status).toBe(200);
      const [file] = rows(server.dbPath, 'SELECT stored_name, bytes FROM application_files');
      const stored = readFileSync(join(data.uploadDir, String(file!.stored_name)));
      expect(stored.byteLength).toBe(licence.byteLength);
      expect(`${createHash('sha256').update(stored).digest('hex')}.pdf`).toBe(file!.stored_name);
    } finally {
      await server.stop();
      execFileSync('umount', [mount]);
    }
  });
});

describe('a file size limit (a full disk for any user: ulimit -f)', () => {
  it('refuses the upload with 507 and leaves nothing; without the limit the same licence is stored whole', async () => {
    const data = freshData();
    const licence = pdfOf(1024 * 1024);
    const limited = await startServer({}, data, undefined, 512);
    try {
      const full = await post(
        limited,
        application('limit@example.com', { licence: new File([licence], 'licence.pdf') }),
      );
      figure(`file size limit hit during an upload: answered ${full.status}`);
      expect(full.status).toBe(507);
      expect(count(limited, 'instructor_applications')).toBe(0);
      expect(readdirSync(data.uploadDir)).toEqual([]);
      expect(limited.log()).toMatch(/disk is full[\s\S]*EFBIG/);
    } finally {
      await limited.stop();
    }
    const free = await startServer({}, data);
    try {
      expect(
        (
          await post(
            free,
            application('limit@example.com', { licence: new File([licence], 'licence.pdf') }),
          )
        ).status,
      ).toBe(200);
      const [file] = rows(free.dbPath, 'SELECT stored_name FROM application_files');
      const stored = readFileSync(join(data.uploadDir, String(file!.stored_name)));
      expect(`${createHash('sha256').update(stored).digest('hex')}.pdf`).toBe(file!.stored_name);
    } finally {
      await free.stop();
    }
  });
});

describe('a database locked by another process', () => {
  it('keeps serving pages; posts wait a bounded time, then get 503 with Retry-After, nothing stored and no file left', async () => {
    const server = await startServer();
    try {
      expect((await post(server, newsletter('first@example.com'))).status).toBe(200); // the database exists
      const holder = new DatabaseSync(server.dbPath);
      holder.exec('BEGIN IMMEDIATE'); // as the CLI, a backup or a second server may
      const started = performance.now();
      const posts = [
        newsletter('locked1@example.com'),
        newsletter('locked2@example.com'),
        // Its licence is written before the row fails: removed after the 503.
        application('locked3@example.com', {
          licence: new File([pdfOf(64 * 1024)], 'licence.pdf'),
        }),
      ].map((body) =>
        post(server, body).then((r) => ({
          r,
          ms: performance.now() - started,
        })),
      );
      await new Promise((r) => setTimeout(r, 300));
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) latencies.push(await pageLatency(server));
      const answers = await Promise.all(posts);
      holder.exec('ROLLBACK');
      holder.close();
      const slowest = Math.max(...latencies);
      figure(
        `GET /en while 3 posts wait on a locked database: slowest ${Math.round(slowest)} ms of 5`,
      );
      figure(
        `posts during the lock: ${answers.map(({ r }) => r.status).join(', ')} after ${answers.map(({ ms }) => (ms / 1000).toFixed(1)).join(', ')} s`,
      );
      expect(slowest).toBeLessThan(1000);
      for (const { r, ms } of answers) {
        expect(r.status).toBe(503);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(ms).toBeLessThan(8000);
      }
      expect(count(server, 'newsletter_subscriptions')).toBe(1);
      expect(count(server, 'instructor_applications')).toBe(0);
      await expect.poll(() => readdirSync(server.uploadDir)).toEqual([]);
      expect((await post(server, newsletter('after@example.com'))).status).toBe(200); // and back
    } finally {
      await server.stop();
    }
  });

  it('a lock released within the wait delays the post, which is then stored (200)', async () => {
    const server = await startServer();
    try {
      expect((await post(server, newsletter('first@example.com'))).status).toBe(200);
      const holder = new DatabaseSync(server.dbPath);
      holder.exec('BEGIN IMMEDIATE');
      const answer = post(server, newsletter('delayed@example.com'));
      await new Promise((r) => setTimeout(r, 1000));
      holder.exec('COMMIT');
      holder.close();
      expect((await answer).status).toBe(200);
      expect(count(server, 'newsletter_subscriptions')).toBe(2);
    } finally {
      await server.stop();
    }
  });
});

describe('a slow disk (each commit takes 1.5 s: FORMS_TEST_SLOW_DISK_MS)', () => {
  it('keeps serving pages at once while posts wait for the disk, then stores them (200)', async () => {
    const delayMs = 1500;
    const server = await startServer({ FORMS_TEST_SLOW_DISK_MS: String(delayMs) });
    try {
      const idle: number[] = [];
      for (let i = 0; i < 5; i++) idle.push(await pageLatency(server));
      const started = performance.now();
      const posts = [1, 2].map((i) =>
        post(server, newsletter(`slow${i}@example.com`)).then((r) => ({
          r,
          ms: performance.now() - started,
        })),
      );
      await new Promise((r) => setTimeout(r, 200)); // the first commit is under way
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) latencies.push(await pageLatency(server));
      const answers = await Promise.all(posts);
      const slowest = Math.max(...latencies);
      figure(
        `GET /en while posts wait on a slow disk (${delayMs} ms a commit): slowest ${Math.round(slowest)} ms of 5 (idle: ${Math.round(Math.max(...idle))} ms)`,
      );
      figure(
        `posts on the slow disk: ${answers.map(({ r }) => r.status).join(', ')} after ${answers.map(({ ms }) => (ms / 1000).toFixed(1)).join(', ')} s`,
      );
      // Well under one commit: the pages never waited for the disk.
      expect(slowest).toBeLessThan(delayMs / 3);
      for (const { r, ms } of answers) {
        expect(r.status).toBe(200);
        expect(ms).toBeGreaterThanOrEqual(delayMs);
      }
      expect(count(server, 'newsletter_subscriptions')).toBe(2);
    } finally {
      await server.stop();
    }
  });
});

describe('SIGKILL under load', () => {
  it('loses no acknowledged row, and the restart removes partial files and finds every file whole', async () => {
    const data = freshData();
    const first = await startServer({}, data);
    const acknowledged: string[] = [];
    const sends = Array.from({ length: 60 }, (_, i) => {
      const email = `kill${i}@example.com`;
      const body =
        i % 3
          ? newsletter(email)
          : application(email, { licence: new File([pdfOf(512 * 1024, i)], 'licence.pdf') });
      return post(first, body)
        .then((r) => {
          if (r.status === 200) acknowledged.push(email);
        })
        .catch(() => undefined); // cut by the kill
    });
    // Killed in the middle: some posts answered, others on their way.
    await expect
      .poll(() => acknowledged.length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(10);
    await first.stop('SIGKILL');
    await Promise.all(sends);
    const second = await startServer({}, data, first.port);
    try {
      const stored = new Set(
        rows(
          data.dbPath,
          'SELECT email FROM newsletter_subscriptions UNION ALL SELECT email FROM instructor_applications',
        ).map((r) => String(r.email)),
      );
      figure(
        `SIGKILL during 60 posts: ${acknowledged.length} answered 200, ${acknowledged.filter((e) => !stored.has(e)).length} of them lost`,
      );
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      await expect.poll(() => second.log(), { timeout: 10_000 }).toMatch(/start-up check done/);
      const names = existsSync(data.uploadDir) ? readdirSync(data.uploadDir) : [];
      expect(names.filter((name) => name.endsWith('.part'))).toEqual([]);
      for (const { stored_name } of rows(
        data.dbPath,
        'SELECT stored_name FROM application_files',
      )) {
        const content = readFileSync(join(data.uploadDir, String(stored_name)));
        expect(`${createHash('sha256').update(content).digest('hex')}.pdf`).toBe(stored_name);
      }
    } finally {
      await second.stop();
    }
  });
});

describe('memory at the documented worst case', () => {
  // The largest accepted post: two files at FORMS_MAX_FILE_BYTES (10 MB) in a 21 MB body.
  const maxApplication = (email: string, seed: number) =>
    application(email, {
      licence: new File([pdfOf(10 * 1024 * 1024 - 4096, seed)], 'licence.pdf'),
      cv: new File([pdfOf(10 * 1024 * 1024 - 4096, seed + 1)], 'cv.pdf'),
    });

  for (const [posts, limitMb] of [
    [20, 560],
    [60, 560],
  ] as const) {
    it(`${posts} concurrent maximum-size applications keep the server under ${limitMb} MB, and every answer is 200 or a 503 with Retry-After`, async () => {
      const server = await startServer({ FORMS_RATE_LIMIT: String(posts) });
      try {
        const idle = server.peakMb();
        const started = performance.now();
        const statuses = await Promise.all(
          Array.from({ length: posts }, (_, i) =>
            post(server, maxApplication(`max${i}@example.com`, i)).then(async (r) => {
              await r.arrayBuffer();
              if (r.status === 503) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
              return r.status;
            }),
          ),
        );
        const peak = server.peakMb();
        const ok = statuses.filter((s) => s === 200).length;
        figure(
          `${posts} concurrent 21 MB applications: RSS ${Math.round(idle)} → ${Math.round(peak)} MB, ${ok} × 200, ${statuses.length - ok} × ${[...new Set(statuses.filter((s) => s !== 200))].join('/') || '—'}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        expect(peak).toBeLessThan(limitMb);
        expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
        expect(count(server, 'instructor_applications')).toBe(ok);
      } finally {
        await server.stop();
      }
    }, 180_000);
  }
});

describe('abuse', () => {
  it('a honeypot filled with as many long fields as a post may have stores a row of at most 16 KB', async () => {
    const server = await startServer();
    try {
      const fields: Record<string, string> = {
        'form-name': 'ContactForm',
        'bot-field': 'http://spam.example',
      };
      const many = PARSE_LIMITS.fields - 2;
      for (let i = 0; i < many; i++) fields[`f${i}`] = 'x'.repeat(4000);
      const response = await post(server, multipart(fields));
      expect(response.status).toBe(200);
      const [row] = rows(server.dbPath, 'SELECT length(payload) AS bytes FROM spam_submissions');
      figure(`honeypot post of ${many} fields × 4000 characters: spam row of ${row!.bytes} bytes`);
      expect(Number(row!.bytes)).toBeLessThan(20_000);
    } finally {
      await server.stop();
    }
  });

  it('no input gives a 5xx; the database file is its owner’s only', async () => {
    const server = await startServer();
    try {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
        expect(
          (await post(server, new URLSearchParams({ 'form-name': name, email: 'a@b.co' }))).status,
          name,
        ).toBe(400);
      }
      // A browser without JavaScript, its page's path outside Latin-1: sent back, stored once.
      const plain = await fetch(`${server.url}/api/forms`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          'form-name': 'SubscribeForm',
          email: 'latin@example.com',
          'return-to': '/fr/newsletter/€',
        }),
      });
      expect(plain.status).toBe(303);
      expect(plain.headers.get('location')).toBe('/fr/newsletter/%E2%82%AC#form-sent');
      expect(count(server, 'newsletter_subscriptions')).toBe(1);
      expect(statSync(server.dbPath).mode & 0o077).toBe(0);
      const offsite = await fetch(`${server.url}//en/`, { redirect: 'manual' });
      expect(offsite.headers.get('location') ?? '').not.toMatch(/^\/\//);
      expect((await fetch(`${server.url}/api/forms`)).status).toBe(405);
      // A copy of the form on another site, no JavaScript: a page of ours saying why, not JSON.
      const foreign = await fetch(`${server.url}/api/forms`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        body: new URLSearchParams({ 'form-name': 'ContactForm', locale: 'es' }),
      });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await foreign.text();
      expect(page).toContain('<html lang="es">');
      expect(page).toContain(`${pathTo('contact', 'es')}"`);
    } finally {
      await server.stop();
    }
  });
});
