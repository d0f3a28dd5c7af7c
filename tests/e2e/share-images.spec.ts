/**
 * Resort and job pages have share images of their own in each language (src/lib/share-image.ts,
 * drawn at build time by src/integrations/share-images.ts): 1200×630 PNGs named by og:image and
 * twitter:image with their size, showing the page's heading, so two languages' images differ.
 */
import { existsSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { resortPageIds } from '../../src/i18n/site-pages';
import { aResort, everyPage, jobSlugs, useTranslations } from './site';

/** A posting written in French too: its French page has its own heading. */
const translatedJob = jobSlugs.find((slug) => existsSync(`content/jobs/fr/${slug}.md`))!;

async function shareImageOf(page: Page, request: APIRequestContext, path: string) {
  await page.goto(path);
  const url = await page.locator('meta[property="og:image"]').getAttribute('content');
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', url!);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  const response = await request.get(new URL(url!).pathname);
  expect(response.status(), url!).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const png = await response.body();
  // A PNG's size is in its first chunk (IHDR): width and height, 4 bytes each, from byte 16.
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  return png;
}

for (const [name, id, params] of [
  ['resort', 'resortSkiLessons', { resort: aResort.id }],
  ['job', 'job', { job: translatedJob }],
] as const) {
  test(`a ${name} page's share image is its own, 1200×630, in each language`, async ({
    page,
    request,
  }) => {
    const english = await shareImageOf(page, request, pathTo(id, 'en', params));
    const french = await shareImageOf(page, request, pathTo(id, 'fr', params));
    expect(english.equals(french)).toBe(false);
  });
}

test('every page describes its share image (og:image:alt) in its language', async ({ request }) => {
  const attribute = (html: string, meta: string) =>
    new RegExp(`<meta ${meta} content="([^"]*)"`)
      .exec(html)?.[1]
      ?.replaceAll('&#39;', "'")
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
  for (const { locale, path, page: id } of everyPage) {
    const html = await (await request.get(path)).text();
    const alt = attribute(html, 'property="og:image:alt"');
    expect(alt, path).toBeTruthy();
    // A resort or job page's own image shows its heading; the others, the brand's mark.
    const siteImageAlt = useTranslations(locale)('site.shareImageAlt');
    if (id === 'job' || (resortPageIds as readonly string[]).includes(id))
      expect(alt, path).not.toBe(siteImageAlt);
    else expect(alt, path).toBe(siteImageAlt);
  }
});

test('the Organization logo is a square PNG of at least 112 px, drawn from the brand’s mark', async ({
  request,
}) => {
  const response = await request.get('/logo.png');
  expect(response.headers()['content-type']).toBe('image/png');
  const png = await response.body();
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  expect(width).toBeGreaterThanOrEqual(112);
  expect(height).toBe(width);
});
