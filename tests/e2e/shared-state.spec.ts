/**
 * Parts of one page that share state (src/stores/) stay in step without a reload: the consent
 * given in the banner reaches the toaster at once, a pack chosen on a rental page fills the
 * reservation form in place and is carried to the lesson request, and what the visitor changes in
 * the lesson request becomes the search the booking box shows.
 */
import { freePort } from '../free-port';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { pathTo } from '../../src/i18n/routes';
import { scenarioUrl, scenarios } from './fake-backend-data';
import { startServer } from './forms-helpers';
import { aResort, resortIds, resorts, useTranslations } from './site';
import { tagsLoadedOnce, watchNetwork } from './third-party-stubs';

const t = useTranslations('en');

/** Marks the window: gone after a reload, so a test can tell the page was never left. */
const markWindow = (page: Page) =>
  page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillSameWindow = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test.describe('consent', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 800 } });

  test('tracking allowed in the preferences form starts at once, on the same page', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(context);
    await page.goto(pathTo('preferences', 'en'));
    await page.locator('#consent-tracking').check();
    await markWindow(page);
    await page.getByRole('button', { name: t('consent.preferences.save') }).click();
    await expect(page.getByRole('status')).toHaveText(t('consent.preferences.saved'));
    await tagsLoadedOnce(network);
    await expect.poll(() => network.pageViews().length).toBe(1);
    expect(await stillSameWindow(page)).toBe(true);
  });

  test('a toast waits above the banner, and comes down as soon as the banner is answered', async ({
    page,
  }) => {
    const server = await startServer(await freePort(), {
      BACKEND_GRAPHQL_URL: scenarioUrl(scenarios.error),
    });
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${server.url}${pathTo('resortSkiLessons', 'en', { resort: aResort.id })}`);
      const banner = page.locator('[data-consent-banner]');
      await page.locator('[data-consent-banner][data-ready]').waitFor({ state: 'attached' });
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      const bottomGap = async () => {
        const box = (await toast.boundingBox())!;
        return 800 - (box.y + box.height);
      };
      const bannerHeight = (await banner.boundingBox())!.height;
      expect(await bottomGap()).toBeGreaterThan(bannerHeight);

      await banner.getByRole('button', { name: t('consent.banner.acceptAll') }).click();
      await expect(banner).toBeHidden();
      await expect(toast).toBeVisible();
      await expect.poll(bottomGap).toBeLessThan(bannerHeight);
    } finally {
      await server.stop();
    }
  });
});

type PackFile = { id: string; sport: 'ski' | 'snowboard' };
const packFile = (parse(readFileSync('content/rental-packs.yaml', 'utf8')) as { packs: PackFile[] })
  .packs;
/** A resort with at least two ski packs (whichever the content has), and its ski packs. */
const renting = resortIds
  .map((id) => resorts[id]!)
  .find(
    (r) =>
      (r.rental.packs ?? []).filter((id) => packFile.find((p) => p.id === id)?.sport === 'ski')
        .length >= 2,
  )!;
const skiPacks = (renting.rental.packs ?? []).filter(
  (id) => packFile.find((p) => p.id === id)?.sport === 'ski',
);

test.describe('the chosen rental pack', () => {
  test('another pack reserved separately fills the form in place: what was typed stays', async ({
    page,
  }) => {
    const [first, second] = skiPacks as [string, string];
    await page.goto(pathTo('resortRental', 'en', { resort: renting.id }));
    const reserve = (pack: string) =>
      page
        .locator(`[data-pack="${pack}"]`)
        .getByRole('link', { name: t('rental.select.separately') })
        .click();
    await reserve(first);
    await expect(page.locator('#rental-pack')).toHaveValue(first);
    await page.locator('#rental-name').fill('Lucía Fernández');
    await markWindow(page);

    await reserve(second);
    await expect(page.locator('#rental-pack')).toHaveValue(second);
    await expect(page.locator('#rental-name')).toHaveValue('Lucía Fernández');
    expect(await stillSameWindow(page)).toBe(true);
    expect(new URL(page.url()).searchParams.get('pack')).toBe(second);
  });

  test('a pack added to a lesson on the rental page is the lesson request’s pack', async ({
    page,
  }) => {
    const pack = skiPacks[skiPacks.length - 1]!;
    await page.goto(pathTo('resortRental', 'en', { resort: renting.id }));
    await page
      .locator(`[data-pack="${pack}"]`)
      .getByRole('link', { name: t('rental.select.withLesson') })
      .click();
    await expect(page).toHaveURL(
      new RegExp(pathTo('resortSkiLessons', 'en', { resort: renting.id })),
    );
    await expect(page.locator('#lesson-request-pack')).toHaveValue(pack);
  });
});

test.describe('the lesson search', () => {
  test('a date fixed in the lesson request is the search the booking box shows, with its quote', async ({
    page,
  }) => {
    const inDays = (days: number) => {
      const date = new Date();
      date.setDate(date.getDate() + days);
      return date.toLocaleDateString('sv'); // YYYY-MM-DD, local calendar
    };
    const search = new URLSearchParams({
      where: aResort.id,
      sport: 'ski',
      date: inDays(-3),
      time: '10:00',
      hours: '2',
      adults: '2',
      children: '0',
      lesson: 'private',
      level: 'new',
      language: 'english',
    });
    await page.goto(`${pathTo('resortSkiLessons', 'en', { resort: aResort.id })}?${search}`);
    const summary = page.locator('[data-search-summary]');
    await expect(summary).toHaveAttribute('data-search-summary', 'invalid');
    await markWindow(page);

    await page.locator('#lesson-request-date').fill(inDays(10));
    await expect(summary).toHaveAttribute('data-search-summary', 'valid');
    await expect(summary.locator('[data-request]')).toBeVisible();
    expect(await stillSameWindow(page)).toBe(true);
  });
});
