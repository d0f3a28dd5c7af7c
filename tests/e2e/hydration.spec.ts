/**
 * Every island wakes up cleanly: no exception and no error in the console while a page loads and
 * its islands hydrate, in the states a visitor meets them (a choice to make or already made, a
 * search in the address). A hydration mismatch makes React throw the server's markup away and
 * log an error (that is how the preferences page once failed, seen by Lighthouse, not by a test).
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { aResort, hydrated, resorts } from './site';

/** Collects what a visitor's console would show as errors. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** A resort whose shop lists packs: its rental page has the reservation form. */
const renting = Object.values(resorts).find((resort) => (resort.rental.packs ?? []).length > 0)!;

const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** `islands` are Astro islands; `ready` a selector that shows a script-mounted part has rendered. */
const cases: {
  name: string;
  path: string;
  islands: string[];
  ready?: string;
  firstVisit?: boolean;
  scroll?: boolean;
}[] = [
  {
    name: 'home, first visit: banner and search',
    path: '/en#lp',
    islands: ['LessonSearchForm'],
    ready: '[data-consent-banner][data-ready]',
    firstVisit: true,
  },
  { name: 'home, choice made: search', path: '/fr#lp', islands: ['LessonSearchForm'] },
  {
    name: 'preferences, first visit',
    path: pathTo('preferences', 'es'),
    islands: ['ConsentPreferences'],
    firstVisit: true,
  },
  {
    name: 'preferences, choice made',
    path: pathTo('preferences', 'fr'),
    islands: ['ConsentPreferences'],
  },
  { name: 'contact', path: pathTo('contact', 'fr'), islands: ['ContactForm'], scroll: true },
  {
    name: 'instructor application',
    path: pathTo('instructorApplication', 'es'),
    islands: ['InstructorApplicationForm'],
    scroll: true,
  },
  {
    name: 'resort lessons page with a search, live conditions, lesson request',
    path: `${pathTo('resortSkiLessons', 'en', { resort: aResort.id })}?where=${aResort.id}&sport=ski&date=${inAWeek}&time=10%3A00&hours=2&adults=2&children=0&lesson=private&level=new&language=english#your-search`,
    islands: ['LessonRequestForm'],
    ready: '[data-search-summary=valid]',
  },
  {
    name: 'rental reservation, a pack chosen in the address',
    path: `${pathTo('resortRental', 'pt', { resort: renting.id })}?pack=${renting.rental.packs![0]}#reserve`,
    islands: ['RentalReservationForm'],
  },
];

for (const { name, path, islands, ready, firstVisit, scroll } of cases) {
  test.describe(() => {
    if (firstVisit) test.use({ storageState: { cookies: [], origins: [] } });
    test(`${name}: hydrates without an error`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      if (scroll) await page.locator('main form').last().scrollIntoViewIfNeeded();
      // Form islands hydrate on the visitor's first interaction: focus the form's first field.
      if (islands.length)
        await page
          .locator('main form :is(input, select, textarea):not([type=hidden]):not(:disabled)')
          .first()
          .focus();
      for (const island of islands)
        await page.locator(hydrated(island)).first().waitFor({ state: 'attached' });
      if (ready) await page.locator(ready).waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  });
}

test('the footer newsletter dialog, opened: its form comes alive without an error', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(pathTo('about', 'fr'));
  await page.locator('[data-newsletter-trigger]').click();
  await page
    .locator('dialog form[data-newsletter-form][data-enhanced]')
    .waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
