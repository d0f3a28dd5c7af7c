/**
 * The lesson request on a resort lessons page (no booking app: the e2e build, as by default), as
 * a visitor sends it: the search of the address carried with its price and the pack of a `pack`
 * link, the failure and the confirmation seen below the fixed header and focused, in English and
 * French at phone and desktop widths, the row in the database; without JavaScript, the receipt
 * page the receiver sends the browser to (what was sent, nobody's name; a 404 for an unknown
 * reference); bad posts refused with a clear 4xx and nothing stored; axe on every state.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { expectNoViolations } from './axe';
import { expectSeen, expectValidHtml, rows, sharedDbPath, uniqueEmail } from './forms-helpers';
import { resorts, useTranslations } from './site';
import { fullDay, money } from '../../src/i18n/format';
import { locales, type Locale } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { quoteLesson } from '../../src/lessons/price';
import { lessonLanguages, levels } from '../../src/lessons/search';
import { facts } from '../../src/site-facts';

type PackFile = { id: string; sport: string; name: Record<Locale, string> };
const packFile = (parse(readFileSync('content/rental-packs.yaml', 'utf8')) as { packs: PackFile[] })
  .packs;
/** A resort with ski packs to rent, and one of them (whichever the content has). */
const resort = Object.values(resorts).find((r) =>
  r.rental.packs?.some((id) => packFile.find((p) => p.id === id)?.sport === 'ski'),
)!;
const pack = packFile.find((p) => p.sport === 'ski' && resort.rental.packs!.includes(p.id))!;
const rule = facts.lessons;

/** `YYYY-MM-DD` of a date in the local calendar. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A day of the resort's season (a request's days must be): `offset` days after today or, before
 * the season opens, after its opening.
 */
function day(offset: number): string {
  const opens = new Date(`${resort.season.opens}T00:00:00`);
  const date = new Date(Math.max(Date.now(), opens.getTime()));
  date.setDate(date.getDate() + offset);
  return localDay(date);
}

/** `offset` days from today: a day that has passed, for a negative one. */
function fromToday(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localDay(date);
}

/** Two adults and two children, two dates of two hours: what the rule says it costs. */
const search = {
  where: resort.id,
  sport: 'ski',
  date: [day(12), day(13)],
  time: ['10:00'],
  hours: ['2'],
  adults: '2',
  children: '2',
  lesson: 'private',
  level: 'new',
  language: 'english',
};
const quote = quoteLesson({ lesson: 'private', learners: 4, hours: [2, 2] }, rule);
const total = quote.kind === 'private' ? quote.total : NaN;

function searchQuery(extra: Record<string, string> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query;
}

const lessonsPage = (locale: Locale) => pathTo('resortSkiLessons', locale, { resort: resort.id });
const field = (page: Page, name: string) => page.locator(`#lesson-request-${name}`);
const requestRows = (email: string) =>
  rows(sharedDbPath(), 'SELECT * FROM lesson_requests WHERE email = ?', email);

const cases: { locale: Locale; width: number }[] = [
  { locale: 'en', width: 390 },
  { locale: 'en', width: 1280 },
  { locale: 'fr', width: 390 },
  { locale: 'fr', width: 1280 },
];

for (const { locale, width } of cases) {
  test(`a search and a pack sent as a request, ${locale} at ${width} px: failure then confirmation seen, the row stored`, async ({
    page,
  }) => {
    const t = useTranslations(locale);
    const k = (key: string, values: Record<string, string> = {}) =>
      t(`forms.lessonRequest.${key}` as 'forms.lessonRequest.heading', values);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto(`${lessonsPage(locale)}?${searchQuery({ pack: pack.id })}#your-search`);
    const form = page.locator('#lesson-request');
    // The address's search and pack come with the request, its price the rule's.
    await expect(form.locator('[data-carried-search]')).toBeVisible();
    await expect(form.locator('[data-request-total]')).toHaveText(money(total, locale));
    await expect(field(page, 'pack')).toHaveValue(pack.id);

    const email = uniqueEmail('lesson');
    await field(page, 'name').fill('Marta García');
    await field(page, 'email').fill(email);
    await field(page, 'phone').fill('+34 612 345 678');
    await field(page, 'note').fill('Our children are 6 and 9.');
    await field(page, 'consent').check();

    await page.route('**/api/forms', (route) => route.abort('internetdisconnected'));
    const send = page.getByRole('button', { name: k('submit') });
    await send.click();
    const outcome = form.getByRole('status').filter({ hasText: /\S/ });
    await expect(outcome).toHaveClass(/form-status--error/);
    await expectSeen(page, outcome);
    expect(requestRows(email)).toEqual([]);

    await page.unroute('**/api/forms');
    await send.click();
    await expect(outcome).toHaveText(k('success', { email }));
    await expectSeen(page, outcome);
    // What happens next, and what was sent.
    const sent = form.locator('[data-sent]');
    await expect(sent).toContainText(k('next'));
    for (const text of [money(total, locale), pack.name[locale], email, '+34 612 345 678'])
      await expect(sent).toContainText(text);
    // The same request has its receipt page, to keep.
    const [{ reference }] = requestRows(email) as [{ reference: string }];
    await expect(form.getByRole('link', { name: k('receipt.link') })).toHaveAttribute(
      'href',
      new URL(`/${locale}/request/${reference}`, page.url()).href,
    );

    expect(requestRows(email)).toMatchObject([
      {
        name: 'Marta García',
        resort: resort.id,
        sport: 'ski',
        dates: JSON.stringify(search.date.map((d) => ({ day: d, time: '10:00', hours: 2 }))),
        adults: 2,
        children: 2,
        lesson: 'private',
        level: 'new',
        language: 'english',
        quoted_total: total.toFixed(2),
        total: total.toFixed(2),
        pack: pack.id,
        phone: '+34 612 345 678',
        note: 'Our children are 6 and 9.',
        locale,
      },
    ]);
  });
}

test('without a search: the lesson asked for in the form, its problems in French, the pack removed', async ({
  page,
}) => {
  const t = useTranslations('fr');
  await page.goto(`${lessonsPage('fr')}?pack=${pack.id}#lesson-request`);
  await expect(field(page, 'pack')).toHaveValue(pack.id);
  await field(page, 'name').fill('M');
  await field(page, 'hours').fill(String(rule.durationHours.max + 1));
  await page.getByRole('button', { name: t('forms.lessonRequest.submit') }).click();
  const summary = page.locator('#lesson-request .form-summary');
  for (const text of [
    t('forms.lessonRequest.errors.name.invalid'),
    t('search.errors.day.missing'),
    t('search.errors.level.missing'),
    t('forms.lessonRequest.errors.consent.required'),
  ])
    await expect(summary).toContainText(text);
  await expect(field(page, 'date')).toBeFocused();
  await expectNoViolations(page);

  const email = uniqueEmail('lesson-fields');
  await field(page, 'date').fill(day(20));
  await field(page, 'hours').fill('3');
  await field(page, 'adults').fill('1');
  await field(page, 'level').selectOption('advanced');
  await field(page, 'pack').selectOption('');
  await field(page, 'name').fill('Jean-Luc Martin');
  await field(page, 'email').fill(email);
  await field(page, 'consent').check();
  const hourly = quoteLesson({ lesson: 'private', learners: 1, hours: [3] }, rule);
  await expect(page.locator('#lesson-request [data-request-total]')).toHaveText(
    money(hourly.kind === 'private' ? hourly.total : NaN, 'fr'),
  );
  await page.getByRole('button', { name: t('forms.lessonRequest.submit') }).click();
  await expect(page.locator('#lesson-request [data-sent]')).toBeVisible();
  await expectNoViolations(page);
  expect(requestRows(email)).toMatchObject([
    { pack: null, level: 'advanced', adults: 1, children: 0, locale: 'fr' },
  ]);
});

/** A lesson request's reference, as the receiver draws it (`crypto.randomUUID`). */
const REFERENCE = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

for (const { locale, width } of cases) {
  test(`without JavaScript, ${locale} at ${width} px: the request ends on its receipt page, which lists what was sent`, async ({
    browser,
    page: withScript,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: width < 500 ? 844 : 800 },
    });
    const page = await context.newPage();
    const t = useTranslations(locale);
    const { intl } = locales[locale];
    const r = (key: string, values: Record<string, string | number> = {}) =>
      t(`forms.lessonRequest.receipt.${key}` as 'forms.lessonRequest.receipt.heading', values);
    await page.goto(`${lessonsPage(locale)}#lesson-request`);
    const email = uniqueEmail(`lesson-receipt-${locale}-${width}`);
    // Not the form's defaults, so the page shows what was chosen, not what was there.
    const level = levels.at(-1)!;
    const language = lessonLanguages.at(-2)!;
    const note = `Children of 6 & 9 <first time> (${locale})`;
    await field(page, 'date').fill(day(16));
    await field(page, 'time').fill('13:00');
    await field(page, 'hours').fill('3');
    await field(page, 'adults').fill('2');
    await field(page, 'children').fill('1');
    await field(page, 'level').selectOption(level);
    await field(page, 'language').selectOption(language);
    await field(page, 'pack').selectOption(pack.id);
    await field(page, 'name').fill('Ana López');
    await field(page, 'email').fill(email);
    await field(page, 'phone').fill('+34 699 000 111');
    await field(page, 'note').fill(note);
    await field(page, 'consent').check();
    await page.getByRole('button', { name: t('forms.lessonRequest.submit') }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/request/${REFERENCE}$`));
    const reference = new URL(page.url()).pathname.split('/').pop()!;
    // No quote was shown without JavaScript: the row keeps the rule's figure only.
    const three = quoteLesson({ lesson: 'private', learners: 3, hours: [3] }, rule);
    const total = three.kind === 'private' ? three.total : NaN;
    expect(requestRows(email)).toMatchObject([
      {
        reference,
        resort: resort.id,
        sport: 'ski',
        dates: JSON.stringify([{ day: day(16), time: '13:00', hours: 3 }]),
        adults: 2,
        children: 1,
        level,
        language,
        quoted_total: null,
        total: total.toFixed(2),
        pack: pack.id,
        note,
        phone: '+34 699 000 111',
        locale,
      },
    ]);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r('heading'));
    const sent = page.locator('[data-sent]');
    await expect(sent).toContainText(t('forms.lessonRequest.next'));
    await expect(sent.getByRole('heading', { level: 2 })).toHaveText(
      t('forms.lessonRequest.sentHeading', { resort: resort.name }),
    );
    const n = (key: 'adults' | 'children', count: number) =>
      t(`search.summary.${key}.${count === 1 ? 'one' : 'other'}`, { n: count });
    for (const text of [
      t('search.sports.ski'),
      t('search.summary.dateLine', {
        date: fullDay(day(16), intl),
        time: '13:00',
        hours: t('search.quote.hours.other', { n: 3 }),
      }),
      n('adults', 2),
      n('children', 1),
      t('search.lessons.private'),
      t(`search.levels.${level}`),
      t(`search.languages.${language}`),
      money(total, locale),
      pack.name[locale],
    ])
      await expect(sent).toContainText(text);
    // Anyone with the address can open the page: it names nobody, and shows no words of theirs.
    for (const personal of ['Ana López', email, '+34 699 000 111', note])
      await expect(page.locator('body')).not.toContainText(personal);
    await expect(page.getByText(r('private'))).toBeVisible();
    await expect(
      page.getByRole('link', { name: r('back', { resort: resort.name }) }),
    ).toHaveAttribute('href', lessonsPage(locale));
    await expectValidHtml(await (await page.request.get(page.url())).text());
    // axe runs in the page: the same receipt, opened with JavaScript on, at the same width.
    await withScript.setViewportSize(page.viewportSize()!);
    await withScript.goto(page.url());
    await expectNoViolations(withScript);
    await context.close();
  });
}

test('a receipt page is not indexed nor cached; an unknown reference is a 404 in the visitor’s language', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lesson-receipt-json');
  const body = new URLSearchParams(searchQuery());
  for (const [key, value] of Object.entries({
    'form-name': 'LessonRequestForm',
    locale: 'es',
    name: 'Marta García',
    email,
    consent: 'yes',
  }))
    body.set(key, value);
  const sent = await request.post('/api/forms', {
    data: body.toString(),
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
  });
  const { reference } = (await sent.json()) as { reference: string };
  expect(reference).toMatch(new RegExp(`^${REFERENCE}$`));
  expect(requestRows(email)).toMatchObject([{ reference }]);
  const receipt = await request.get(`/es/request/${reference}`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()).toMatchObject({
    'x-robots-tag': 'noindex',
    'cache-control': 'no-store',
  });
  expect(await receipt.text()).toMatch(/<meta name="robots" content="noindex/);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/request/');

  const t = useTranslations('fr');
  for (const unknown of [crypto.randomUUID(), 'not-a-reference']) {
    const response = await page.goto(`/fr/request/${unknown}`);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('forms.lessonRequest.receipt.notFoundHeading'),
    );
  }
  await expectNoViolations(page);
  await expectValidHtml(await (await request.get(`/fr/request/${crypto.randomUUID()}`)).text());
});

test('bad posts get a clear 4xx and store nothing', async ({ request }) => {
  const email = uniqueEmail('lesson-bad');
  const fields = (extra: Record<string, string>) => {
    const body = searchQuery();
    for (const [key, value] of Object.entries({
      'form-name': 'LessonRequestForm',
      name: 'Marta García',
      email,
      consent: 'yes',
      quotedTotal: total.toFixed(2),
      ...extra,
    }))
      body.set(key, value);
    return body.toString();
  };
  const post = (extra: Record<string, string>) =>
    request.post('/api/forms', {
      data: fields(extra),
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
  const expectations: [Record<string, string>, string, RegExp][] = [
    [{ quotedTotal: (total - 10).toFixed(2) }, 'quotedTotal', /prices have changed/],
    [{ where: 'atlantis' }, 'where', /location not found/],
    [{ pack: 'no-such-pack' }, 'pack', /not offered at this resort/],
    [{ date: fromToday(-2) }, 'date', /date has passed/],
    [{ date: `${Number(resort.season.closes.slice(0, 4)) + 1}-01-10` }, 'date', /season/],
    [{ adults: String(rule.maxPrivateGroup + 1) }, 'adults', /private lesson takes up to/],
    [{ consent: '' }, 'consent', /agree/],
  ];
  for (const [extra, name, message] of expectations) {
    const response = await post(extra);
    expect(response.status(), name).toBe(400);
    const body = (await response.json()) as { errors: Record<string, { message: string }> };
    expect(body.errors[name]?.message, name).toMatch(message);
  }
  expect(requestRows(email)).toEqual([]);
  // The same post, right, is stored: the refusals above were for what they said.
  expect((await post({})).status()).toBe(200);
  expect(requestRows(email)).toHaveLength(1);
});

test('axe: the request with a search carried, at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${lessonsPage('en')}?${searchQuery({ pack: pack.id })}#lesson-request`);
  await expect(page.locator('#lesson-request [data-carried-search]')).toBeVisible();
  await expectNoViolations(page);
});
