/**
 * The search finds resorts by the names people use, read from content/resorts (each name's
 * longest word, "baqueira", "molina", "astun", "sierra", and every alias): with JavaScript, and
 * without it through /api/lesson-search. A misspelling offers the closest resorts, picked with
 * the keyboard. A resort page's Find a lesson opens the search with that resort and sport.
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { resortNames } from '../resort-names';
import { expectNoViolations } from './axe';
import { hydrated, useTranslations } from './site';

const resorts = resortNames();
const field = (page: Page, id: string) => page.locator(`#lp-${id}`);

async function openSearch(page: Page, path: string) {
  await page.goto(path);
  // The search hydrates on the visitor's first interaction: a visitor starts in Where.
  await field(page, 'where').focus();
  await page.locator(hydrated('LessonSearchForm')).waitFor({ state: 'attached' });
}

for (const locale of ['en', 'es'] as const) {
  const t = useTranslations(locale);
  for (const width of [390, 1280]) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('every resort is found by the names people type', async ({ page }) => {
        await openSearch(page, `${pathTo('home', locale)}#lp`);
        for (const { id, typed } of resorts) {
          for (const text of typed) {
            await field(page, 'where').fill(text);
            // The address carries the resort's id once the text names it.
            await expect(page, text).toHaveURL(new RegExp(`\\?where=${id}&`));
          }
        }
        await field(page, 'where').fill(resorts[0]!.typed[0]!);
        await page.getByRole('button', { name: t('search.submit') }).click();
        await expect(field(page, 'where')).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('#lp-where-error')).toHaveCount(0);
        await expectNoViolations(page);
      });

      test('a misspelt resort offers the closest, picked with the keyboard', async ({ page }) => {
        const resort = resorts.find(({ typed }) => typed[0]!.length >= 5)!;
        const word = resort.typed[0]!;
        const misspelt = word.slice(0, 2) + word.slice(3); // one letter missing: "baqeira"
        await openSearch(page, `${pathTo('home', locale)}#lp`);
        await field(page, 'where').fill(misspelt);
        await field(page, 'where').press('Enter');
        await expect(page.locator('#lp-where-error')).toHaveText(t('search.errors.where.notFound'));
        const closest = page.locator('#lp-where-closest');
        await expect(closest).toContainText(t('search.whereClosest'));
        await expectNoViolations(page);

        await field(page, 'where').focus();
        await page.keyboard.press('Tab');
        // The closest first, next in the tab order after the field.
        const first = closest.getByRole('button').first();
        await expect(first).toHaveText(resort.name);
        await expect(first).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(field(page, 'where')).toHaveValue(resort.name);
        await expect(field(page, 'where')).toBeFocused();
        await expect(page.locator('#lp-where-error')).toHaveCount(0);
        await expect(closest).toHaveCount(0);
      });
    });
  }

  test(`without JavaScript (${locale}), the same names lead to the resort`, async ({ request }) => {
    for (const { id, typed } of resorts) {
      for (const text of typed) {
        const answer = await request.get(
          `/api/lesson-search?${new URLSearchParams({ where: text, sport: 'ski', locale })}`,
          { maxRedirects: 0 },
        );
        expect(answer.status(), text).toBe(303);
        expect(answer.headers().location, text).toContain(
          pathTo('resortSkiLessons', locale, { resort: id }),
        );
      }
    }
  });

  test(`Find a lesson on a resort page (${locale}) opens the search with the resort and sport`, async ({
    page,
  }) => {
    const { id, name } = resorts[0]!;
    for (const sport of ['ski', 'snowboard'] as const) {
      await page.goto(
        pathTo(sport === 'ski' ? 'resortSkiLessons' : 'resortSnowboardLessons', locale, {
          resort: id,
        }),
      );
      await page
        .locator('#your-search')
        .getByRole('link', { name: t('resorts.lessons.bookButton') })
        .click();
      await page.locator(hydrated('LessonSearchForm')).waitFor({ state: 'attached' });
      await expect(field(page, 'where')).toHaveValue(name);
      await expect(field(page, 'sport')).toHaveValue(sport);
      await expect(page.locator('#lp')).toBeInViewport();
      // Only the resort and the sport are chosen: no problems before Find lessons.
      await expect(page.locator('#lp [aria-invalid="true"]')).toHaveCount(0);
    }
  });
}
