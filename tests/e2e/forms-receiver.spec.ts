/**
 * The form receiver, called directly as any client could: the real server, its SQLite file.
 */
import { eventually } from '../eventually';
import { freePort } from '../free-port';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import {
  contactKeptAsSpam,
  freshData,
  pdfBytes,
  unwritableData,
  rows,
  sharedDbPath,
  startServer,
  uniqueEmail,
  type OwnServer,
} from './forms-helpers';
import { applicationFields, contactMessageFields, multipart } from '../forms-fixtures';

test.describe('the receiver on the shared server', () => {
  test('a newsletter subscription (form-encoded) is on disk when the answer is 200, once per address', async ({
    request,
  }) => {
    const email = uniqueEmail('news');
    for (const address of [email, email.toUpperCase()]) {
      const response = await request.post('/api/forms', {
        form: { 'form-name': 'SubscribeForm', email: address },
        headers: { accept: 'application/json' },
      });
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    expect(
      rows(
        sharedDbPath(),
        'SELECT email FROM newsletter_subscriptions WHERE email_key = ?',
        email.toLowerCase(),
      ),
    ).toEqual([{ email }]);
  });

  test('a contact message (multipart, Accept JSON) is stored', async ({ request }) => {
    const email = uniqueEmail('contact');
    const response = await request.post('/api/forms', {
      multipart: contactMessageFields(email),
      headers: { accept: 'application/json' },
    });
    expect(response.status(), await response.text()).toBe(200);
    expect(
      rows(sharedDbPath(), 'SELECT name, title FROM contact_messages WHERE email = ?', email),
    ).toEqual([{ name: 'Marta García', title: 'Group lessons' }]);
  });

  test('a filled honeypot is answered like a success and stored as spam only', async ({
    request,
  }) => {
    const email = uniqueEmail('bot');
    const response = await request.post('/api/forms', {
      multipart: contactMessageFields(email, { 'bot-field': 'http://spam.example' }),
      headers: { accept: 'application/json' },
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(contactKeptAsSpam(email)).toEqual({ messages: 0, spam: ['ContactForm'] });
  });

  test('an application with its licence is stored, the file named by its hash', async ({
    request,
  }) => {
    const email = uniqueEmail('apply');
    const response = await request.post('/api/forms', {
      multipart: {
        ...applicationFields(email),
        licence: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: pdfBytes },
      },
      headers: { accept: 'application/json' },
    });
    expect(response.status()).toBe(200);
    const files = rows(
      sharedDbPath(),
      'SELECT f.field, f.media_type, f.stored_name FROM application_files f JOIN instructor_applications a ON a.id = f.application_id WHERE a.email = ?',
      email,
    );
    expect(files).toEqual([
      {
        field: 'licence',
        media_type: 'application/pdf',
        stored_name: expect.stringMatching(/^[0-9a-f]{64}\.pdf$/),
      },
    ]);
  });
});

test.describe('bad input straight at the receiver: a clear 4xx and nothing stored', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startServer(await freePort(), {
      FORMS_MAX_FILE_BYTES: String(1024 * 1024),
      FORMS_MAX_BODY_BYTES: String(3 * 1024 * 1024),
    });
    // The server serves pages before its store has written the database (its own thread): on a
    // busy machine the first case read a file not made yet.
    await eventually('the receiver’s tables', () =>
      tables.every((table) => {
        try {
          return rows(server.dbPath, `SELECT count(*) AS n FROM ${table}`).length === 1;
        } catch {
          return false;
        }
      }),
    );
  });
  test.afterAll(() => server.stop());

  const tables = [
    'newsletter_subscriptions',
    'contact_messages',
    'instructor_applications',
    'application_files',
    'spam_submissions',
  ];
  const nothingStored = () => {
    for (const table of tables) {
      expect(rows(server.dbPath, `SELECT count(*) AS n FROM ${table}`), table).toEqual([{ n: 0 }]);
    }
  };
  const json = { accept: 'application/json' };
  /** A post to the receiver asking for JSON, with the body's own content type or the one given. */
  const post = (body: BodyInit, contentType?: string) => (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: contentType ? { ...json, 'content-type': contentType } : json,
      body,
    });

  const cases: [string, (url: string) => Promise<Response>, number, string][] = [
    [
      'malformed multipart',
      post('--zzz\r\nbroken', 'multipart/form-data; boundary=zzz'),
      400,
      'malformed',
    ],
    [
      'an unknown form-name',
      post(new URLSearchParams({ 'form-name': 'BookingForm', email: 'a@b.co' })),
      400,
      'unknownForm',
    ],
    [
      'the wrong content type',
      post('{"form-name":"SubscribeForm"}', 'application/json'),
      415,
      'unsupportedMediaType',
    ],
    ['an empty body', post('', 'application/x-www-form-urlencoded'), 400, 'emptyBody'],
    [
      'over-long fields',
      post(
        multipart(
          contactMessageFields('m@c.fr', { title: 'x'.repeat(151), message: 'y'.repeat(5001) }),
        ),
      ),
      400,
      'invalid',
    ],
    ['a missing licence', post(multipart(applicationFields('a@b.co'))), 400, 'invalid'],
    [
      'a text file renamed .pdf',
      post(
        multipart({
          ...applicationFields('a@b.co'),
          licence: new File(['I am text'], 'licence.pdf', { type: 'application/pdf' }),
        }),
      ),
      400,
      'invalid',
    ],
    [
      'an oversize file',
      post(
        multipart({
          ...applicationFields('a@b.co'),
          licence: new File([pdfBytes, new Uint8Array(1024 * 1024)], 'big.pdf', {
            type: 'application/pdf',
          }),
        }),
      ),
      413,
      'fileTooLarge',
    ],
    [
      'a body over the cap',
      post(
        multipart({
          ...applicationFields('a@b.co'),
          licence: new File([new Uint8Array(4 * 1024 * 1024)], 'huge.pdf'),
        }),
      ),
      413,
      'tooLarge',
    ],
  ];

  for (const [name, send, status, error] of cases) {
    test(name, async () => {
      const response = await send(`${server.url}/api/forms`);
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body).toMatchObject({ ok: false, error, message: expect.any(String) });
      if (error === 'invalid' || error === 'fileTooLarge')
        expect(Object.keys(body.errors).length).toBeGreaterThan(0);
      nothingStored();
    });
  }

  test('the field errors name the problem', async () => {
    const response = await fetch(`${server.url}/api/forms`, {
      method: 'POST',
      headers: json,
      body: multipart({
        ...applicationFields('a@b.co'),
        licence: new File(['I am text'], 'licence.pdf', { type: 'application/pdf' }),
      }),
    });
    expect((await response.json()).errors).toEqual({
      licence: { code: 'licence.type', message: 'The licence must be a PDF, JPEG or PNG file.' },
    });
  });
});

test.describe('abuse and failure', () => {
  test('a client over the rate limit gets 429 with Retry-After', async () => {
    const server = await startServer(await freePort(), {
      FORMS_RATE_LIMIT: '3',
      FORMS_RATE_WINDOW_SECONDS: '600',
    });
    try {
      const send = () =>
        fetch(`${server.url}/api/forms`, {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: new URLSearchParams({ 'form-name': 'SubscribeForm', email: uniqueEmail() }),
        });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(rows(server.dbPath, 'SELECT count(*) AS n FROM newsletter_subscriptions')).toEqual([
        { n: 3 },
      ]);
    } finally {
      await server.stop();
    }
  });

  test('a database that cannot be written answers 500, and the site still serves pages', async () => {
    const server = await startServer(await freePort(), {}, unwritableData());
    try {
      const response = await fetch(`${server.url}/api/forms`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ 'form-name': 'SubscribeForm', email: 'a@b.co' }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ ok: false, error: 'server' });
      expect((await fetch(`${server.url}/en/contact`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

test.describe('answers a browser can trust', () => {
  test('GET on the receiver says which methods it takes (405, Allow), not a 404 page', async ({
    request,
  }) => {
    const response = await request.get('/api/forms');
    expect(response.status()).toBe(405);
    expect(response.headers()['allow']).toBe('POST, OPTIONS');
  });

  test('a path with a doubled leading slash is redirected on the site, never to another host', async ({
    baseURL,
  }) => {
    // Sent as is (a URL parser would read `//en/` as the host `en`), as a link `//en/` is not.
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${baseURL}/`, { path: '//en/' }, (response) => resolve(response.resume()))
        .on('error', reject);
    });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/en');
  });
});

test.describe('no submission is lost', () => {
  test('200 concurrent valid submissions make 200 rows', async () => {
    test.setTimeout(60_000);
    const server = await startServer(await freePort());
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          fetch(`${server.url}/api/forms`, {
            method: 'POST',
            headers: { accept: 'application/json' },
            body:
              i % 2
                ? new URLSearchParams({
                    'form-name': 'SubscribeForm',
                    email: `load${i}@example.com`,
                  })
                : multipart({
                    'form-name': 'ContactForm',
                    name: 'Load Test',
                    email: `load${i}@example.com`,
                    title: `Message ${i}`,
                    message: 'Concurrent',
                  }),
          }).then((r) => r.status),
        ),
      );
      expect(answers.filter((s) => s === 200)).toHaveLength(200);
      const total = rows(
        server.dbPath,
        'SELECT (SELECT count(*) FROM newsletter_subscriptions) + (SELECT count(*) FROM contact_messages) AS n',
      );
      expect(total).toEqual([{ n: 200 }]);
    } finally {
      await server.stop();
    }
  });

  test('a row answered 200 survives the server being killed (SIGKILL) at once', async () => {
    const data = freshData();
    const port = await freePort();
    const first = await startServer(port, {}, data);
    const email = uniqueEmail('kill');
    const response = await fetch(`${first.url}/api/forms`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ 'form-name': 'SubscribeForm', email }),
    });
    expect(response.status).toBe(200);
    await first.stop('SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');

    const second = await startServer(port, {}, data);
    try {
      expect(rows(data.dbPath, 'SELECT email FROM newsletter_subscriptions')).toEqual([{ email }]);
    } finally {
      await second.stop();
    }
  });
});
