// Screenshots of the lesson search and the resort pages in their states, at 390 and 1280 px, for
// looking at what we built (screenshots/search-*.png). Needs the site and, for the live values
// and the toast, the fake backend (node tests/e2e/fake-backend.ts) running.
//   node scripts/search-screenshots.mjs [baseURL] [locale…]
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const [base = 'http://localhost:4321', ...asked] = process.argv.slice(2);
const locales = asked.length ? asked : ['en', 'fr', 'es'];
const backend = 'http://localhost:4398/graphql';
const day = (offset) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toISOString().slice(0, 10);
};
const lessonPath = {
  en: '/en/resorts/astun/ski-lessons',
  fr: '/fr/resorts/astun/cours-de-ski',
  es: '/es/resorts/astun/clases-de-esqui',
};

const browser = await chromium.launch(chromiumLaunchOptions);
await mkdir('screenshots', { recursive: true });
const shot = async (page, name, target) => {
  const path = `screenshots/search-${name}.png`;
  await (target ? page.locator(target).screenshot({ path }) : page.screenshot({ path }));
  console.log(path);
};

for (const width of [390, 1280]) {
  for (const locale of locales) {
    const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
    await page.goto(`${base}/${locale}#lp`, { waitUntil: 'networkidle' });
    // The search hydrates on the visitor's first interaction with it.
    await page.locator('#lp-where').focus();
    await page
      .locator('astro-island[component-url*="LessonSearchForm"]:not([ssr])')
      .waitFor({ state: 'attached' });
    await shot(page, `${locale}-empty-${width}`, '#lp');

    await page.locator('#lp-lesson').evaluate((el) => el.scrollIntoView());
    await page
      .getByRole('button', { name: /./ })
      .filter({ hasText: /Find|Trouver|Buscar/ })
      .click();
    await page.waitForTimeout(200);
    await shot(page, `${locale}-errors-${width}`, '#lp');

    await page.locator('#lp-where').fill('Chamonix');
    await page.waitForTimeout(100);
    await shot(page, `${locale}-not-found-${width}`, '#lp .lesson-search__row--where');

    await page.locator('#lp-where').fill('astun');
    await page.locator('#lp-date-0').fill(day(7));
    await page.locator('#lp-add-date').click();
    await page.locator('#lp-adults').fill('2');
    await page.locator('#lp-children').fill('1');
    await page.locator('#lp-level').selectOption('intermediate');
    await page.waitForTimeout(200);
    await shot(page, `${locale}-filled-${width}`, '#lp');

    await page.locator('.lesson-search__same input').uncheck();
    await page.locator('#lp-time-1').fill('14:00');
    await page.locator('#lp-hours-1').fill('3');
    await shot(page, `${locale}-per-date-${width}`, '#lp .lesson-search');

    await page.locator('.lesson-search__submit').click();
    await page.waitForURL(/#your-search$/);
    await page.locator('[data-search-summary]').waitFor();
    await page.waitForTimeout(300);
    await shot(page, `${locale}-resort-summary-${width}`, '#your-search');
    await page.close();
  }

  // Live values from the fake backend, and the error toast.
  const live = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await live.goto(base + lessonPath.en, { waitUntil: 'networkidle' });
  await live.waitForTimeout(300);
  await shot(live, `resort-live-${width}`);
  await live.locator('label:has(input[value=snow])').click();
  await shot(live, `resort-live-snow-${width}`, '#resort-snow');
  await live.close();

  const slow = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await slow.route(backend, (route) =>
    route.continue({ url: `${backend}?scenario=slow&delay=4000` }),
  );
  await slow.goto(base + lessonPath.fr);
  await slow.locator('[data-resort-live][data-state=loading]').waitFor();
  await shot(slow, `resort-loading-${width}`);
  await slow.close();

  const failing = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await failing.route(backend, (route) => route.continue({ url: `${backend}?scenario=error` }));
  await failing.goto(base + lessonPath.es);
  await failing.locator('[data-sonner-toast]').waitFor();
  await failing.waitForTimeout(500);
  await shot(failing, `resort-toast-${width}`);
  await failing.close();
}
await browser.close();
