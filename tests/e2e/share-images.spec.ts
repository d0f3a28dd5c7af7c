/**
 * Resort and job pages have share images of their own in each language (src/lib/share-image.ts,
 * drawn at build time by src/integrations/share-images.ts): 1200×630 PNGs named by og:image and
 * twitter:image with their size, showing the page's heading, so two languages' images differ.
 */
import { existsSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { aResort, jobSlugs } from './site';

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
