/**
 * The lesson request's rules (src/forms/lesson-request.ts) and its way through the receiver: the
 * search checked by the search's own rules, the price recomputed from the site facts (a quote the
 * rule does not give is refused), the pack checked against the resort, the row it stores.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { englishMessage } from '../../src/forms/messages';
import {
  checkLessonRequest,
  lessonRequest,
  euros,
  receiverToday,
  requestField,
  type LessonRequestContext,
} from '../../src/forms/lesson-request';
import { createReceiver, type ReceiverSettings } from '../../src/forms/server/receiver';
import { purgeExpiredRows } from '../../src/forms/server/retention';
import { REFERENCE_PATTERN } from '../../src/forms/receipts';
import {
  isUniqueClash,
  sharedHistory,
  openStore,
  type SubmissionStore,
} from '../../src/forms/server/store';
import { inThisThread } from '../../src/forms/server/store-access';
import { quoteLesson } from '../../src/lessons/price';
import { facts } from '../../src/site-facts';
import { MAX_DATES } from '../../src/lessons/search-query';
import { aResort, packSports, resorts } from '../e2e/site';

const rule = facts.lessons;
const skiPacks = (r: (typeof resorts)[string]) =>
  (r.rental.packs ?? []).filter((id) => packSports[id] === 'ski');
const withRental = Object.values(resorts).find((r) => r.rental.offered && skiPacks(r).length)!;
const withoutRental = Object.values(resorts).find((r) => !r.rental.offered);
const pack = skiPacks(withRental)[0]!;
const today = '2030-01-01';
const context: LessonRequestContext = {
  resorts: Object.values(resorts).map((r) => ({ id: r.id, name: r.name })),
  rule,
  today: () => today,
  packsByResort: Object.fromEntries(
    Object.values(resorts).map((r) => [
      r.id,
      r.rental.offered ? (r.rental.packs ?? []).map((id) => ({ id, sport: packSports[id]! })) : [],
    ]),
  ),
  seasons: {},
};
/** Two adults and one child, two dates of two and three hours: the rule's private price. */
const privateQuote = quoteLesson({ lesson: 'private', learners: 3, hours: [2, 3] }, rule);
const privateTotal = { total: privateQuote.kind === 'private' ? privateQuote.total : NaN };

function form(fields: Record<string, string | string[]> = {}) {
  const data = new FormData();
  const all: Record<string, string | string[]> = {
    'form-name': 'LessonRequestForm',
    locale: 'en',
    where: withRental.id,
    sport: 'ski',
    date: ['2030-02-10', '2030-02-11'],
    time: ['10:00', '14:00'],
    hours: ['2', '3'],
    adults: '2',
    children: '1',
    lesson: 'private',
    level: 'new',
    language: 'english',
    quotedTotal: euros(privateTotal.total),
    name: 'Marta García',
    email: 'marta@example.es',
    consent: 'yes',
    ...fields,
  };
  for (const [key, value] of Object.entries(all))
    for (const one of Array.isArray(value) ? value : [value]) data.append(key, one);
  return data;
}

describe('lesson request rules', () => {
  it('takes the whole search, both dates with their own times, and the rule’s price', () => {
    const result = checkLessonRequest(form({ phone: '+34 612 345 678', pack }), context);
    expect(result).toEqual({
      ok: true,
      output: expect.objectContaining({
        name: 'Marta García',
        phone: '+34 612 345 678',
        note: '',
        pack,
        quotedTotal: euros(privateTotal.total),
        total: euros(privateTotal.total),
        search: {
          resort: withRental.id,
          sport: 'ski',
          dates: [
            { day: '2030-02-10', time: '10:00', hours: 2 },
            { day: '2030-02-11', time: '14:00', hours: 3 },
          ],
          adults: 2,
          children: 1,
          lesson: 'private',
          level: 'new',
          language: 'english',
        },
      }),
    });
  });

  it('refuses a quote the price rule does not give (a stale page or a forged price)', () => {
    const lower = euros(privateTotal.total - 1);
    expect(checkLessonRequest(form({ quotedTotal: lower }), context)).toEqual({
      ok: false,
      errors: { quotedTotal: 'quotedTotal.changed' },
    });
    expect(checkLessonRequest(form({ quotedTotal: 'free' }), context)).toMatchObject({
      errors: { quotedTotal: 'quotedTotal.invalid' },
    });
  });

  it('accepts no quote (no JavaScript) and keeps the rule’s figure; a group has none', () => {
    const plain = checkLessonRequest(form({ quotedTotal: '' }), context);
    expect(plain).toMatchObject({
      ok: true,
      output: { quotedTotal: null, total: euros(privateTotal.total) },
    });
    const group = { lesson: 'group', adults: String(rule.group.min), children: '0' };
    expect(checkLessonRequest(form({ ...group, quotedTotal: '' }), context)).toMatchObject({
      ok: true,
      output: { total: null, quotedTotal: null },
    });
    expect(checkLessonRequest(form({ ...group, quotedTotal: '10.00' }), context)).toMatchObject({
      errors: { quotedTotal: 'quotedTotal.changed' },
    });
  });

  it('names the form’s own fields for the search’s problems', () => {
    const result = checkLessonRequest(
      form({
        date: ['2029-12-30'],
        time: ['10:00'],
        hours: [String(rule.durationHours.max + 1)],
        adults: '0',
        children: '0',
        level: '',
        quotedTotal: '',
      }),
      context,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        date: 'day.past',
        hours: 'hours.outOfBounds',
        level: 'level.missing',
        adults: 'people.none',
      },
    });
    expect(requestField('search.dates.3.time')).toBe('time');
    expect(requestField('search.where')).toBe('where');
    expect(requestField('email')).toBe('email');
  });

  it('refuses more dates than a request takes, the same day twice, and days outside the season', () => {
    const days = Array.from(
      { length: MAX_DATES + 1 },
      (_, i) => `2030-02-${String(i + 1).padStart(2, '0')}`,
    );
    const many = { date: days, time: ['10:00'], hours: ['2'], quotedTotal: '' };
    expect(checkLessonRequest(form(many), context)).toEqual({
      ok: false,
      errors: { date: 'dates.tooMany' },
    });
    // The most a request takes is accepted.
    expect(checkLessonRequest(form({ ...many, date: days.slice(0, MAX_DATES) }), context).ok).toBe(
      true,
    );
    const twice = { date: ['2030-02-10', '2030-02-10'], quotedTotal: '' };
    expect(checkLessonRequest(form(twice), context)).toEqual({
      ok: false,
      errors: { date: 'date.duplicate' },
    });
    const season = { opens: '2030-01-15', closes: '2030-03-31' };
    const inSeason = { ...context, seasons: { [withRental.id]: season } };
    expect(checkLessonRequest(form(), inSeason).ok).toBe(true);
    for (const date of [['2030-01-14', '2030-02-11'], ['2030-02-10', '2030-04-01'], ['2099-02-10']])
      expect(checkLessonRequest(form({ date, quotedTotal: '' }), inSeason), date.join()).toEqual({
        ok: false,
        errors: { date: 'date.season' },
      });
  });

  it('refuses a pack for another sport than the lesson’s, and a locale the site does not have', () => {
    const snowboardPack = (withRental.rental.packs ?? []).find(
      (id) => packSports[id] === 'snowboard',
    );
    if (snowboardPack)
      expect(checkLessonRequest(form({ pack: snowboardPack }), context)).toEqual({
        ok: false,
        errors: { pack: 'pack.sport' },
      });
    const offSite = checkLessonRequest(form({ pack: skiPacks(withRental)[0]! }), {
      ...context,
      packsByResort: { [withRental.id]: [{ id: pack, sport: 'snowboard' }] },
    });
    expect(offSite).toEqual({ ok: false, errors: { pack: 'pack.sport' } });
    for (const locale of ['//evil.example', '€', 'en\r\nSet-Cookie: a=b'])
      expect(checkLessonRequest(form({ locale }), context), locale).toMatchObject({
        ok: false,
        errors: { locale: 'locale.invalid' },
      });
  });

  it('refuses a resort the content does not have, and a pack the resort does not offer', () => {
    expect(checkLessonRequest(form({ where: 'atlantis' }), context)).toMatchObject({
      errors: { where: 'where.notFound' },
    });
    expect(checkLessonRequest(form({ pack: 'no-such-pack' }), context)).toMatchObject({
      errors: { pack: 'pack.unavailable' },
    });
    if (withoutRental)
      expect(checkLessonRequest(form({ where: withoutRental.id, pack }), context)).toMatchObject({
        errors: { pack: 'pack.unavailable' },
      });
  });

  it('asks for a name, an address and the consent; phone and note are optional but checked', () => {
    expect(
      checkLessonRequest(
        form({ name: 'M', email: 'marta', consent: '', phone: 'call me' }),
        context,
      ),
    ).toMatchObject({
      errors: {
        name: 'name.invalid',
        email: 'email.invalid',
        consent: 'consent.required',
        phone: 'phone.invalid',
      },
    });
  });

  it('gives a missing field its own code (an unticked box sends nothing)', () => {
    const data = form();
    data.delete('consent');
    data.delete('name');
    expect(checkLessonRequest(data, context)).toEqual({
      ok: false,
      errors: { name: 'name.invalid', consent: 'consent.required' },
    });
  });

  it('has an English message for every problem, search problems included', () => {
    for (const code of [
      'name.invalid',
      'consent.required',
      'quotedTotal.changed',
      'pack.unavailable',
      'day.past',
      'people.none',
    ])
      expect(englishMessage('lessonRequest', code), code).not.toBe(code);
  });

  it('counts today from the earliest time zone, so a visitor’s today is never in the past', () => {
    expect(receiverToday(new Date('2030-01-02T11:00:00Z'))).toBe('2030-01-01');
    expect(receiverToday(new Date('2030-01-02T12:00:00Z'))).toBe('2030-01-02');
  });
});

describe('lesson request through the receiver', () => {
  let store: SubmissionStore;
  /** A receiver on this thread's store, checking lesson requests as told (the site's rules). */
  const receiverWith = (options: Pick<ReceiverSettings, 'resortIds' | 'lessons'>) =>
    createReceiver({
      maxFileBytes: 1000,
      maxBodyBytes: 50_000,
      rateLimit: { max: 1000, windowSeconds: 60 },
      uploadDir: mkdtempSync(join(tmpdir(), 'lesson-request-')),
      allowedOrigins: [],
      store: inThisThread(() => store),
      describe: englishMessage,
      now: () => new Date(`${today}T12:00:00Z`),
      ...options,
    });
  const receive = () => receiverWith({ resortIds: Object.keys(resorts), lessons: context });
  const post = (body: FormData) =>
    new Request('http://site.test/api/forms', {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
    });
  beforeEach(() => {
    store = openStore(':memory:');
  });

  it('stores the request with the quoted and the computed price', async () => {
    const response = await receive()(post(form({ pack, note: 'Our son is 7.' })), '1.2.3.4');
    expect(response.status).toBe(200);
    expect(store.list('LessonRequestForm')).toMatchObject([
      {
        resort: withRental.id,
        sport: 'ski',
        dates: JSON.stringify([
          { day: '2030-02-10', time: '10:00', hours: 2 },
          { day: '2030-02-11', time: '14:00', hours: 3 },
        ]),
        adults: 2,
        children: 1,
        quoted_total: euros(privateTotal.total),
        total: euros(privateTotal.total),
        pack,
        note: 'Our son is 7.',
        locale: 'en',
        client: '1.2.3.4',
      },
    ]);
  });

  it('gives each request an unguessable reference, the address of its receipt page', async () => {
    const first = await receive()(post(form()), 'x');
    const second = await receive()(post(form()), 'y');
    const references = await Promise.all(
      [first, second].map(async (r) => ((await r.json()) as { reference: string }).reference),
    );
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(references[0]).not.toBe(references[1]);
    expect(store.list('LessonRequestForm').map((row) => row.reference)).toEqual(references);
    expect(store.byReceipt('LessonRequestForm', references[0]!)?.email).toBe('marta@example.es');
    expect(store.byReceipt('LessonRequestForm', crypto.randomUUID())).toBeUndefined();
  });

  it('stores a request sent twice once, and answers both with its reference', async () => {
    // A double click without JavaScript: the same post from the same sender.
    const answers = await Promise.all([1, 2].map(() => receive()(post(form()), 'x')));
    const [one, two] = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(two).toEqual(one);
    // The island's key: the same filled-in form retried from another address (a phone changing
    // networks) is the same request; another key, or a changed field, is another one.
    const keyed = (fields: Record<string, string>, client: string) =>
      receive()(post(form({ 'submission-key': 'k-1', ...fields })), client).then((r) => r.json());
    const retried = await Promise.all([keyed({}, '10.0.0.1'), keyed({}, '10.0.0.2')]);
    expect(retried[1]).toEqual(retried[0]);
    expect(retried[0]).not.toEqual(one);
    const changed = await keyed({ note: 'Afternoons are better.' }, '10.0.0.2');
    expect(changed).not.toEqual(retried[0]);
    expect(store.list('LessonRequestForm')).toHaveLength(3);
  });

  it('sends a browser without JavaScript to the receipt page of its request, in its language', async () => {
    const response = await receive()(
      new Request('http://site.test/api/forms', {
        method: 'POST',
        body: form({ locale: 'fr', 'return-to': '/fr/stations/x/cours-de-ski' }),
      }),
      'x',
    );
    expect(response.status).toBe(303);
    const [row] = store.list('LessonRequestForm');
    expect(response.headers.get('location')).toBe(`/fr/request/${String(row!.reference)}`);
  });

  it('keeps references unique in the table, so a clash is drawn again', () => {
    const row = {
      name: 'A',
      email: 'a@example.com',
      resort: 'x',
      sport: 'ski',
      dates: '[]',
      adults: 1,
      children: 0,
      lesson: 'private',
      level: 'new',
      language: 'english',
      created_at: new Date().toISOString(),
    };
    const reference = crypto.randomUUID();
    store.insert('LessonRequestForm', { ...row, reference });
    let clash: unknown;
    try {
      store.insert('LessonRequestForm', { ...row, reference });
    } catch (error) {
      clash = error;
    }
    expect(isUniqueClash(clash, 'reference')).toBe(true);
    // Requests stored before references existed keep none, and do not clash with each other.
    store.insert('LessonRequestForm', row);
    store.insert('LessonRequestForm', row);
    expect(store.list('LessonRequestForm').map((r) => r.reference)).toEqual([
      reference,
      null,
      null,
    ]);
  });

  it('upgrades a database made before references: its requests stay, without one', () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'lesson-request-upgrade-')), 'old.sqlite');
    // A database at the step before references, holding one request.
    const raw = new DatabaseSync(dbPath);
    const before = sharedHistory.findIndex((step) => step.includes('ADD COLUMN reference'));
    for (const step of sharedHistory.slice(0, before)) raw.exec(step);
    raw.exec(`PRAGMA user_version = ${before}`);
    raw.exec(
      `INSERT INTO lesson_requests (name, email, resort, sport, dates, adults, children, lesson, level, language, created_at)
       VALUES ('A', 'a@example.com', 'x', 'ski', '[]', 1, 0, 'private', 'new', 'english', '2030-01-01')`,
    );
    raw.close();
    store = openStore(dbPath);
    expect(store.list('LessonRequestForm')).toMatchObject([
      { email: 'a@example.com', reference: null },
    ]);
  });

  it('answers a wrong price with a 400 that says so, and stores nothing', async () => {
    const response = await receive()(post(form({ quotedTotal: '1.00' })), 'x');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid',
      errors: { quotedTotal: { code: 'quotedTotal.changed', message: /prices have changed/ } },
    });
    expect(store.list('LessonRequestForm')).toEqual([]);
  });

  it('given only the resort ids, checks the resort by id and the price by the site facts', async () => {
    const plain = receiverWith({ resortIds: [aResort.id] });
    const response = await plain(post(form({ where: aResort.id, pack: '' })), 'x');
    expect(response.status).toBe(200);
  });

  it('is listed and exported by the team command (`--form lesson`)', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'lesson-request-cli-')), 'submissions.sqlite');
    store = openStore(dbPath);
    expect((await receive()(post(form({ pack })), 'x')).status).toBe(200);
    store.close();
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['scripts/submissions.mjs', ...args], {
        env: { ...process.env, FORMS_DB_PATH: dbPath },
        encoding: 'utf8',
      });
    expect(run('list')).toMatch(/LessonRequestForm\s*│\s*1/);
    const [row] = JSON.parse(run('export', '--form', 'lesson')) as Record<string, unknown>[];
    expect(row).toMatchObject({
      email: 'marta@example.es',
      pack,
      total: euros(privateTotal.total),
    });
    const csv = run('export', '--form', 'lesson', '--format', 'csv').split('\r\n');
    expect(csv[0]).toContain('"quoted_total","total","pack"');
    expect(csv[1]).toContain(`"${withRental.id}","ski"`);

    // Four runs of the command, each a Node process loading the forms' definitions: seconds on a busy machine.
  }, 30_000);

  it('deletes requests older than the privacy policy’s period and keeps newer ones', async () => {
    expect((await receive()(post(form()), 'x')).status).toBe(200);
    const sent = new Date(`${today}T12:00:00Z`).getTime();
    const after = (days: number) => new Date(sent + days * 86_400_000);
    expect(purgeExpiredRows(store, lessonRequest, 365, after(364))).toBe(0);
    expect(store.list('LessonRequestForm')).toHaveLength(1);
    const [{ reference }] = store.list('LessonRequestForm') as [{ reference: string }];
    expect(store.byReceipt('LessonRequestForm', reference)).toBeDefined();
    expect(purgeExpiredRows(store, lessonRequest, 365, after(366))).toBe(1);
    expect(store.list('LessonRequestForm')).toEqual([]);
    // Its receipt page goes with it.
    expect(store.byReceipt('LessonRequestForm', reference)).toBeUndefined();
  });
});
