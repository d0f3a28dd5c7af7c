/**
 * Every template of the site (src/i18n/routes.ts: each fixed page, one resort for each resort
 * template, one job posting) at 390 and 1280 px in English and French, compared with its
 * baseline, so no change breaks the look unnoticed. What changes from visit to visit is masked:
 * the shuffled reviews and the live conditions (a resort's status, snow report and live line).
 */
import { expect, test } from '@playwright/test';
import { drawEverything } from '../../scripts/draw-everything.mjs';
import { pathTo, staticPageIds, type PageId, type RouteParams } from '../../src/i18n/routes';
import { resortPageIds } from '../../src/i18n/site-pages';
import { aResort, jobSlugs } from '../e2e/site';

const templates: { page: PageId; params: RouteParams }[] = [
  ...staticPageIds.map((page) => ({ page, params: {} })),
  ...resortPageIds.map((page) => ({ page, params: { resort: aResort.id } })),
  ...jobSlugs.slice(0, 1).map((job) => ({ page: 'job' as const, params: { job } })),
];

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });
    for (const locale of ['en', 'fr'] as const) {
      for (const { page: id, params } of templates) {
        test(`${id} (${locale})`, async ({ page }) => {
          await page.goto(pathTo(id, locale, params));
          await page.waitForLoadState('networkidle');
          // A resort page's live line settles (live, or unavailable) before the picture.
          for (const line of await page.locator('[data-resort-live]').all())
            await expect(line).not.toHaveAttribute('data-state', 'loading');
          await drawEverything(page);
          await expect(page).toHaveScreenshot(`${id}-${locale}-${width}.png`, {
            fullPage: true,
            mask: [
              page.locator('[data-reviews]'),
              page.locator('[data-resort-live], main [data-resort-status]'),
              page.locator('[data-snow-base], [data-snow-summit], [data-snow-updated]'),
            ],
          });
        });
      }
    }
  });
}
