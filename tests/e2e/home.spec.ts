import { expect, test, type Page } from '@playwright/test';
import { resortCount } from '../../src/content/counts';
import { formatters, money } from '../../src/i18n/format';
import { locales } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { facts } from '../../src/site-facts';
import { aResort, reviews, useTranslations } from './site';

/** The reviews' ids in the order the page shows them. */
const reviewOrder = (page: Page) =>
  page
    .locator('[data-review]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-review')));

/** The figures of the site facts, written the locale's way (formats: tests/unit/legal.test.ts). */
const figuresIn = (locale: 'en' | 'fr') => {
  const format = formatters(locale);
  return {
    stats: [
      // The resorts are counted from content/resorts (one file each), not typed.
      format.number(resortCount()),
      format.atLeast(facts.stats.users),
      format.number(facts.stats.instructors),
      format.atLeast(facts.stats.lessons),
    ],
    percent: format.percent(facts.claims.cheaperThanSchoolsPercent),
    price: format.money(facts.lessons.privateHourly),
    club: format.money(facts.clubPass.monthlyFrom),
  };
};

for (const { locale, path, figures } of [
  { locale: 'en', path: '/en', figures: figuresIn('en') },
  { locale: 'fr', path: '/fr', figures: figuresIn('fr') },
] as const) {
  test.describe(`home page in ${locale}`, () => {
    const t = useTranslations(locale);

    test('has every section, in the visitor’s language', async ({ page }) => {
      await page.goto(path);
      for (const heading of [
        t('home.search.heading'),
        t('home.claims.heading'),
        t('home.how.heading'),
        t('home.stats.heading'),
        t('home.reviews.heading'),
        t('home.sports.heading'),
        t('home.group.heading'),
        t('home.clubPass.heading'),
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toHaveCount(1);
      }
      await expect(page.locator('[data-section=claims] > li')).toHaveCount(4);
      await expect(page.locator('[data-section=how] > li')).toHaveCount(4);
      // Ski and snowboard bookable now; surf, kite, tennis, yoga and golf later.
      await expect(page.locator('[data-section=sports] .badge--open')).toHaveCount(2);
      await expect(page.locator('[data-section=sports] .badge--soon')).toHaveCount(5);
      await expect(page.locator('[data-section=club-pass]')).toContainText(t('home.clubPass.soon'));
    });

    test('writes every figure the locale’s way', async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('[data-section=stats] dd')).toHaveText([...figures.stats]);
      await expect(page.locator('.hero__intro')).toContainText(figures.percent);
      await expect(page.locator('#lp')).toContainText(figures.price);
      await expect(page.locator('[data-section=claims]')).toContainText(figures.percent);
      await expect(page.locator('[data-section=club-pass]')).toContainText(figures.club);
      await expect(page.locator('#group-lessons')).toContainText(
        locale === 'en'
          ? `${facts.lessons.group.min} to ${facts.lessons.group.max} learners`
          : `${facts.lessons.group.min} à ${facts.lessons.group.max} élèves`,
      );
      expect(await page.locator('main').innerText()).not.toContain('{{');
    });
  });
}

test('the hero’s Book lesson goes to #lp: the lesson search, and the resorts to browse', async ({
  page,
}) => {
  await page.goto('/es');
  const t = useTranslations('es');
  const lp = page.locator('#lp');
  await expect(lp).toHaveCount(1);
  await expect(lp.getByRole('heading', { level: 2, name: t('home.search.heading') })).toBeVisible();
  await expect(lp.getByRole('button', { name: t('search.submit') })).toBeVisible();
  const browse = lp.getByRole('navigation', { name: t('search.browse') });
  await expect(browse.getByRole('link', { name: aResort.name })).toHaveAttribute(
    'href',
    pathTo('resortSkiLessons', 'es', { resort: aResort.id }),
  );

  await page.locator('[data-cta=hero-book]').click();
  await expect(page).toHaveURL(/\/es#lp$/);
  await expect(lp).toBeInViewport();
});

test.describe('a long page drawn as it is read', () => {
  // Below the lesson search, each section is laid out only as it nears the viewport
  // (content-visibility: auto): the first render covers the top of the page alone.
  /** Whether the browser has drawn the element (false while its section is skipped). */
  const drawn = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  /** Whether a tap at the middle of the element reaches it. */
  const reachable = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(
        document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2),
      );
    });

  test('at first only the top is drawn; a section is drawn once scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fr');
    expect(await drawn(page, '#lp form')).toBe(true);
    expect(await drawn(page, '[data-review]')).toBe(false);
    expect(await drawn(page, '#group-lessons')).toBe(false);

    await page.locator('[data-review]').first().scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(page, '[data-review]')).toBe(true);
    await expect.poll(() => reachable(page, '[data-review] blockquote >> nth=0')).toBe(true);
  });

  test('a link to a section far down the page lands on it, drawn', async ({ page }) => {
    await page.goto('/fr/deals');
    await page.locator('[data-deal=group] a').click();
    await expect(page).toHaveURL(/\/fr#group-lessons$/);
    await expect(page.locator('#group-heading')).toBeInViewport();
    await expect.poll(() => reachable(page, '#group-heading')).toBe(true);
  });
});

test.describe('reviews', () => {
  test('come in a different order on different visits, all of them every time', async ({
    page,
  }) => {
    await page.goto('/en');
    const all = (await reviewOrder(page)).toSorted();
    expect(all.length).toBeGreaterThanOrEqual(8);
    const orders = new Set<string>();
    for (let visit = 0; visit < 6; visit++) {
      await page.reload();
      const order = await reviewOrder(page);
      expect(order.toSorted()).toEqual(all);
      orders.add(order.join());
    }
    // Six visits of eight or more reviews: equal orders every time would mean no shuffling at all.
    expect(orders.size).toBeGreaterThan(1);
  });

  test('shuffling moves nothing on screen (no layout shift)', async ({ page }) => {
    await page.goto('/en');
    await page.locator('[data-reviews]').scrollIntoViewIfNeeded();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
              total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test('are reached with Tab and scrolled with the arrow keys on a phone, in a region, the list a list', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en');
    const row = page.getByRole('region', { name: useTranslations('en')('home.reviews.rowLabel') });
    // The list is no focus stop of its own (a tabindex made it a widget): the region is.
    await expect(page.locator('[data-reviews]')).not.toHaveAttribute('tabindex');
    // In the Tab order: back from it, and Tab again lands on it.
    await row.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(row).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(row).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => row.evaluate((scroller) => scroller.scrollLeft)).toBeGreaterThan(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('keep the build’s order: newest first', async ({ page }) => {
      await page.goto('/en');
      const dates = await page
        .locator('[data-review] time')
        .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
      expect(dates.length).toBeGreaterThanOrEqual(8);
      expect(dates).toEqual(dates.toSorted().reverse());
    });
  });

  test('show a translation marked as such, or the original marked with its language', async ({
    page,
  }) => {
    for (const locale of ['en', 'fr', 'pt'] as const) {
      const t = useTranslations(locale);
      await page.goto(pathTo('home', locale));
      for (const review of reviews) {
        const card = page.locator(`[data-review="${review.id}"]`);
        const translated = review.language !== locale && locale in review.translations;
        const shownIn = translated ? locale : review.language;
        await expect(card.locator('blockquote')).toHaveAttribute('lang', locales[shownIn].htmlLang);
        if (translated)
          await expect(card).toContainText(t(`home.reviews.translatedFrom.${review.language}`));
        else if (review.language !== locale)
          await expect(card).toContainText(t(`home.reviews.writtenIn.${review.language}`));
        else await expect(card.locator('.review__language')).toHaveCount(0);
        await expect(card.getByText(t('home.reviews.example'), { exact: true })).toHaveCount(
          review.example ? 1 : 0,
        );
      }
      const examples = reviews.some((review) => review.example);
      await expect(page.getByText(t('home.reviews.examplesIntro'))).toHaveCount(examples ? 1 : 0);
    }
  });
});

test.describe('sports and deals pages', () => {
  test('the sports page shows what is bookable now and what comes later, with calls to book', async ({
    page,
  }) => {
    const t = useTranslations('es');
    await page.goto('/es/deportes');
    await expect(page.locator('[data-section=bookable] [data-sport]')).toHaveCount(2);
    await expect(page.locator('[data-section=later] [data-sport]')).toHaveCount(5);
    await expect(page.locator('[data-section=later]')).toContainText('Surf');
    await expect(
      page.getByRole('link', { name: t('sports.book', { sport: 'esquí' }) }),
    ).toHaveAttribute('href', '/es#lp');
    await expect(page.getByRole('link', { name: t('sports.resorts') }).first()).toHaveAttribute(
      'href',
      '/es/resorts',
    );
  });

  test('deals are the facts: price match, free change, referral bonus, club pass coming soon', async ({
    page,
  }) => {
    await page.goto('/fr/deals');
    const deals = page.locator('[data-section=deals]');
    await expect(deals.locator('[data-deal]')).toHaveCount(6);
    await expect(deals.locator('[data-deal=flexible]')).toContainText(
      `${facts.lessons.freeChangeHours} heures`,
    );
    await expect(deals.locator('[data-deal=referral]')).toContainText(
      money(facts.instructors.referralBonus, 'fr'),
    );
    await expect(deals.locator('[data-deal=clubPass]')).toContainText(
      money(facts.clubPass.monthlyFrom, 'fr'),
    );
    await expect(deals.locator('[data-deal=clubPass] .badge--soon')).toBeVisible();
    await expect(deals.locator('[data-deal=priceMatch] a')).toHaveAttribute(
      'href',
      '/fr/de-location',
    );
  });
});
