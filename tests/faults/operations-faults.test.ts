/**
 * The operator's routine and a visitor's (or an attacker's) odd requests, on the real server: a
 * receipt page viewed, then a backup and a restart, lose no acknowledged row; receipt pages and
 * `/healthz` never wait on the database from the event loop; what the site does not use is not
 * served; every field's bounds hold before anything is stored; a post sent twice is stored once;
 * a shutdown is not held by a client that stopped sending. Needs the e2e build.
 */
import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../../src/i18n/routes';
import { rows } from '../e2e/forms-helpers';
import { resortUuids, scenarioUrl, scenarios } from '../e2e/fake-backend-data';
import { bookableRental, resortIds } from '../e2e/site';
import { rentalFields } from '../forms-fixtures';
import { freePort } from '../free-port';
import { freshData, json, newsletter, pageLatency, startServer, type Server } from './server';

const post = (server: Server, body: BodyInit, headers: Record<string, string> = json) =>
  fetch(`${server.url}/api/forms`, { method: 'POST', headers, body, redirect: 'manual' });
const rental = (email: string) => new URLSearchParams(rentalFields(email, bookableRental()));
const count = (dbPath: string, table: string) =>
  Number(rows(dbPath, `SELECT count(*) AS n FROM ${table}`)[0]!.n);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A reservation sent as the island sends it; its booking code. */
async function reserve(server: Server, email: string) {
  const response = await post(server, rental(email));
  expect(response.status).toBe(200);
  return ((await response.json()) as { bookingCode: string }).bookingCode;
}

/** One of the project's commands, as an operator runs it, against this server's database. */
const operatorCommand = (server: Server, script: string, ...args: string[]) =>
  execFileSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
    env: { ...process.env, FORMS_DB_PATH: server.dbPath, FORMS_UPLOAD_DIR: server.uploadDir },
    encoding: 'utf8',
  });

/** The server the tests without a setting, a fault or a restart of their own share. */
let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe('receipt pages, a backup and a restart', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`lose no acknowledged row (receipt views, the CLI and a backup, then ${signal} and a restart)`, async () => {
      const data = freshData();
      const first = await startServer({}, data);
      const codes: string[] = [];
      try {
        codes.push(await reserve(first, 'one@example.com'));
        // The visitor opens their booking: a lookup of the server's own.
        const page = await fetch(`${first.url}/es/booking/${codes[0]}`);
        expect(page.status).toBe(200);
        // The operator's routine while the server runs: the team's list, a backup.
        operatorCommand(first, 'submissions', 'list');
        const backup = join(data.dbPath, '..', 'backup.sqlite');
        expect(operatorCommand(first, 'backup', backup)).toMatch(/integrity check ok/);
        // And Debian's sqlite3, as an operator used it (docs/deploy.md prescribed it): it opens
        // the file read-write, and the last connection to close checkpoints and deletes the
        // -wal, unless the server still holds its lock. It did not, after a receipt view.
        execFileSync('sqlite3', [data.dbPath, `.backup ${backup}.sqlite3`]);
        for (let i = 2; i <= 5; i++) codes.push(await reserve(first, `n${i}@example.com`));
        // The copy holds what was acknowledged before it, and opens on its own.
        expect(count(backup, 'rental_reservations')).toBe(1);
      } finally {
        await first.stop(signal);
      }
      const second = await startServer({}, data, first.port);
      try {
        expect(count(data.dbPath, 'rental_reservations')).toBe(5);
        expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
        for (const code of codes)
          expect((await fetch(`${second.url}/en/booking/${code}`)).status, code).toBe(200);
        expect(statSync(data.dbPath).mode & 0o077).toBe(0);
        expect(statSync(data.uploadDir).mode & 0o077).toBe(0);
      } finally {
        await second.stop();
      }
    });
  }

  it('a backup restored in place of the database serves every booking it holds', async () => {
    const server = await startServer();
    const code = await reserve(server, 'restored@example.com');
    const copy = join(server.dbPath, '..', 'restore-drill.sqlite');
    operatorCommand(server, 'backup', copy);
    await server.stop();
    expect(operatorCommand(server, 'backup', '--verify', copy)).toMatch(
      /whole \(integrity check ok\).*RentalReservationForm 1/,
    );
    const restored = await startServer({}, { dbPath: copy, uploadDir: server.uploadDir });
    try {
      expect((await fetch(`${restored.url}/fr/booking/${code}`)).status).toBe(200);
      expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
    } finally {
      await restored.stop();
    }
  });
});

describe('a database locked by another process during receipt views', () => {
  it('keeps pages fast, and receipts are still read (a reader needs no lock)', async () => {
    const code = await reserve(server, 'locked@example.com');
    const holder = new DatabaseSync(server.dbPath);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const views = Array.from({ length: 5 }, () =>
        fetch(`${server.url}/en/booking/${code}`).then((r) => r.status),
      );
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) latencies.push(await pageLatency(server));
      expect(await Promise.all(views)).toEqual([200, 200, 200, 200, 200]);
      console.log(
        `[faults] GET /en during 5 receipt views, the database locked: median ${Math.round(median(latencies))} ms, slowest ${Math.round(Math.max(...latencies))} ms`,
      );
      expect(median(latencies)).toBeLessThan(100);
      expect(Math.max(...latencies)).toBeLessThan(1000);
      // Health says the truth: a post would not be stored now.
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      const { problem } = (await health.json()) as { problem: string };
      // In plain words, naming no path and quoting no SQLite message.
      expect(problem).toBe('the submissions database is locked by another process');
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('limits lookups per client: walking through codes is stopped with 429', async () => {
    const server = await startServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await fetch(`${server.url}/en/booking/ABCD${1000 + i}`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      const limited = await fetch(`${server.url}/en/booking/ABCD9999`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.text()).toContain('<html lang="en"');
    } finally {
      await server.stop();
    }
  });
});

describe('what the site does not use is not served', () => {
  it('Astro’s image endpoint answers 404 at once, whatever is asked', async () => {
    const before = server.peakMb();
    const answers = await Promise.all(
      [16, 320, 640, 1280, 2000, 3000, 4000, 5000].map((w) =>
        fetch(`${server.url}/_image?href=%2Ffavicon.svg&w=${w}&h=${w}&f=avif&q=100`),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(404));
    expect(await pageLatency(server)).toBeLessThan(1000);
    expect(server.peakMb() - before).toBeLessThan(50);
  });

  it('an encoded separator in a path is a 404, not a redirect to itself', async () => {
    for (const path of ['/en/%2e%2e%2f', '/en/%2E%2E%2F/', '/en/a%2fb', '/%5c%5cevil.example']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
    }
    const missing = await fetch(`${server.url}/en/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });
});

describe('every field within its list or bounds', () => {
  it('a lesson request’s locale must be one of the site’s: never an off-site redirect, never a 5xx', async () => {
    const resort = resortIds[0]!;
    const request = (locale: string) =>
      post(
        server,
        new URLSearchParams({
          'form-name': 'LessonRequestForm',
          locale,
          'return-to': `/en/resorts/${resort}/ski-lessons`,
          where: resort,
          sport: 'ski',
          date: bookableRental().pickUp,
          time: '10:00',
          hours: '2',
          adults: '1',
          lesson: 'private',
          level: 'new',
          language: 'english',
          name: 'Eve Martin',
          email: 'eve.locale@example.com',
          consent: 'yes',
        }),
        {},
      );
    // The same request in a language of the site is taken: only the locale is refused below.
    const taken = await request('fr');
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toMatch(/^\/fr\/request\/[0-9a-f-]{36}$/);
    for (const locale of ['//evil.example', '€', 'en\r\nSet-Cookie: a=b']) {
      const response = await request(locale);
      expect(response.status, locale).toBe(303);
      expect(response.headers.get('location'), locale).toMatch(/^\/en\/resorts\/.*#form-failed$/);
    }
    const stored = rows(
      server.dbPath,
      'SELECT locale FROM lesson_requests WHERE email = ?',
      'eve.locale@example.com',
    );
    expect(stored).toEqual([{ locale: 'fr' }]);
  });

  it('a post of millions of fields is refused before it is parsed, and pages are not held', async () => {
    const body = '&'.repeat(20 * 1024 * 1024 - 1); // 20 MB, about 21 million empty fields
    const manyFields = Buffer.from(`form-name=ContactForm${'&a='.repeat(2_600_000)}`);
    const started = performance.now();
    const answers = await Promise.all([
      post(server, body, { 'content-type': 'application/x-www-form-urlencoded' }),
      post(server, manyFields, { 'content-type': 'application/x-www-form-urlencoded' }),
    ]);
    const latency = await pageLatency(server);
    expect(answers.map((r) => r.status)).toEqual([413, 413]);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(latency).toBeLessThan(1000);
  });
});

describe('a post sent twice', () => {
  it('without JavaScript (a double click) books once and sends both to the same booking', async () => {
    const plain = { accept: 'text/html' };
    const [first, second] = await Promise.all([
      post(server, rental('twice@example.com'), plain),
      post(server, rental('twice@example.com'), plain),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(first.headers.get('location')).toMatch(/^\/es\/booking\/[A-Z0-9]+$/);
    expect(
      rows(
        server.dbPath,
        'SELECT id FROM rental_reservations WHERE email = ?',
        'twice@example.com',
      ),
    ).toHaveLength(1);
  });
});

describe('the live conditions relay', () => {
  let backend: ReturnType<typeof spawn>;
  let backendUrl: URL;
  beforeAll(async () => {
    backendUrl = new URL(`http://localhost:${await freePort()}/graphql`);
    backend = spawn(process.execPath, ['tests/e2e/fake-backend.ts'], {
      env: { ...process.env, BACKEND_GRAPHQL_URL: backendUrl.href },
      stdio: 'ignore',
    });
    for (
      let tries = 0;
      !(await fetch(new URL('/health', backendUrl)).catch(() => null))?.ok;
      tries++
    ) {
      if (tries > 100) throw new Error('the fake backend did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => {
    backend.kill();
  });

  it('drops a huge backend answer unread: the server’s memory stays flat', async () => {
    const server = await startServer({
      BACKEND_GRAPHQL_URL: scenarioUrl(scenarios.huge, { megabytes: '300' }, backendUrl),
    });
    try {
      const before = server.peakMb();
      const response = await fetch(`${server.url}/api/live-conditions/${resortIds[0]}?locale=en`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ live: false, reason: 'tooLarge' });
      console.log(`[faults] relay of a 300 MB answer: peak ${Math.round(server.peakMb())} MB`);
      expect(server.peakMb() - before).toBeLessThan(100);
      expect(Object.keys(resortUuids)).toContain(resortIds[0]);
    } finally {
      await server.stop();
    }
  });
});

describe('a shutdown', () => {
  it('is not held by clients that stopped sending halfway (headers or body): it ends at once, cleanly', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '20' });
    const port = Number(new URL(server.url).port);
    const halfSent = [
      'GET /en HTTP/1.1\r\nHost: localhost\r\nX-Half',
      'POST /api/forms HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nform-name=Subsc',
    ].map(
      (start) =>
        new Promise<void>((resolve) => {
          const socket = connect(port, 'localhost', () => socket.write(start));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve());
          setTimeout(resolve, 500);
        }),
    );
    await Promise.all(halfSent);
    expect((await post(server, newsletter('during@example.com'))).status).toBe(200);
    const started = performance.now();
    const exit = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    const code = await exit;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[faults] SIGTERM with 2 half-sent requests: exit ${code} after ${seconds.toFixed(1)} s`,
    );
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
  });
});

describe('headers an auditor checks', () => {
  it('every answer isolates its window and its files from other sites (COOP, CORP)', async () => {
    for (const path of ['/en', '/favicon.svg', pathTo('contact', 'fr'), '/healthz']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });
});
