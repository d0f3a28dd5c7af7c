/**
 * The receiver under faults and abuse, in process and in seconds (the real server under the same
 * faults: tests/faults, `npm run test:faults`). A full disk is an injected write failure here.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishMessage } from '../../src/forms/messages';
import {
  createReceiver,
  PARSE_LIMITS,
  type ReceiverSettings,
} from '../../src/forms/server/receiver';
import { OTHER_RESORT } from '../../src/forms/schemas';
import { purgeExpiredSpam, sweepOrphanUploads } from '../../src/forms/server/retention';
import { openStore, type SubmissionStore } from '../../src/forms/server/store';
import { inThisThread } from '../../src/forms/server/store-access';
import { refusedOriginPage } from '../../src/forms/server/refused-origin-page';
import { config } from '../../src/config';
import { pathTo } from '../../src/i18n/routes';
import { useTranslations } from '../../src/i18n/translate';
import { checkUploads, type UploadIo } from '../../src/forms/server/uploads';
import {
  applicationFields,
  contactMessageFields,
  contentResortIds,
  multipart,
} from '../forms-fixtures';

const URL_ = 'http://site.test/api/forms';
const PDF = new Uint8Array([
  0x25,
  0x50,
  0x44,
  0x46,
  0x2d,
  0x31,
  0x2e,
  0x37,
  ...new Uint8Array(4000).fill(7),
]);
const resortIds = contentResortIds();

let dir: string;
let dbPath: string;
let uploadDir: string;
let store: SubmissionStore;
let errors: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'forms-faults-'));
  dbPath = join(dir, 'db', 'submissions.sqlite');
  uploadDir = join(dir, 'uploads');
  store = openStore(dbPath, { busyTimeoutMs: 5 });
  errors = [];
  vi.spyOn(console, 'error').mockImplementation(
    (...args: unknown[]) => void errors.push(args.map(String).join(' ')),
  );
});
afterEach(() => {
  store.close();
  vi.restoreAllMocks();
});

function receiver(overrides: Partial<ReceiverSettings> = {}) {
  return createReceiver({
    maxFileBytes: 10_000,
    maxBodyBytes: 50_000,
    rateLimit: { max: 1000, windowSeconds: 60 },
    uploadDir,
    allowedOrigins: [],
    store: inThisThread(() => store),
    describe: englishMessage,
    resortIds,
    ...overrides,
  });
}

const json = { accept: 'application/json' };
const post = (body: BodyInit, headers: Record<string, string> = json) =>
  new Request(URL_, { method: 'POST', body, headers });
const application = (extra: Record<string, string | Blob> = {}) =>
  multipart({
    ...applicationFields('ana@example.es'),
    licence: new File([PDF], 'licence.pdf'),
    ...extra,
  });
const contact = (extra: Record<string, string> = {}) =>
  multipart(contactMessageFields('marta@example.es', extra));
const newsletter = (email: string) => new URLSearchParams({ 'form-name': 'SubscribeForm', email });
const uploads = () => (existsSync(uploadDir) ? readdirSync(uploadDir) : []);

describe('a full disk while a file is written (injected)', () => {
  /** Accepts `room` bytes in short writes, then fails as a full disk does. */
  const diskWithRoom = (room: number): UploadIo => ({
    async write(handle, bytes, position) {
      if (position >= room)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      const count = Math.min(bytes.byteLength, room - position, 1000);
      return (await handle.write(bytes, 0, count, position)).bytesWritten;
    },
  });

  it('answers 507 with Retry-After, stores no row, leaves no file, and logs the disk as the cause', async () => {
    const response = await receiver({ uploadIo: diskWithRoom(2500) })(post(application()), 'x');
    expect(response.status).toBe(507);
    expect(await response.json()).toMatchObject({ ok: false, error: 'storageFull' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(store.list('InstructorApplicationForm')).toEqual([]);
    expect(uploads()).toEqual([]);
    expect(errors.join('\n')).toMatch(/disk is full[\s\S]*ENOSPC/);
  });

  it('with room again, the same licence is stored whole (a damaged copy under its name is replaced)', async () => {
    expect(
      (await receiver({ uploadIo: diskWithRoom(2500) })(post(application()), 'x')).status,
    ).toBe(507);
    const name = `${createHash('sha256').update(PDF).digest('hex')}.pdf`;
    writeFileSync(join(uploadDir, name), PDF.subarray(0, 100)); // a truncated file, as the old code left
    expect((await receiver()(post(application()), 'x')).status).toBe(200);
    expect(readFileSync(join(uploadDir, name))).toEqual(Buffer.from(PDF));
  });
});

describe('the start-up check of the uploads', () => {
  it('removes temporary files and lists files whose content does not match their name', async () => {
    expect((await receiver()(post(application()), 'x')).status).toBe(200);
    const [stored] = uploads();
    writeFileSync(join(uploadDir, `${stored}.123.456.abc.part`), 'half');
    writeFileSync(join(uploadDir, stored!), 'truncated');
    expect(await checkUploads(uploadDir)).toEqual({
      removedParts: [`${stored}.123.456.abc.part`],
      damaged: [stored],
    });
    expect(uploads()).toEqual([stored]);
  });
});

describe('a post whose row is not stored after its file was written', () => {
  /**
   * The real store, failing each insert after the files were written (a fault of the database);
   * `cleanups`: the receiver's removals of the files (it does not wait for them to answer).
   */
  let cleanups: Promise<boolean>[];
  const failingInsert = () => {
    const real = inThisThread(() => store);
    cleanups = [];
    return {
      ...real,
      insert: async () => {
        throw new Error('the database failed');
      },
      removeUnreferencedUpload: (...args: Parameters<typeof real.removeUnreferencedUpload>) => {
        const removal = real.removeUnreferencedUpload(...args);
        cleanups.push(removal);
        return removal;
      },
    };
  };
  const licenceName = `${createHash('sha256').update(PDF).digest('hex')}.pdf`;

  it('removes the file it wrote', async () => {
    const response = await receiver({ store: failingInsert() })(post(application()), 'x');
    expect(response.status).toBe(500);
    expect(store.list('InstructorApplicationForm')).toEqual([]);
    await vi.waitFor(() => expect(uploads()).toEqual([]));
  });

  it('keeps it when another application refers to the same content', async () => {
    expect((await receiver()(post(application()), 'x')).status).toBe(200);
    // Missing from disk (a restore), so the next post (another sender's) writes it again, then fails.
    rmSync(join(uploadDir, licenceName));
    const response = await receiver({ store: failingInsert() })(post(application()), 'y');
    expect(response.status).toBe(500);
    expect(await Promise.all(cleanups)).toEqual([false]);
    expect(uploads()).toEqual([licenceName]);
    expect(readFileSync(join(uploadDir, licenceName))).toEqual(Buffer.from(PDF));
  });

  it('the orphan sweep removes old files no application refers to, never one that is referred to or recent', async () => {
    expect((await receiver()(post(application()), 'x')).status).toBe(200);
    const orphan = `${'a'.repeat(64)}.pdf`;
    const recent = `${'b'.repeat(64)}.pdf`;
    writeFileSync(join(uploadDir, orphan), PDF);
    writeFileSync(join(uploadDir, recent), PDF);
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [orphan, licenceName]) utimesSync(join(uploadDir, name), hourAgo, hourAgo);
    expect(sweepOrphanUploads(store, uploadDir, 60 * 60 * 1000)).toEqual([orphan]);
    expect(uploads().sort()).toEqual([licenceName, recent].sort());
  });
});

describe('a database locked by another process', () => {
  it('answers 503 with Retry-After within the wait, stores nothing, and never blocks the event loop', async () => {
    const holder = new DatabaseSync(dbPath);
    holder.exec('BEGIN IMMEDIATE');
    let longestPause = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestPause = Math.max(longestPause, performance.now() - last);
      last = performance.now();
    }, 5);
    const started = performance.now();
    // A wait long enough that SQLite blocking the event loop for it (as its own busy timeout did)
    // stands clear of the pauses a busy machine gives any process.
    const dbWaitMs = 1500;
    const response = await receiver({ dbWaitMs })(post(newsletter('locked@example.com')), 'x');
    const waited = performance.now() - started;
    clearInterval(ticker);
    holder.exec('ROLLBACK');
    holder.close();
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(waited).toBeGreaterThan(dbWaitMs * 0.75);
    expect(waited).toBeLessThan(dbWaitMs + 2000);
    // SQLite's own wait would block the loop for the whole wait (5 s before).
    expect(longestPause).toBeLessThan(dbWaitMs / 2);
    expect(store.list('SubscribeForm')).toEqual([]);
  });
});

describe('large posts, a few at a time', () => {
  it('a large post waits for a place, and gets 503 with Retry-After when none comes free', async () => {
    const receive = receiver({
      largePosts: { concurrent: 1, thresholdBytes: 100, waitMs: 200, queue: 5 },
    });
    let finish!: () => void;
    // A body that has started and not finished, as a slow upload: it holds the only place.
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode('form-name=SubscribeForm&email=slow%40example.com'),
        );
        finish = () => controller.close();
      },
    });
    const first = receive(
      new Request(URL_, {
        method: 'POST',
        body: slow,
        headers: { ...json, 'content-type': 'application/x-www-form-urlencoded' },
        duplex: 'half',
      } as RequestInit),
      'a',
    );
    const second = await receive(post(application()), 'b');
    expect(second.status).toBe(503);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    finish();
    expect((await first).status).toBe(200);
    expect((await receive(post(application()), 'b')).status).toBe(200);
  });
});

describe('no input gives a 5xx', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a form-name of %s is an unknown form (400)',
    async (name) => {
      const response = await receiver()(
        post(new URLSearchParams({ 'form-name': name, email: 'a@b.co' })),
        'x',
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'unknownForm' });
    },
  );

  it('a return-to outside Latin-1 is percent-encoded: the browser is sent back, the row stored once', async () => {
    const plain = new Request(URL_, {
      method: 'POST',
      body: new URLSearchParams({
        'form-name': 'SubscribeForm',
        email: 'e@b.co',
        'return-to': '/fr/été/€',
      }),
    });
    const response = await receiver()(plain, 'x');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/%C3%A9t%C3%A9/%E2%82%AC#form-sent');
    expect(store.list('SubscribeForm')).toHaveLength(1);
  });
});

describe('control characters', () => {
  it.each([
    ['NUL in a name', { name: 'Marta\u0000 García' }, 'name'],
    ['ESC in a title', { title: 'Hi \u001b[2J' }, 'title'],
    ['a line break in a title', { title: 'Hi\r\nBcc: x@y.z' }, 'title'],
    ['ESC in a message', { message: 'Hello \u001b]0;owned\u0007' }, 'message'],
    ['a C1 control in a message', { message: 'Hello \u009b31m' }, 'message'],
  ])('%s is refused (400, the field named)', async (_, extra, field) => {
    const response = await receiver()(post(contact(extra)), 'x');
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field].code).toBe(`${field}.invalid`);
    expect(store.list('ContactForm')).toEqual([]);
  });

  it('free text keeps its line breaks', async () => {
    expect(
      (await receiver()(post(contact({ message: 'Line one\r\nLine two\nLine three' })), 'x'))
        .status,
    ).toBe(200);
    // (multipart sends every line break as CRLF)
    expect(store.list('ContactForm')[0]!.message).toBe('Line one\r\nLine two\r\nLine three');
  });
});

describe('references to the content', () => {
  it('a resort id the content does not have is refused on the resort field', async () => {
    const response = await receiver()(post(application({ resort: 'no-such-resort' })), 'x');
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      resort: { code: 'resort.required', message: expect.any(String) },
    });
    expect(uploads()).toEqual([]);
  });

  it('an application may name another resort instead, kept with its name and country', async () => {
    const other = { resort: OTHER_RESORT, resortName: 'Cerro Catedral', country: 'AR' };
    expect((await receiver()(post(application(other)), 'x')).status).toBe(200);
    expect(store.list('InstructorApplicationForm')).toMatchObject([
      { resort: OTHER_RESORT, resort_name: 'Cerro Catedral', country: 'AR' },
    ]);
  });
});

describe('the honeypot', () => {
  it('keeps at most 16 KB of a bot’s post, and its rows are purged after the retention', async () => {
    const fields: Record<string, string> = {
      'form-name': 'ContactForm',
      'bot-field': 'http://spam',
    };
    // As many fields as a post may have, each long: far more than the row keeps.
    for (let i = 0; i < PARSE_LIMITS.fields - 2; i++) fields[`f${i}`] = 'x'.repeat(400);
    let clock = new Date('2026-01-01T00:00:00Z');
    const receive = receiver({ maxBodyBytes: 1_000_000, now: () => clock });
    expect((await receive(post(multipart(fields)), 'x')).status).toBe(200);
    clock = new Date('2026-02-20T00:00:00Z');
    expect((await receive(post(multipart(fields)), 'x')).status).toBe(200);
    expect(
      Math.max(...store.list('spam').map((row) => String(row.payload).length)),
    ).toBeLessThanOrEqual(16_500);
    expect(purgeExpiredSpam(store, 30, new Date('2026-03-01T00:00:00Z'))).toBe(1);
    expect(store.list('spam')).toHaveLength(1);
  });
});

describe('the cost of reading a post', () => {
  it('refuses more fields than any form has before parsing them, multipart or form-encoded', async () => {
    const many: Record<string, string> = { 'form-name': 'ContactForm' };
    for (let i = 0; i < PARSE_LIMITS.fields; i++) many[`f${i}`] = '';
    const receive = receiver({ maxBodyBytes: 1_000_000 });
    for (const body of [multipart(many), new URLSearchParams(many)]) {
      const response = await receive(post(body), 'x');
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: 'tooManyFields' });
    }
    expect(store.list('spam')).toHaveLength(0);
  });

  it('refuses a form-encoded body larger than a form without files can be, before reading it', async () => {
    const big = new URLSearchParams({ 'form-name': 'ContactForm', message: 'x'.repeat(300_000) });
    const response = await receiver({ maxBodyBytes: 21_000_000 })(post(big), 'x');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'tooLarge' });
  });
});

describe('a browser without JavaScript refused before its form was read', () => {
  const plain = (headers: Record<string, string>, body: BodyInit = newsletter('p@b.co')) =>
    new Request(URL_, {
      method: 'POST',
      body,
      headers: { referer: 'http://site.test/es/newsletter?x=1', ...headers },
    });

  it('is sent back to the page it came from, with the failure shown (415, 413, 429)', async () => {
    const receive = receiver({ rateLimit: { max: 3, windowSeconds: 60 }, maxBodyBytes: 100 });
    const unsupported = await receive(plain({ 'content-type': 'text/plain' }, 'x'), 'x');
    const tooLarge = await receive(plain({}, newsletter(`${'x'.repeat(200)}@b.co`)), 'x');
    await receive(plain({}), 'x');
    const limited = await receive(plain({}), 'x');
    for (const [response, status] of [
      [unsupported, 415],
      [tooLarge, 413],
      [limited, 429],
    ] as const) {
      expect(response.status, String(status)).toBe(303);
      expect(response.headers.get('location')).toBe('/es/newsletter#form-failed');
    }
  });

  it('is never sent to another site’s page', async () => {
    const response = await receiver()(
      plain({ referer: 'https://evil.example/x', 'content-type': 'text/plain' }, 'x'),
      'x',
    );
    expect(response.status).toBe(415);
  });
});

describe('a browser without JavaScript posting from another site', () => {
  const foreign = (headers: Record<string, string>, body: BodyInit) =>
    new Request(URL_, {
      method: 'POST',
      body,
      headers: { origin: 'https://evil.example', referer: 'https://evil.example/x', ...headers },
    });

  it('gets a page of ours in its language, saying why, with a link to the form on our site', async () => {
    const receive = receiver({ refusedOriginPage });
    const fr = useTranslations('fr');
    const response = await receive(
      foreign(
        {},
        new URLSearchParams({ 'form-name': 'SubscribeForm', email: 'a@b.co', locale: 'fr' }),
      ),
      'x',
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<h1>${fr('forms.refusedOrigin.title')}</h1>`);
    expect(html).toContain(`href="${new URL(pathTo('newsletter', 'fr'), config.siteUrl).href}"`);
    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => m.message))).toEqual([]);
    expect(store.list('SubscribeForm')).toEqual([]);

    // Its form's language unknown (a large post is not read): the browser's languages.
    const es = await receive(
      foreign(
        { 'accept-language': 'es-ES,es;q=0.9', 'content-type': 'text/plain' },
        'x'.repeat(100_000),
      ),
      'x',
    );
    expect(es.status).toBe(403);
    const esHtml = await es.text();
    expect(esHtml).toContain('<html lang="es">');
    expect(esHtml).toContain(`href="${new URL(pathTo('home', 'es'), config.siteUrl).href}"`);
  });

  it('a JavaScript client still gets JSON', async () => {
    const response = await receiver({ refusedOriginPage })(
      foreign(json, newsletter('a@b.co')),
      'x',
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: 'forbiddenOrigin' });
  });
});

describe('the database file', () => {
  it('is readable by its owner only', () => {
    expect(statSync(dbPath).mode & 0o777).toBe(0o600);
  });
});

describe('the team CLI', () => {
  it('never writes a raw control character to the terminal (list, JSON, CSV)', () => {
    store.insert('ContactForm', {
      name: 'Evil \u001b[2J',
      email: 'e@x.co',
      title: 'CSI \u009b31m',
      message: 'a\r\nb',
      created_at: new Date().toISOString(),
    });
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['scripts/submissions.mjs', ...args], {
        env: { ...process.env, FORMS_DB_PATH: dbPath },
        encoding: 'utf8',
      });
    for (const output of [
      run('list', '--form', 'contact'),
      run('export', '--form', 'contact'),
      run('export', '--form', 'contact', '--format', 'csv'),
    ]) {
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(output).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(output).toContain('\\u001b');
    }
    expect(JSON.parse(run('export', '--form', 'contact'))[0].title).toBe('CSI \u009b31m'); // still valid JSON, same text

    // Four runs of the command, each a Node process loading the forms' definitions: seconds on a busy machine.
  }, 30_000);

  it('says which newsletter subscriptions are confirmed, and never shows a confirmation token’s hash', () => {
    const at = new Date().toISOString();
    const subscription = (email: string, confirmed: boolean) =>
      store.insert('SubscribeForm', {
        email,
        email_key: email,
        token_hash: confirmed ? null : `hash-of-${email}`,
        confirmed_at: confirmed ? at : null,
        created_at: at,
      });
    subscription('yes@example.fr', true);
    subscription('pending@example.fr', false);
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['scripts/submissions.mjs', ...args], {
        env: { ...process.env, FORMS_DB_PATH: dbPath },
        encoding: 'utf8',
      });
    const exported = JSON.parse(run('export', '--form', 'newsletter')) as Record<string, unknown>[];
    expect(exported.map((row) => [row.email, row.confirmed_at])).toEqual([
      ['yes@example.fr', at],
      ['pending@example.fr', null],
    ]);
    expect(exported.every((row) => !('token_hash' in row))).toBe(true);
    expect(run('list')).toMatch(/SubscribeForm\s*│\s*2\s*│\s*1\b/);
  }, 30_000);
});
