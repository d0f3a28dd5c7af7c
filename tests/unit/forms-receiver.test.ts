import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { englishMessage } from '../../src/forms/messages';
import { createReceiver, type ReceiverSettings } from '../../src/forms/server/receiver';
import { sharedHistory, openStore, type SubmissionStore } from '../../src/forms/server/store';
import { inThisThread } from '../../src/forms/server/store-access';
import { purgeExpiredFiles, purgeExpiredRows } from '../../src/forms/server/retention';
import { contact as contactForm } from '../../src/forms/contact';
import { sniffFileType } from '../../src/forms/server/uploads';
import { applicationFields, contactMessageFields, multipart } from '../forms-fixtures';

const URL_ = 'http://site.test/api/forms';
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]);

let store: SubmissionStore;
let uploadDir: string;

function receiver(overrides: Partial<ReceiverSettings> = {}) {
  return createReceiver({
    maxFileBytes: 1000,
    maxBodyBytes: 5000,
    rateLimit: { max: 1000, windowSeconds: 60 },
    uploadDir,
    allowedOrigins: ['https://www.partner.example'],
    store: inThisThread(() => store),
    describe: englishMessage,
    ...overrides,
  });
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', body, headers: { accept: 'application/json', ...headers } });
const applicant = applicationFields('ana@example.es');
// Sent as any file: the receiver must recognise the PDF by its bytes, not by what the client says.
const application = (extra: Record<string, string | Blob> = {}) =>
  multipart({
    ...applicant,
    licence: new File([PDF], 'licence.pdf', { type: 'application/octet-stream' }),
    ...extra,
  });
const contact = (extra: Record<string, string> = {}) =>
  multipart(contactMessageFields('marta@example.es', extra));
const countAll = () =>
  ['SubscribeForm', 'ContactForm', 'InstructorApplicationForm', 'spam'].reduce(
    (n, f) => n + store.list(f as 'spam').length,
    0,
  );

beforeEach(() => {
  store = openStore(':memory:');
  uploadDir = mkdtempSync(join(tmpdir(), 'forms-unit-'));
});

describe('form receiver', () => {
  it('stores a newsletter subscription sent form-encoded', async () => {
    const response = await receiver()(
      post(new URLSearchParams({ 'form-name': 'SubscribeForm', email: 'Ski@Example.com' })),
      '1.1.1.1',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(store.list('SubscribeForm')).toMatchObject([
      { email: 'Ski@Example.com', email_key: 'ski@example.com', client: '1.1.1.1' },
    ]);
  });

  it('keeps one subscription per address, whatever its case', async () => {
    const receive = receiver();
    for (const email of ['ski@example.com', 'SKI@example.COM']) {
      expect(
        (await receive(post(new URLSearchParams({ 'form-name': 'SubscribeForm', email })), 'x'))
          .status,
      ).toBe(200);
    }
    expect(store.list('SubscribeForm')).toHaveLength(1);
  });

  it('answers per-field codes and English messages, and stores nothing', async () => {
    const response = await receiver()(
      post(multipart(contactMessageFields('bob@x', { name: 'Bob', message: '' }))),
      'x',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      error: 'invalid',
      message: 'Some fields are not valid.',
      errors: {
        name: { code: 'name.invalid', message: 'Name is not valid.' },
        email: { code: 'email.invalid', message: 'Email is not valid.' },
        message: { code: 'message.invalid', message: 'Message is not valid.' },
      },
    });
    expect(countAll()).toBe(0);
  });

  it('stores an application and its licence by content hash, recognised by its bytes', async () => {
    const response = await receiver()(
      post(application({ cv: new File([PNG], 'cv.png', { type: 'image/png' }) })),
      'x',
    );
    expect(response.status).toBe(200);
    const [row] = store.list('InstructorApplicationForm');
    expect(row).toMatchObject({
      firstname: applicant.firstname,
      years_taught: Number(applicant.years),
      licence_type: applicant.licenceType,
      adult_confirmed: 1,
    });
    const files = store.filesOf(Number(row!.id));
    expect(files).toMatchObject([
      {
        field: 'licence',
        media_type: 'application/pdf',
        bytes: PDF.length,
        original_name: 'licence.pdf',
      },
      { field: 'cv', media_type: 'image/png' },
    ]);
    expect(readdirSync(uploadDir).sort()).toEqual(files.map((f) => String(f.stored_name)).sort());
    expect(String(files[0]!.stored_name)).toMatch(/^[0-9a-f]{64}\.pdf$/);
  });

  it.each([
    [
      'a text file renamed .pdf',
      { licence: new File(['just text'], 'licence.pdf', { type: 'application/pdf' }) },
      400,
      'licence.type',
    ],
    ['a missing licence', { licence: new File([], '') }, 400, 'licence.required'],
    [
      'an oversize licence',
      { licence: new File([PDF, new Uint8Array(1000)], 'big.pdf') },
      413,
      'licence.size',
    ],
  ])('refuses %s', async (_, extra, status, code) => {
    const response = await receiver()(post(application(extra as Record<string, Blob>)), 'x');
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.errors.licence.code).toBe(code);
    expect(countAll()).toBe(0);
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it.each([
    [
      'an unknown form-name',
      () => post(multipart({ 'form-name': 'OrderForm' })),
      400,
      'unknownForm',
    ],
    ['no form-name', () => post(multipart({ email: 'a@b.co' })), 400, 'unknownForm'],
    [
      'a JSON body',
      () =>
        post(JSON.stringify({ 'form-name': 'SubscribeForm' }), {
          'content-type': 'application/json',
        }),
      415,
      'unsupportedMediaType',
    ],
    ['no content type', () => new Request(URL_, { method: 'POST' }), 415, 'unsupportedMediaType'],
    [
      'an empty body',
      () => post('', { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
      'emptyBody',
    ],
    [
      'malformed multipart',
      () => post('--nope\r\ngarbage', { 'content-type': 'multipart/form-data; boundary=xyz' }),
      400,
      'malformed',
    ],
    [
      'a body over the cap',
      () => post(new URLSearchParams({ 'form-name': 'ContactForm', message: 'x'.repeat(6000) })),
      413,
      'tooLarge',
    ],
  ])('answers %s with a clear 4xx', async (_, request, status, error) => {
    const response = await receiver()(request(), 'x');
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ ok: false, error, message: expect.any(String) });
    expect(countAll()).toBe(0);
  });

  it('reads a multipart body whose boundary has capital letters (it is case-sensitive)', async () => {
    const body =
      '--AbC\r\ncontent-disposition: form-data; name="form-name"\r\n\r\nSubscribeForm\r\n--AbC\r\ncontent-disposition: form-data; name="email"\r\n\r\nb@c.de\r\n--AbC--\r\n';
    const response = await receiver()(
      post(body, { 'content-type': 'multipart/form-data; boundary=AbC' }),
      'x',
    );
    expect(response.status).toBe(200);
  });

  it('answers a filled honeypot like a success and keeps it as spam', async () => {
    const response = await receiver()(
      post(multipart({ 'form-name': 'ContactForm', 'bot-field': 'http://spam', name: 'x' })),
      'x',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(store.list('ContactForm')).toHaveLength(0);
    expect(store.list('spam')).toMatchObject([{ form: 'ContactForm' }]);
  });

  it('limits each client, with Retry-After', async () => {
    const receive = receiver({ rateLimit: { max: 2, windowSeconds: 600 } });
    const send = (client: string) =>
      receive(
        post(new URLSearchParams({ 'form-name': 'SubscribeForm', email: `${client}@b.co` })),
        client,
      );
    expect((await send('a')).status).toBe(200);
    expect((await send('a')).status).toBe(200);
    const limited = await send('a');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('b')).status).toBe(200);
  });

  it('answers 500 when the store fails', async () => {
    const receive = receiver({
      store: inThisThread(() => {
        throw new Error('disk full');
      }),
    });
    const response = await receive(
      post(new URLSearchParams({ 'form-name': 'SubscribeForm', email: 'a@b.co' })),
      'x',
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ ok: false, error: 'server' });
  });

  it('accepts its own origin and allowed ones (with CORS), refuses others', async () => {
    const receive = receiver();
    const body = () => new URLSearchParams({ 'form-name': 'SubscribeForm', email: 'o@b.co' });
    expect((await receive(post(body(), { origin: 'http://site.test' }), 'x')).status).toBe(200);
    const partner = await receive(post(body(), { origin: 'https://www.partner.example' }), 'y');
    expect(partner.status).toBe(200);
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://www.partner.example');
    const evil = await receive(post(body(), { origin: 'https://evil.example' }), 'z');
    expect(evil.status).toBe(403);
  });

  it('sends a browser without JavaScript back to its page, never to another site', async () => {
    const receive = receiver();
    const plain = (fields: Record<string, string>) =>
      new Request(URL_, { method: 'POST', body: new URLSearchParams(fields) });
    const sent = await receive(
      plain({ 'form-name': 'SubscribeForm', email: 'n@b.co', 'return-to': '/fr/newsletter' }),
      'x',
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/fr/newsletter#form-sent');
    const failed = await receive(
      plain({ 'form-name': 'SubscribeForm', email: 'bad', 'return-to': '/fr/newsletter' }),
      'x',
    );
    expect(failed.headers.get('location')).toBe('/fr/newsletter#form-failed');
    const evil = await receive(
      plain({ 'form-name': 'SubscribeForm', email: 'm@b.co', 'return-to': '//evil.example/x' }),
      'x',
    );
    expect(evil.status).toBe(200);
  });
});

describe('file types by content', () => {
  it('recognises PDF, PNG and JPEG, nothing else', () => {
    expect(sniffFileType(PDF)?.mediaType).toBe('application/pdf');
    expect(sniffFileType(PNG)?.mediaType).toBe('image/png');
    expect(sniffFileType(JPEG)?.mediaType).toBe('image/jpeg');
    expect(sniffFileType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});

describe('store', () => {
  it('records the schema version and migrates a new database once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forms-db-'));
    const path = join(dir, 'nested', 'db.sqlite');
    openStore(path).close(); // creates the folder and the file
    const again = openStore(path);
    expect(again.db.prepare('PRAGMA user_version').get()).toEqual({
      user_version: sharedHistory.length,
    });
    expect(again.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(again.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // FULL
    again.close();
  });

  it('retention deletes application files older than the limit, keeps newer ones and the rows', async () => {
    let clock = new Date('2025-01-10T10:00:00Z');
    const receive = receiver({ now: () => clock });
    const other = new File([PDF, new Uint8Array([1])], 'new.pdf');
    expect((await receive(post(application()), 'x')).status).toBe(200);
    clock = new Date('2025-12-01T10:00:00Z');
    expect((await receive(post(application({ licence: other })), 'x')).status).toBe(200);
    expect(readdirSync(uploadDir)).toHaveLength(2);

    expect(purgeExpiredFiles(store, uploadDir, 365, new Date('2026-01-11T10:00:00Z'))).toBe(1);
    const [old, recent] = store.list('InstructorApplicationForm');
    expect(store.filesOf(Number(old!.id))[0]).toMatchObject({ purged_at: expect.any(String) });
    expect(
      existsSync(join(uploadDir, String(store.filesOf(Number(old!.id))[0]!.stored_name))),
    ).toBe(false);
    expect(
      existsSync(join(uploadDir, String(store.filesOf(Number(recent!.id))[0]!.stored_name))),
    ).toBe(true);
    expect(store.list('InstructorApplicationForm')).toHaveLength(2);
  });
});

describe('contact message retention', () => {
  it('deletes contact messages older than the privacy policy’s period and keeps newer ones', async () => {
    let clock = new Date('2025-01-10T10:00:00Z');
    const receive = receiver({ now: () => clock });
    expect((await receive(post(contact()), 'x')).status).toBe(200);
    clock = new Date('2025-12-01T10:00:00Z');
    expect((await receive(post(contact({ title: 'Newer question' })), 'x')).status).toBe(200);

    expect(purgeExpiredRows(store, contactForm, 365, new Date('2026-01-11T10:00:00Z'))).toBe(1);
    expect(store.list('ContactForm').map((row) => row.title)).toEqual(['Newer question']);
  });
});

describe('generic submit', () => {
  it('with no form, fails with "Form not found"', async () => {
    const { submitForm } = await import('../../src/forms/browser/submit');
    await expect(submitForm(null, { endpoint: '/api/forms' })).rejects.toThrow('Form not found');
  });
});
