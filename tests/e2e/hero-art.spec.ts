/**
 * The heroes' brand scene (src/lib/hero-art.svg, drawn by src/components/PageHero.astro):
 * it shows beside the text on a wide screen and under it on a phone, with no text written over the
 * drawing; it moves nothing as it arrives, the hero's text stays the largest paint, and the file is
 * one hashed file a browser keeps for a year.
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { aResort } from './site';

const pages = [pathTo('home', 'en', {}), pathTo('resortSkiLessons', 'fr', { resort: aResort.id })];

/** The largest paint's element and the page's total layout shift so far, as Chromium reports them. */
function paintAndShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ largest: string; inHeroText: boolean; shift: number }>((resolve) => {
        let shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shift += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as unknown as { element: Element | null };
          resolve({
            largest: last.element?.outerHTML.slice(0, 80) ?? 'none',
            inHeroText: !!last.element?.closest('.hero__content'),
            shift,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of pages) {
      test(`${path}: the brand scene shows, clear of the text, and shifts nothing`, async ({
        page,
      }) => {
        await page.goto(path);
        await page.waitForLoadState('load');
        const art = page.locator('.hero__art');
        await expect(art).toBeVisible();
        await expect(art).toHaveAttribute('aria-hidden', 'true');
        const scene = (await art.boundingBox())!;
        expect(scene.height).toBeGreaterThan(150);
        for (const text of await page.locator('.hero__content > :visible').all()) {
          const box = (await text.boundingBox())!;
          if (width >= 900) expect(box.x + box.width).toBeLessThanOrEqual(scene.x);
          // Under the text on a phone; the drawing's top twentieth is empty sky.
          else expect(box.y + box.height).toBeLessThanOrEqual(scene.y + scene.height * 0.05);
        }
        const { largest, inHeroText, shift } = await paintAndShift(page);
        expect(inHeroText, `largest paint: ${largest}`).toBe(true);
        expect(shift).toBe(0);
      });
    }
  });
}

test('the scene is one hashed file, kept by the browser for a year', async ({ page, request }) => {
  await page.goto(pages[0]!);
  const href = await page.locator('.hero__art use').getAttribute('href');
  expect(href).toMatch(/^\/_astro\/[^/]+\.svg#art$/);
  const response = await request.get(href!.split('#')[0]!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(await response.text()).toContain('id="art"');
});
