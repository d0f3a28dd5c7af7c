/**
 * A page's first response carries only its first screen's CSS (src/integrations/critical-css.ts);
 * the whole stylesheet follows as a file. Before it arrives, the first screen must look as it does
 * after, with nothing further down painted unstyled; when it arrives, nothing may move.
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { aResort } from './site';

const pages = [
  pathTo('home', 'en', {}),
  pathTo('privacy', 'fr', {}),
  pathTo('instructors', 'fr', {}),
  pathTo('resortSkiLessons', 'es', { resort: aResort.id }),
];
const wholeStylesheet = /\/_astro\/page\.[\w-]+\.css$/;

/**
 * The first screen as painted, CSS animations stopped. The heroes' brand scene is masked: its
 * skiers move inside its own file, and it arrives on its own (tests/e2e/hero-art.spec.ts).
 */
const firstScreen = (page: Page) =>
  page.screenshot({ animations: 'disabled', mask: [page.locator('.hero__art')] });

/** The page's total layout shift so far, as Chromium reports it. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shift += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shift), 300);
      }),
  );

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width: width!, height: height! } });
    for (const path of pages) {
      test(`${path}: the first screen looks the same before the whole stylesheet arrives, and nothing moves when it does`, async ({
        page,
      }) => {
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(wholeStylesheet, async (route) => {
          await held;
          await route.continue();
        });
        // A resort page's live conditions arrive on their own: let them in before the first shot.
        const live = path.includes('/resorts/')
          ? page.waitForResponse(/\/api\/live-conditions\//)
          : undefined;
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        if (live) {
          await live;
          await page.waitForTimeout(300);
        }
        const link = page.locator('link[rel=stylesheet][href^="/_astro/page."]').first();
        await expect(link).toHaveAttribute('media', 'print');
        const before = await firstScreen(page);

        release();
        await expect(link).toHaveAttribute('media', 'all');
        await page.waitForLoadState('load');
        const after = await firstScreen(page);
        // Compared as bytes (a deep comparison of two images takes minutes); both kept on failure.
        if (!after.equals(before)) {
          await test
            .info()
            .attach('before the whole stylesheet', { body: before, contentType: 'image/png' });
          await test.info().attach('after', { body: after, contentType: 'image/png' });
        }
        expect(
          after.equals(before),
          'the first screen changed when the whole stylesheet arrived',
        ).toBe(true);
        expect(await layoutShift(page)).toBe(0);
      });
    }
  });
}

test('the whole stylesheet is one hashed file, kept by the browser for a year', async ({
  page,
  request,
}) => {
  await page.goto(pages[0]!);
  const href = await page
    .locator('link[rel=stylesheet][href^="/_astro/page."]')
    .first()
    .getAttribute('href');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/css');
  expect(response.headers()['cache-control']).toContain('immutable');
});
