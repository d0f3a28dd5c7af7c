/**
 * Layouts that use the screen: measured where they once did not (a desktop page with a third of
 * its width empty, nine reviews stacked in about 3,000 px on a phone).
 */
import { expect, test, type Locator } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { expectNoViolations } from './axe';
import { resorts, useTranslations } from './site';

/** A resort whose rental page has packs and the reservation form. */
const rentalResort = Object.values(resorts).find((resort) => resort.rental.offered)!;

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** `second` stands beside `first` (they share some height) and the two reach the container's right edge. */
async function expectSideBySide(first: Locator, second: Locator, container: Locator) {
  const [a, b, c] = [await box(first), await box(second), await box(container)];
  expect(b.y, 'the second starts before the first ends').toBeLessThan(a.y + a.height);
  expect(b.x, 'the second is to the right of the first').toBeGreaterThanOrEqual(a.x + a.width);
  expect(b.x + b.width, 'to the container’s right edge').toBeGreaterThan(c.x + c.width - 2);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the FAQ has its questions beside an aside, across the width', async ({ page }) => {
    for (const locale of ['en', 'fr'] as const) {
      const t = useTranslations(locale);
      await page.goto(pathTo('faq', locale));
      const questions = page.locator('main .faq');
      const aside = page.getByRole('complementary', { name: t('faq.more.heading') });
      await expectSideBySide(questions, aside, page.locator('main .container').first());
    }
  });

  test('the prices page sets the lessons and rental tables side by side, across the width', async ({
    page,
  }) => {
    for (const locale of ['en', 'fr'] as const) {
      const t = useTranslations(locale);
      await page.goto(pathTo('prices', locale));
      const panel = page.getByRole('region', { name: t('prices.ski.heading') });
      const lessons = panel.getByRole('table', { name: t('prices.lessons.caption') });
      const rental = panel.getByRole('table', { name: t('prices.rental.caption') });
      await expectSideBySide(lessons, rental, page.locator('main .container').first());
    }
  });

  test('the lesson request and the rental reservation set the visitor’s details beside the rest, across the width', async ({
    page,
  }) => {
    const t = useTranslations('fr');
    await page.goto(pathTo('resortSkiLessons', 'fr', { resort: rentalResort.id }));
    const request = page.locator('.lesson-request .form');
    await expectSideBySide(
      request.getByRole('group', { name: t('forms.lessonRequest.lessonLegend') }),
      request.getByRole('group', { name: t('forms.lessonRequest.aboutYou') }),
      page.locator('main .container').filter({ has: request }),
    );

    await page.goto(pathTo('resortRental', 'fr', { resort: rentalResort.id }));
    const reservation = page.locator('.rental-form .form');
    await expectSideBySide(
      reservation.getByRole('group', { name: t('forms.rentalReservation.dates') }),
      reservation.getByRole('group', { name: t('forms.rentalReservation.aboutYou') }),
      page.locator('main .container').filter({ has: reservation }),
    );
  });

  test('the instructors’ FAQ stands beside its heading, across the width', async ({ page }) => {
    const t = useTranslations('en');
    await page.goto(pathTo('instructors', 'en'));
    const heading = page.getByRole('heading', { name: t('instructors.faq.heading') });
    const section = page.getByRole('region', { name: t('instructors.faq.heading') });
    await expectSideBySide(heading, section.locator('.faq'), section.locator('.container'));
  });
});

// A long label in a narrow card ran out of it, past the screen's edge, while buttons did not wrap
// (global.css lets them now). French has the longest.
for (const width of [390, 768]) {
  test(`long buttons stay inside their cards at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, buttons] of [
      [pathTo('rental', 'fr'), '[data-rental-book]'],
      [pathTo('resortRental', 'fr', { resort: rentalResort.id }), '[data-pack-select] .button'],
      [pathTo('sports', 'fr'), '.sports-book'],
    ] as const) {
      await page.goto(path);
      const outside = await page.locator(buttons).evaluateAll((elements) =>
        elements
          .filter((button) => {
            const card = button.closest('li, article')!.getBoundingClientRect();
            return button.getBoundingClientRect().right > card.right;
          })
          .map((button) => button.textContent?.trim()),
      );
      expect(outside, path).toEqual([]);
    }
  });
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home page’s reviews are one row that snaps card by card and scrolls with the keyboard', async ({
    page,
  }) => {
    const t = useTranslations('en');
    await page.goto(pathTo('home', 'en'));
    const row = page.getByRole('region', { name: t('home.reviews.rowLabel') });
    await row.scrollIntoViewIfNeeded();
    const cards = row.getByRole('list').getByRole('listitem');
    const tops = new Set(
      await cards.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      ),
    );
    expect(tops.size, 'every card on one row').toBe(1);
    expect((await box(row)).height, 'less than a screen tall').toBeLessThan(844);
    expect(await row.evaluate((scroller) => getComputedStyle(scroller).scrollSnapType)).toMatch(
      /^x/,
    );
    expect(await cards.first().evaluate((card) => getComputedStyle(card).scrollSnapAlign)).toBe(
      'start',
    );

    await row.focus();
    await expect(row).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => row.evaluate((scroller) => scroller.scrollLeft)).toBeGreaterThan(0);

    await expectNoViolations(page, '[data-reviews-row]');
  });
});
