/**
 * Resorts, rental and prices as a visitor meets them: every resort's three pages in every locale
 * name the resort, the resort facts are tabs that work with the keyboard and without JavaScript,
 * rental says when a resort has no rental or no equipment, and prices are written the locale's way.
 * (The generic walk in pages.spec.ts already checks every page's status, axe, links and HTML.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { allLocales, type Locale } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { resortPageIds } from '../../src/i18n/site-pages';
import { countryName, length, money } from '../../src/i18n/format';
import { facts } from '../../src/site-facts';
import { aResort, resortIds, resorts, useTranslations } from './site';

const packsOf = (id: string) => resorts[id]!.rental.packs ?? [];
const tabs = (page: Page) => page.locator('[data-tabs="resort"]');
const panel = (page: Page, id: string) => page.locator(`#resort-${id}`);

test.describe('every resort has its three pages in every locale, named after it', () => {
  test.use({ javaScriptEnabled: false });
  for (const resort of resortIds) {
    for (const locale of allLocales) {
      test(`${resort} in ${locale}`, async ({ page }) => {
        const { name } = resorts[resort]!;
        const t = useTranslations(locale);
        for (const id of resortPageIds) {
          await page.goto(pathTo(id, locale, { resort }));
          await expect(page).toHaveTitle(t(`pages.${id}.title`, { resort: name }));
          await expect(page.locator('meta[name=description]')).toHaveAttribute(
            'content',
            t(`pages.${id}.description`, { resort: name }),
          );
          await expect(page.locator('h1')).toHaveText(t(`pages.${id}.heading`, { resort: name }));
          // The three pages link to each other, the current one marked.
          const links = page.getByRole('navigation', {
            name: t('resorts.links.label', { resort: name }),
          });
          for (const other of resortPageIds) {
            await expect(
              links.locator(`a[href="${pathTo(other, locale, { resort })}"]`),
            ).toHaveCount(1);
          }
          await expect(links.locator('[aria-current=page]')).toHaveAttribute(
            'href',
            pathTo(id, locale, { resort }),
          );
          // Open or closed, as its file says, where a live feed can find it.
          await expect(page.locator('main [data-resort-status]').first()).toHaveAttribute(
            'data-resort-status',
            resorts[resort]!.status,
          );
        }
      });
    }
  }
});

test.describe('resort facts tabs', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`switch with the arrow keys (${locale})`, async ({ page }) => {
      const t = useTranslations(locale);
      await page.goto(pathTo('resortSkiLessons', locale, { resort: aResort.id }));
      await expect(panel(page, 'info')).toBeVisible();
      await expect(panel(page, 'prices')).toBeHidden();

      await tabs(page)
        .getByRole('radio', { name: t('resorts.tabs.info') })
        .focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs(page).getByRole('radio', { name: t('resorts.tabs.prices') })).toBeChecked();
      await expect(tabs(page).getByRole('radio', { name: t('resorts.tabs.prices') })).toBeFocused();
      await expect(panel(page, 'prices')).toBeVisible();
      await expect(panel(page, 'info')).toBeHidden();
      await expect(panel(page, 'prices').getByRole('table')).toContainText(
        t('resorts.prices.adult'),
      );
      await expect(panel(page, 'prices').getByRole('table')).toContainText(
        t('resorts.prices.child'),
      );

      await page.keyboard.press('ArrowRight');
      await expect(panel(page, 'hours')).toBeVisible();
      // From the first tab, going back wraps round to the last one.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(
        tabs(page).getByRole('radio', { name: t('resorts.tabs.elevation') }),
      ).toBeChecked();
      await expect(panel(page, 'elevation')).toBeVisible();
      await expect(panel(page, 'elevation')).toContainText(
        length(aResort.elevation.top, 'meter', locale),
      );
    });
  }

  test('the season’s dates take two lines at most, each date whole, at 390, 768 and 1280 px', async ({
    page,
  }) => {
    const fr = useTranslations('fr');
    const season = (id: 'info' | 'hours', label: string) =>
      panel(page, id)
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .locator('dd');
    const lines = (value: Locator) =>
      value.evaluate((dd) => {
        const text = document.createRange();
        text.selectNodeContents(dd);
        // One rectangle per line box a date or separator sits on.
        return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // French: the longest month names.
      await page.goto(pathTo('resortSkiLessons', 'fr', { resort: aResort.id }));
      expect(
        await lines(season('info', fr('resorts.info.season'))),
        `info, ${width} px`,
      ).toBeLessThanOrEqual(2);
      await tabs(page)
        .getByRole('radio', { name: fr('resorts.tabs.hours') })
        .check();
      expect(
        await lines(season('hours', fr('resorts.hours.season'))),
        `hours, ${width} px`,
      ).toBeLessThanOrEqual(2);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every tab shows its panel when chosen, and the snow report says it is a sample', async ({
      page,
    }) => {
      const t = useTranslations('es');
      // A resort whose snow report is an example (`sample: true` in its file).
      const resort = Object.values(resorts).find((r) => r.snowReport.sample)!;
      await page.goto(pathTo('resortSnowboardLessons', 'es', { resort: resort.id }));
      for (const id of ['info', 'prices', 'hours', 'snow', 'slopes', 'elevation'] as const) {
        await tabs(page)
          .getByRole('radio', { name: t(`resorts.tabs.${id}`) })
          .click();
        await expect(panel(page, id)).toBeVisible();
        await expect(page.locator('[data-tabs="resort"] .tabs__panel:visible')).toHaveCount(1);
      }
      await tabs(page)
        .getByRole('radio', { name: t('resorts.tabs.snow') })
        .click();
      await expect(
        panel(page, 'snow').getByText(t('resorts.snow.sample', { resort: resort.name })),
      ).toBeVisible();
      await expect(panel(page, 'snow').locator('[data-snow-base]')).toHaveText(
        length(resort.snowReport.baseCm, 'centimeter', 'es'),
      );
    });
  });

  test('without CSS every panel is there to read', async ({ page }) => {
    await page.goto(pathTo('resortRental', 'en', { resort: aResort.id }));
    await page.evaluate(() =>
      document.querySelectorAll('style, link[rel=stylesheet]').forEach((sheet) => sheet.remove()),
    );
    const t = useTranslations('en');
    for (const heading of ['prices', 'hours', 'snow', 'slopes', 'elevation'] as const) {
      await expect(
        page.getByRole('heading', { name: t(`resorts.${heading}.heading`) }),
      ).toBeVisible();
    }
  });
});

test.describe('rental', () => {
  test.use({ javaScriptEnabled: false });
  const withoutRental = resortIds.filter((id) => !resorts[id]!.rental.offered);
  const withoutPacks = resortIds.filter(
    (id) => resorts[id]!.rental.offered && packsOf(id).length === 0,
  );
  const withPacks = resortIds.filter((id) => packsOf(id).length > 0);

  test('the content has a resort without rental, one with rental but no packs, and some with packs', () => {
    expect(withoutRental.length).toBeGreaterThan(0);
    expect(withoutPacks.length).toBeGreaterThan(0);
    expect(withPacks.length).toBeGreaterThan(0);
  });

  for (const locale of ['en', 'es'] as const) {
    test(`a resort without rental says rental is coming soon (${locale})`, async ({ page }) => {
      const t = useTranslations(locale);
      for (const resort of withoutRental) {
        await page.goto(pathTo('resortRental', locale, { resort }));
        await expect(
          page.getByText(t('rental.comingSoon.message', { resort: resorts[resort]!.name })),
        ).toBeVisible();
        await expect(page.locator('[data-pack]')).toHaveCount(0);
      }
    });
  }

  test('a resort whose shop lists no packs says "No equipment is available at this time."', async ({
    page,
  }) => {
    for (const resort of withoutPacks) {
      await page.goto(pathTo('resortRental', 'en', { resort }));
      await expect(
        page.getByText('No equipment is available at this time.', { exact: true }),
      ).toBeVisible();
      await expect(page.locator('[data-pack]')).toHaveCount(0);
      await page.goto(pathTo('resortRental', 'fr', { resort }));
      await expect(
        page.getByText(useTranslations('fr')('rental.noEquipment'), { exact: true }),
      ).toBeVisible();
    }
    expect(useTranslations('fr')('rental.noEquipment')).not.toBe(
      'No equipment is available at this time.',
    );
  });

  test('a resort with packs lists exactly its packs, with what they contain and a price per day', async ({
    page,
  }) => {
    const t = useTranslations('en');
    for (const resort of withPacks) {
      await page.goto(pathTo('resortRental', 'en', { resort }));
      const cards = page.locator('[data-pack]');
      expect(
        (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-pack')))).sort(),
      ).toEqual([...packsOf(resort)].sort());
      await expect(cards.first()).toContainText(t('rental.contains'));
      await expect(cards.first()).toContainText(/€\d+ per day/);
    }
  });

  test('the rental page shows the flow, every pack, the price match and each resort’s rental (fr)', async ({
    page,
  }) => {
    const t = useTranslations('fr');
    await page.goto(pathTo('rental', 'fr'));
    for (const step of ['compare', 'select', 'pickUp', 'ride'] as const) {
      await expect(
        page.getByRole('heading', { name: t(`rental.flow.${step}.title`) }),
      ).toBeVisible();
    }
    await expect(page.locator('[data-pack]')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: t('rental.priceMatch.heading') })).toBeVisible();
    for (const resort of withoutRental) {
      await expect(page.locator(`[data-resort="${resort}"]`)).toContainText(
        t('rental.comingSoon.message', { resort: resorts[resort]!.name }),
      );
    }
    for (const resort of withoutPacks) {
      await expect(page.locator(`[data-resort="${resort}"]`)).toContainText(
        t('rental.noEquipment'),
      );
    }
  });
});

test.describe('lessons pages', () => {
  test.use({ javaScriptEnabled: false });
  test('say what a lesson costs, with the locale’s money format, and how to book', async ({
    page,
  }) => {
    const { privateHourly, extraPersonHourly, group } = facts.lessons;
    await page.goto(pathTo('resortSkiLessons', 'en', { resort: aResort.id }));
    await expect(page.locator('[data-price="private-hourly"]')).toHaveText(
      money(privateHourly, 'en'),
    );
    await expect(
      page.getByText(`+${money(extraPersonHourly, 'en')} per hour for each extra learner`),
    ).toBeVisible();
    await expect(page.getByText(`${group.min} to ${group.max} learners`)).toBeVisible();
    // Find a lesson opens the search with this resort and sport.
    await expect(
      page.locator(`main a[href="/en?where=${aResort.id}&sport=ski#lp"]`).first(),
    ).toBeVisible();

    await page.goto(pathTo('resortSnowboardLessons', 'fr', { resort: aResort.id }));
    await expect(page.locator('[data-price="private-hourly"]')).toHaveText(
      money(privateHourly, 'fr'),
    );
    await expect(page.getByText(`De ${group.min} à ${group.max} élèves`)).toBeVisible();
    await expect(
      page.locator(`main a[href="/fr?where=${aResort.id}&sport=snowboard#lp"]`).first(),
    ).toBeVisible();
  });

  test('carry SkiResort structured data', async ({ page }) => {
    const { id, name, country, region, season } = aResort;
    await page.goto(pathTo('resortSkiLessons', 'es', { resort: id }));
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const skiResort = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'SkiResort');
    expect(skiResort).toMatchObject({
      name,
      address: { addressCountry: country, addressRegion: region.es },
    });
    expect(skiResort.openingHoursSpecification).toMatchObject({
      validFrom: season.opens,
      validThrough: season.closes,
    });
  });
});

test.describe('prices page', () => {
  const { privateHourly, extraPersonHourly, group } = facts.lessons;
  for (const locale of ['en', 'fr', 'es'] as const) {
    test(`tabs ski, snowboard, accessories with prices written the ${locale} way`, async ({
      page,
    }) => {
      const t = useTranslations(locale as Locale);
      await page.goto(pathTo('prices', locale));
      const ski = page.locator('#prices-ski');
      await expect(ski).toBeVisible();
      await expect(ski.locator('[data-price-row="private-hourly"] td')).toContainText(
        money(privateHourly, locale),
      );
      await expect(ski.locator('[data-price-row="extra-person-hourly"] td')).toContainText(
        `+${money(extraPersonHourly, locale)}`,
      );
      await expect(ski.locator('[data-price-row="group"] td')).toContainText(
        t('prices.lessons.groupSize', group),
      );

      await page.getByRole('radio', { name: t('prices.tabs.snowboard') }).click();
      await expect(page.locator('#prices-snowboard')).toBeVisible();
      await expect(ski).toBeHidden();
      await expect(
        page.locator('#prices-snowboard [data-price-row="expert-snowboard"]'),
      ).toBeVisible();

      await page.getByRole('radio', { name: t('prices.tabs.accessories') }).click();
      await expect(page.locator('#prices-accessories [data-price-row="helmet"]')).toBeVisible();
    });
  }
});

test.describe('resorts index and destinations', () => {
  test.use({ javaScriptEnabled: false });
  test('the index shows every resort with its status and links to its pages (fr)', async ({
    page,
  }) => {
    await page.goto(pathTo('resorts', 'fr'));
    for (const resort of resortIds) {
      // Each card is an article named after its resort (its heading), as a screen reader lists it.
      const card = page.getByRole('article', { name: resorts[resort]!.name, exact: true });
      await expect(card).toHaveAttribute('data-resort', resort);
      await expect(card.getByRole('heading')).toHaveText(resorts[resort]!.name);
      await expect(card.locator('[data-resort-status]')).toHaveAttribute(
        'data-resort-status',
        resorts[resort]!.status,
      );
      for (const id of resortPageIds)
        await expect(
          card.locator(`a[href="${pathTo(id, 'fr', { resort })}"]`).last(),
        ).toBeVisible();
    }
  });

  test('destinations group the resorts by country and mountain range (en)', async ({ page }) => {
    await page.goto(pathTo('destinations', 'en'));
    await expect(
      page.getByRole('heading', { level: 2, name: countryName(aResort.country, 'en') }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: aResort.range.en })).toBeVisible();
    for (const resort of resortIds) {
      await expect(
        page.locator(
          `[data-resort="${resort}"] a[href="${pathTo('resortRental', 'en', { resort })}"]`,
        ),
      ).toHaveCount(1);
    }
  });
});
