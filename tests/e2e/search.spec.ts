/**
 * The lesson search at the home page's #lp, as a visitor uses it: filled in at phone and desktop
 * widths through to the resort's lessons page with the same quote and the lesson request, the
 * problems it explains in the visitor's language, the URL that carries the search (shared links,
 * Back), the keyboard, no JavaScript, and axe on every state.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { money } from '../../src/i18n/format';
import { pathTo } from '../../src/i18n/routes';
import { facts } from '../../src/site-facts';
import { aResort, hydrated, resortIds, resorts, useTranslations } from './site';

/** Resorts of the content for the searches (whichever the editors keep). */
const resort = aResort;
const other = resorts[resortIds.at(-1)!]!;
/** A resort whose name has a hyphen where there is one, typed with a space instead. */
const hyphenated = Object.values(resorts).find((r) => r.name.includes('-')) ?? aResort;
const { durationHours, maxPrivateGroup, group } = facts.lessons;

/** The hourly price of a private lesson for `learners` (spec §9), from the site facts, in cents. */
const hourlyCents = (learners: number) =>
  Math.round(
    (facts.lessons.privateHourly + (learners - 1) * facts.lessons.extraPersonHourly) * 100,
  );
/** What `hours` hours of a private lesson for `learners` cost, written the locale's way. */
const price = (learners: number, hours: number, locale: string) =>
  money((hourlyCents(learners) * hours) / 100, locale);

/** A day from today, `YYYY-MM-DD` in the local calendar (the browser's and the tests'). */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function openSearch(page: Page, path: string) {
  await page.goto(`${path}#lp`);
  // The search hydrates on the visitor's first interaction with it.
  await field(page, 'where').focus();
  await page.locator(hydrated('LessonSearchForm')).waitFor({ state: 'attached' });
}

const field = (page: Page, id: string) => page.locator(`#lp-${id}`);
const quote = (page: Page) => page.locator('#lp .quote');
/** The text shown under a field for its problem. */
const problem = (page: Page, id: string) => page.locator(`#lp-${id}-error`);

for (const width of [390, 1280]) {
  test(`a search at ${width} px goes to the resort’s lessons page with the same quote, and Back brings it back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const t = useTranslations('en');
    await openSearch(page, '/en');

    await field(page, 'where').fill(resort.id);
    await field(page, 'sport').selectOption('snowboard');
    await field(page, 'date-0').fill(day(10));
    await page.getByRole('button', { name: t('search.addDate') }).click();
    // The new date is the day after the last one, and has the focus.
    await expect(field(page, 'date-1')).toBeFocused();
    await expect(field(page, 'date-1')).toHaveValue(day(11));
    await page.getByLabel(t('search.sameTime')).uncheck();
    await field(page, 'time-1').fill('14:00');
    await field(page, 'hours-1').fill('3');
    await field(page, 'adults').fill('2');
    await field(page, 'children').fill('1');
    await field(page, 'level').selectOption('intermediate');
    await field(page, 'language').selectOption('french');

    // Three learners: the private rate and twice the extra rate an hour, over 2 + 3 hours.
    await expect(quote(page)).toContainText(`${price(3, 1, 'en')} per hour for 3 learners`);
    await expect(quote(page)).toContainText('× 5 hours over 2 dates');
    await expect(quote(page).locator('[data-quote-total]')).toHaveText(price(3, 5, 'en'));
    // The search is in the address already, ready to share.
    await expect(page).toHaveURL(new RegExp(`\\?where=${resort.id}&sport=snowboard&date=.*#lp$`));

    await page.getByRole('button', { name: t('search.submit') }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `${pathTo('resortSnowboardLessons', 'en', { resort: resort.id })}\\?where=${resort.id}&.*#your-search$`,
      ),
    );
    const summary = page.locator('#your-search');
    await expect(
      summary.getByRole('heading', { name: `Your snowboard lessons in ${resort.name}` }),
    ).toBeVisible();
    for (const text of [
      '2 adults and 1 child',
      'Private lesson',
      'Intermediate',
      'French',
      'at 14:00, 3 hours',
    ])
      await expect(summary).toContainText(text);
    await expect(summary.locator('[data-quote-total]')).toHaveText(price(3, 5, 'en'));

    // Without a booking app (the e2e build, as by default) the visitor requests the lesson: the
    // request form on the page carries the whole search. (The hand-over to a booking app is
    // tested on a build that has one: tests/variants/configuration.test.ts.)
    await expect(summary.locator('[data-book]')).toHaveCount(0);
    await expect(
      summary.getByRole('link', { name: t('forms.lessonRequest.link') }),
    ).toHaveAttribute('href', '#lesson-request');
    const carried = page.locator('#lesson-request [data-carried-search]');
    await expect(carried).toBeVisible();
    const sent = async (name: string) =>
      carried
        .locator(`input[name="${name}"]`)
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(await sent('date')).toEqual([day(10), day(11)]);
    expect(await sent('time')).toEqual(['10:00', '14:00']);
    expect(await sent('hours')).toEqual(['2', '3']);
    for (const [name, value] of Object.entries({
      adults: '2',
      children: '1',
      lesson: 'private',
      level: 'intermediate',
      language: 'french',
    }))
      expect(await sent(name), name).toEqual([value]);
    await expect(page.locator('#lesson-request [data-request-total]')).toHaveText(
      price(3, 5, 'en'),
    );

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/en\\?where=${resort.id}.*#lp$`));
    await page.locator(hydrated('LessonSearchForm')).waitFor({ state: 'attached' });
    await expect(field(page, 'where')).toHaveValue(resort.name);
    await expect(field(page, 'sport')).toHaveValue('snowboard');
    await expect(field(page, 'date-1')).toHaveValue(day(11));
    await expect(field(page, 'time-1')).toHaveValue('14:00');
    await expect(field(page, 'level')).toHaveValue('intermediate');
    await expect(quote(page).locator('[data-quote-total]')).toHaveText(price(3, 5, 'en'));
  });
}

test.describe('problems, in the visitor’s language', () => {
  test('an empty search says what is missing, the summary shrinks as it is fixed (fr)', async ({
    page,
  }) => {
    const t = useTranslations('fr');
    await openSearch(page, '/fr');
    await page.getByRole('button', { name: t('search.submit') }).click();

    const summary = page.getByRole('alert');
    await expect(summary).toContainText(t('search.errorSummary'));
    await expect(summary.getByRole('link')).toHaveText([
      'Choisissez une station',
      'Choisissez une date',
      'Choisissez votre niveau',
    ]);
    await expect(field(page, 'where')).toBeFocused();
    await expect(field(page, 'where')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'where')).toHaveAttribute('aria-describedby', /lp-where-error/);
    expect(new URL(page.url()).pathname).toBe('/fr'); // the visitor stays on the search

    await field(page, 'where').fill('Chamonix');
    await expect(problem(page, 'where')).toHaveText('lieu introuvable');
    await field(page, 'where').fill(other.name);
    await expect(problem(page, 'where')).toHaveCount(0);
    await expect(summary.getByRole('link')).toHaveText([
      'Choisissez une date',
      'Choisissez votre niveau',
    ]);

    await field(page, 'date-0').fill(day(-1));
    await expect(problem(page, 'date-0')).toHaveText(
      'Cette date est passée\u202f: choisissez aujourd’hui ou un jour suivant',
    );
    await field(page, 'date-0').fill(day(0)); // today is fine
    await expect(problem(page, 'date-0')).toHaveCount(0);

    await field(page, 'hours').fill(String(durationHours.max + 1));
    await expect(problem(page, 'hours')).toHaveText(
      `Un cours dure de ${durationHours.min} à ${durationHours.max} heures`,
    );
    await expect(quote(page)).toContainText(t('search.quote.pending'));
    await field(page, 'hours').fill('1');

    await field(page, 'adults').fill('0');
    await expect(problem(page, 'adults')).toHaveText('Ajoutez au moins un adulte ou un enfant');
    await field(page, 'adults').fill(String(maxPrivateGroup + 1));
    await expect(problem(page, 'adults')).toHaveText(
      `Un cours particulier accueille jusqu’à ${maxPrivateGroup} élèves\u202f: au-delà, choisissez un cours collectif`,
    );
    await page.getByLabel(t('search.lessons.group')).check();
    await expect(problem(page, 'adults')).toHaveCount(0);
    await field(page, 'adults').fill(String(group.max + 1));
    await expect(problem(page, 'adults')).toHaveText(
      `Un cours collectif accueille au plus ${group.max} élèves`,
    );
    await field(page, 'adults').fill('1');
    await expect(problem(page, 'adults')).toHaveText(
      `Un cours collectif demande au moins ${group.min} élèves`,
    );
    await field(page, 'children').fill(String(group.min - 1));
    await expect(problem(page, 'adults')).toHaveCount(0);
    // A group's quote gives its bounds and when it runs, not a price.
    await expect(quote(page)).toContainText(`Cours collectif pour ${group.min} élèves`);
    await expect(quote(page).locator('[data-group-rule]')).toHaveText(
      t('search.quote.groupRule', group),
    );
    await expect(quote(page).locator('[data-quote-total]')).toHaveCount(0);

    await field(page, 'level').selectOption('new');
    await expect(summary).toHaveCount(0);
    await page.getByRole('button', { name: t('search.submit') }).click();
    await expect(page).toHaveURL(
      new RegExp(`${pathTo('resortSkiLessons', 'fr', { resort: other.id })}\\?.*#your-search$`),
    );
  });

  test('a shared link with an unknown place or sport says so on arrival (en, es)', async ({
    page,
  }) => {
    await openSearch(page, `/en?where=chamonix&sport=surf&date=${day(3)}&level=new`);
    await expect(problem(page, 'where')).toHaveText('location not found');
    await expect(problem(page, 'sport')).toHaveText('sport not found');
    await expect(field(page, 'where')).toHaveValue('chamonix');

    await openSearch(page, `/es?where=${resort.id}&sport=golf&date=${day(3)}&level=new`);
    await expect(problem(page, 'where')).toHaveCount(0);
    await expect(field(page, 'where')).toHaveValue(resort.name);
    await expect(problem(page, 'sport')).toHaveText('deporte no encontrado');
  });
});

test('the quote follows the rule for every private party size and writes money the locale’s way (es)', async ({
  page,
}) => {
  await openSearch(page, '/es');
  const total = quote(page).locator('[data-quote-total]');
  await expect(quote(page).locator('[aria-live=polite]')).toHaveCount(1);
  await expect(total).toHaveText(price(1, 2, 'es')); // one adult, the first state: 2 hours
  await field(page, 'hours').fill('1');
  for (let learners = 1; learners <= facts.lessons.maxPrivateGroup; learners++) {
    await field(page, 'adults').fill(String(learners));
    await expect(total).toHaveText(price(learners, 1, 'es'));
  }
  await page.getByRole('button', { name: 'Añadir una fecha' }).click();
  await page.getByRole('button', { name: 'Añadir una fecha' }).click();
  await expect(quote(page)).toContainText('× 3 horas en 3 fechas');
  await expect(total).toHaveText(price(facts.lessons.maxPrivateGroup, 3, 'es'));
});

test('dates are added, edited and removed with the keyboard, the focus kept in the list', async ({
  page,
}) => {
  const t = useTranslations('en');
  await openSearch(page, '/en');
  await field(page, 'date-0').fill(day(4));
  await page.getByRole('button', { name: t('search.addDate') }).focus();
  await page.keyboard.press('Enter');
  await expect(field(page, 'date-1')).toBeFocused();
  await page.getByRole('button', { name: 'Remove date 1' }).focus();
  await page.keyboard.press('Space');
  // The second date took the first one's place, and the focus.
  await expect(page.locator('[data-date-row]')).toHaveCount(1);
  await expect(field(page, 'date-0')).toHaveValue(day(5));
  await expect(field(page, 'date-0')).toBeFocused();
  await page.getByRole('button', { name: 'Remove date 1' }).click();
  await expect(page.getByRole('button', { name: t('search.addDate') })).toBeFocused();
  await expect(page.locator('[data-date-row]')).toHaveCount(0);
  await page.getByRole('button', { name: t('search.submit') }).click();
  await expect(page.getByRole('alert')).toContainText('Add at least one date');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still takes the visitor to the resort’s lessons page', async ({ page }) => {
    await page.goto('/en#lp');
    await field(page, 'where').fill(hyphenated.name.replaceAll('-', ' '));
    await field(page, 'sport').selectOption('snowboard');
    await field(page, 'date-0').fill(day(6));
    await field(page, 'level').selectOption('advanced');
    await page.getByRole('button', { name: 'Find lessons' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `${pathTo('resortSnowboardLessons', 'en', { resort: hyphenated.id })}\\?where=${hyphenated.id}&sport=snowboard&date=.*&level=advanced.*#your-search$`,
      ),
    );
    await expect(page.locator('h1')).toHaveText(`Snowboard lessons in ${hyphenated.name}`);
  });

  test('a place it cannot find leads to the resorts to pick from', async ({ page }) => {
    await page.goto('/fr#lp');
    await field(page, 'where').fill('Chamonix');
    await field(page, 'date-0').fill(day(6));
    await field(page, 'level').selectOption('new');
    await page.getByRole('button', { name: 'Trouver un cours' }).click();
    await expect(page).toHaveURL(/\/fr\/resorts$/);
  });
});

test.describe('axe', () => {
  for (const width of [390, 1280]) {
    test(`the search with its problems and with a quote, and the resort page it leads to (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await openSearch(page, '/fr');
      await page.getByRole('button', { name: 'Trouver un cours' }).click();
      await field(page, 'where').fill('Atlantis');
      await expectNoViolations(page);

      await field(page, 'where').fill(other.name);
      await field(page, 'date-0').fill(day(2));
      await page.getByRole('button', { name: 'Ajouter une date' }).click();
      await page.getByLabel('Même horaire pour toutes les dates').uncheck();
      await field(page, 'level').selectOption('new');
      await expect(quote(page).locator('[data-quote-total]')).toBeVisible();
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Trouver un cours' }).click();
      await expect(page.locator('[data-search-summary=valid]')).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('a resort page opened with a search that needs a change', async ({ page }) => {
    await page.goto(
      `${pathTo('resortSkiLessons', 'en', { resort: resort.id })}?where=${resort.id}&sport=ski&date=${day(-3)}&adults=${maxPrivateGroup + 1}&lesson=private&level=new#your-search`,
    );
    const summary = page.locator('[data-search-summary=invalid]');
    await expect(summary).toContainText('This date has passed: choose today or a later day');
    await expect(summary).toContainText(
      `A private lesson takes up to ${maxPrivateGroup} learners: choose a group lesson for more`,
    );
    await expect(page.locator('#your-search [data-book]')).toHaveCount(0);
    await expect(
      page.locator('#your-search').getByRole('link', { name: 'Change your search' }),
    ).toHaveAttribute('href', new RegExp(`^/en\\?where=${resort.id}&.*#lp$`));
    await expectNoViolations(page);
  });
});
