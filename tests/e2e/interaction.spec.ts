/**
 * Form islands hydrate on the visitor's first interaction (`client:interaction`): a reader
 * downloads no React, and a visitor who types or submits straight away loses nothing. Measured in
 * Chromium as a new visitor (the cookie banner's script included): the bytes of every script
 * downloaded, as sent (compressed).
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { contactValues } from '../forms-fixtures';
import { rows, sharedDbPath, uniqueEmail } from './forms-helpers';
import { aResort, hydrated, useTranslations } from './site';

test.use({ storageState: { cookies: [], origins: [] } });

/** Bytes of the script files downloaded so far (compressed, as sent). */
function scriptBytes(page: Page) {
  const sizes: Promise<number>[] = [];
  const urls: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    urls.push(request.url());
    sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  const total = async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  return Object.assign(total, { urls });
}

/** Holds the island's own code back a little: the visitor acts before the island runs. */
async function slowIslands(page: Page, ms = 600) {
  await page.route(
    /\/_astro\/(ContactForm|InstructorApplicationForm|LessonSearchForm|LessonRequestForm)\.[\w-]+\.js$/,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

const forms = [
  { name: 'contact', path: pathTo('contact', 'en'), island: 'ContactForm', field: '#contact-name' },
  {
    name: 'instructor application',
    path: pathTo('instructorApplication', 'en'),
    island: 'InstructorApplicationForm',
    field: '#application-firstname',
  },
  {
    name: 'home search',
    path: pathTo('home', 'en'),
    // Every Book lesson button leads there.
    link: '#lp',
    island: 'LessonSearchForm',
    field: '#lp-where',
  },
  {
    name: 'lesson request',
    path: pathTo('resortSkiLessons', 'en', { resort: aResort.id }),
    link: '#lesson-request',
    island: 'LessonRequestForm',
    field: '#lesson-request-name',
    // The resort page's own scripts (live conditions, the search check: 7.2 KB as sent, some
    // files too small to be compressed) come on top of the form's budget; `npm run weight`
    // holds the page to 10 KB at load, gzip.
    pageScripts: 7.5 * 1024,
  },
];

for (const { name, path, island, field, pageScripts = 0 } of forms) {
  test(`${name}: a visitor who reads the form downloads under 10 KB of JavaScript, the island once they reach for it`, async ({
    page,
  }) => {
    const bytes = scriptBytes(page);
    await page.goto(path);
    await page.locator(field).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const reading = await bytes();
    expect(reading).toBeLessThan(10 * 1024 + pageScripts);
    await expect(page.locator(hydrated(island))).toHaveCount(0);
    // Nothing of the island nor of React before the visitor reaches for the form.
    expect(bytes.urls.filter((url) => url.includes(island) || /\/react\./.test(url))).toEqual([]);

    await page.locator(field).click();
    await page.locator(hydrated(island)).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // React and the island came with the first interaction.
    const touched = await bytes();
    expect(touched).toBeGreaterThan(50 * 1024);
    // The measurement docs/performance.md quotes.
    console.log(
      `${path}: ${(reading / 1024).toFixed(1)} KB reading, ${(touched / 1024).toFixed(1)} KB after a click`,
    );
  });

  test(`${name}: reaching for the form asks for every script of the island at once, one round trip`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Every script answers 300 ms late: one the browser learns of only from another (an import
    // of an import) starts after that one has arrived, a round trip later.
    const started: { url: string; at: number }[] = [];
    const arrived: number[] = [];
    let live = false;
    await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
      if (!live) started.push({ url: route.request().url(), at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    page.on('requestfinished', (request) => {
      if (request.url().includes('/_astro/')) arrived.push(Date.now());
    });
    await page.locator(field).click();
    await page.locator(hydrated(island)).waitFor({ state: 'attached' });
    live = true;
    // The island, its renderer, React and the shared form code at least; and at most six files
    // of code: over HTTP/1.1 a browser opens six connections to a host, and a seventh request
    // would wait for one of them, a round trip later. The form's texts (a file of a few hundred
    // bytes, out of the page's first response) may be a seventh: asked for right after the
    // island and its renderer, it frees its connection first, for the smallest chunk.
    const code = started.filter(({ url }) => !/\/_astro\/strings\./.test(url));
    expect(code.length).toBeGreaterThanOrEqual(4);
    expect(code.length).toBeLessThanOrEqual(6);
    expect(started.length - code.length).toBeLessThanOrEqual(1);
    expect(Math.max(...started.map(({ at }) => at))).toBeLessThan(Math.min(...arrived));
  });

  test(`${name}: typing straight after load loses no keystroke, and the focus stays in the field`, async ({
    page,
  }) => {
    await slowIslands(page);
    await page.goto(path);
    const text = 'Chamrousse Marie-Curie 42';
    await page.locator(field).click();
    await page.keyboard.type(text);
    // Typed before the island ran (its code was held back): nothing yet hydrated.
    await page.locator(hydrated(island)).waitFor({ state: 'attached' });
    await page.keyboard.type(' ok');
    await expect(page.locator(field)).toHaveValue(`${text} ok`);
    await expect(page.locator(field)).toBeFocused();
  });
}

for (const { name, path, link, island, field } of forms) {
  if (!link) continue;
  test(`${name}: a link to the form has its scripts fetched at load, the island still waking on the first interaction`, async ({
    page,
  }) => {
    const bytes = scriptBytes(page);
    await page.goto(`${path}${link}`);
    await page.waitForLoadState('networkidle');
    // Fetched, not run: nothing hydrated before the visitor touches the form.
    expect(bytes.urls.some((url) => url.includes(`/${island}.`))).toBe(true);
    expect(bytes.urls.some((url) => /\/react\./.test(url))).toBe(true);
    await expect(page.locator(hydrated(island))).toHaveCount(0);
    const fetched = bytes.urls.length;
    await page.locator(field).click();
    await page.locator(hydrated(island)).waitFor({ state: 'attached' });
    // Everything was there already.
    expect(bytes.urls.slice(fetched)).toEqual([]);
  });

  test(`${name}: the skip link's #main is no link to the form: nothing fetched`, async ({
    page,
  }) => {
    const bytes = scriptBytes(page);
    await page.goto(`${path}#main`);
    await page.locator(field).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(bytes.urls.filter((url) => url.includes(island) || /\/react\./.test(url))).toEqual([]);
  });
}

test('contact: a submit before any other interaction is sent, with the island’s own success', async ({
  page,
}) => {
  const t = useTranslations('en');
  await slowIslands(page);
  await page.goto(pathTo('contact', 'en'));
  const email = uniqueEmail('contact-first-click');
  // As an autofill that fires no event would leave it: the form filled, the island not started.
  await page.evaluate((values) => {
    for (const [field, value] of Object.entries(values))
      (document.getElementById(`contact-${field}`) as HTMLInputElement).value = value;
  }, contactValues(email));
  await expect(page.locator(hydrated('ContactForm'))).toHaveCount(0);
  await page.getByRole('button', { name: t('forms.contact.submit') }).click();
  await expect(page.getByRole('status')).toContainText(t('forms.contact.success'));
  expect(page.url()).toMatch(/\/en\/contact$/);
  expect(rows(sharedDbPath(), 'SELECT name FROM contact_messages WHERE email = ?', email)).toEqual([
    { name: contactValues(email).name },
  ]);
});

test('home search: Find lessons as the first click goes to the resort’s lessons page', async ({
  page,
}) => {
  const t = useTranslations('en');
  await slowIslands(page);
  await page.goto(`${pathTo('home', 'en')}#lp`);
  const inAWeek = new Date(Date.now() + 7 * 86_400_000);
  const day = `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`;
  await page.evaluate((date) => {
    (document.getElementById('lp-where') as HTMLInputElement).value = 'Astún';
    (document.getElementById('lp-date-0') as HTMLInputElement).value = date;
    (document.getElementById('lp-level') as HTMLSelectElement).value = 'new';
  }, day);
  await page.getByRole('button', { name: t('search.submit') }).click();
  await expect(page).toHaveURL(/\/en\/resorts\/astun\/ski-lessons\?.*where=astun/);
});
