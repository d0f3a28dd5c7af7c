/**
 * Every template of the site (src/i18n/routes.ts: each fixed page, one resort for each resort
 * template, one job posting; the 404 page) at 390 and 1280 px in English and French, compared with its
 * baseline, so no change breaks the look unnoticed.
 *
 * What is compared: the top of each page (header, hero and the sections where the template's own
 * layout shows), the footer once per width and language, and the cookie banner on
 * a first visit. Whole pages would weigh about 50 MB of baselines; the lower parts of long pages
 * repeat the components seen above them.
 *
 * What changes from visit to visit is pinned here, not in the site: the reviews' shuffle draws
 * from a seeded random, the clock stands still, the live conditions come from the fake backend's
 * fixed answer (playwright.config.ts) and are waited for. Only the footer's year, fixed when the
 * site is built, is masked.
 */
import { expect, test, type Page } from '@playwright/test';
import { drawEverything } from '../../scripts/draw-everything.mjs';
import type { Locale } from '../../src/i18n/locales';
import { pathTo, staticPageIds, type PageId, type RouteParams } from '../../src/i18n/routes';
import { resortPageIds } from '../../src/i18n/site-pages';
import { readdirSync } from 'node:fs';

/**
 * The site is built with the content frozen with the baselines (build-site.mjs):
 * its first resort and posting, whatever content/ holds today.
 */
const frozen = (folder: string, extension: string) =>
  readdirSync(`tests/screenshots/content/${folder}`)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => name.slice(0, -extension.length));
const resort = frozen('resorts', '.yaml')[0]!;
const job = frozen('jobs/en', '.md')[0]!;

const pages: { page: PageId; params: RouteParams }[] = [
  ...staticPageIds.map((page) => ({ page, params: {} })),
  ...resortPageIds.map((page) => ({ page, params: { resort } })),
  { page: 'job' as const, params: { job } },
];
const templates: { name: string; path: (locale: Locale) => string }[] = [
  ...pages.map(({ page, params }) => ({
    name: page,
    path: (locale: Locale) => pathTo(page, locale, params),
  })),
  // The page an unknown address gets (NotFound.astro), in the address's language.
  { name: 'notFound', path: (locale: Locale) => `/${locale}/no-such-page` },
];

/**
 * A phone (iPhone 12 to 15) and a laptop, and how much of each page is compared: two screens on
 * the phone, a square on the laptop (about 8 MB of baselines in all).
 */
const screens = [
  { width: 390, height: 844, shown: 1688 },
  { width: 1280, height: 800, shown: 1280 },
];
const locales = ['en', 'fr'] as const;

/** A morning in the season, the same for every run. */
const pinnedNow = new Date('2027-01-15T09:30:00+01:00');

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(pinnedNow);
  // Math.random from a fixed seed (Park–Miller): the reviews come in the same order every time.
  await page.addInitScript(() => {
    let seed = 20_27;
    Math.random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  });
});

/** The page as a visitor sees it once it has settled: every section drawn, live values shown. */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A resort page's live line shows the fake backend's answer before the picture.
  for (const line of await page.locator('[data-resort-live]').all())
    await expect(line).toHaveAttribute('data-state', 'live');
  await drawEverything(page);
}

/** The footer's "© year", which the build writes from its own clock. */
const buildYear = (page: Page) => page.getByRole('contentinfo').getByText('©');

for (const screen of screens) {
  test.describe(`${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });
    for (const locale of locales) {
      for (const { name, path } of templates) {
        test(`${name} (${locale})`, async ({ page }) => {
          await settle(page, path(locale));
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await expect(page).toHaveScreenshot(`${name}-${locale}-${screen.width}.png`, {
            fullPage: true,
            clip: { x: 0, y: 0, width: screen.width, height: Math.min(height, screen.shown) },
            mask: [buildYear(page)],
          });
        });
      }

      test(`footer (${locale})`, async ({ page }) => {
        await settle(page, pathTo('legalNotice', locale));
        await expect(page.getByRole('contentinfo')).toHaveScreenshot(
          `footer-${locale}-${screen.width}.png`,
          { mask: [buildYear(page)] },
        );
      });

      test.describe('first visit', () => {
        test.use({ storageState: { cookies: [], origins: [] } });
        test(`cookie banner (${locale})`, async ({ page }) => {
          await settle(page, pathTo('home', locale));
          const name = `cookie-banner-${locale}-${screen.width}.png`;
          // On the phone the whole screen, how much of it the banner covers being the point; on
          // the laptop the banner alone (the page above it is the home page's picture).
          if (screen.width < 600) await expect(page).toHaveScreenshot(name);
          else await expect(page.locator('[data-consent-banner]')).toHaveScreenshot(name);
        });
      });
    }
  });
}
