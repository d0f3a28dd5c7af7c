/**
 * Rental as a visitor goes through it: compare the packs, select one (with a lesson request or on
 * its own), reserve it with everyone's sizes, get a booking code to show at the shop. On the real
 * server and its SQLite file, with and without JavaScript, on a phone and a desktop, in English
 * and French. Resorts, packs and seasons come from the content.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { BOOKING_CODE_PATTERN } from '../../src/forms/booking-code';
import { pathTo } from '../../src/i18n/routes';
import { expectNoViolations } from './axe';
import {
  expectSeen,
  expectValidHtml,
  fillRentalReservation,
  rows,
  sharedDbPath,
  uniqueEmail,
} from './forms-helpers';
import {
  bookableDays,
  DAY,
  isoDay,
  resortIds,
  resorts,
  useTranslations,
  type ResortFile,
} from './site';

type PackFile = { id: string; sport: 'ski' | 'snowboard'; name: Record<string, string> };
const packs = (parse(readFileSync('content/rental-packs.yaml', 'utf8')) as { packs: PackFile[] })
  .packs;
const packsOf = (resort: ResortFile) => resort.rental.packs ?? [];

const withPacks = resortIds.map((id) => resorts[id]!).filter((r) => packsOf(r).length > 0);
// The resort with packs whose season still has days ahead (the content's seasons must).
const resort = withPacks.find((r) => bookableDays(r))!;
const days = resort ? bookableDays(resort)! : { pickUp: '', back: '' };
const withoutRental = resortIds.map((id) => resorts[id]!).filter((r) => packsOf(r).length === 0);

const reservations = (email: string) =>
  rows(sharedDbPath(), 'SELECT * FROM rental_reservations WHERE email = ?', email);

/** Everything but the pack, for the resort's bookable days. */
const fillReservation = (page: Page, email: string, people: 1 | 2) =>
  fillRentalReservation(page, email, days, people);

test('the content has a resort with packs and a season ahead to book in', () => {
  expect(resort, 'no resort with rental packs has season days ahead: update the seasons').toBe(
    withPacks.find((r) => bookableDays(r)),
  );
  expect(resort).toBeDefined();
});

for (const locale of ['en', 'fr'] as const) {
  for (const width of [390, 1280]) {
    test.describe(`rental reservation, ${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });
      const t = useTranslations(locale);

      test('a pack reserved on its own: failure and success are seen, the code is stored', async ({
        page,
      }) => {
        const pack = packsOf(resort)[width === 390 ? 0 : packsOf(resort).length - 1]!;
        await page.goto(pathTo('resortRental', locale, { resort: resort.id }));
        await page
          .locator(`[data-pack="${pack}"]`)
          .getByRole('link', { name: t('rental.select.separately') })
          .click();
        // The island hydrates at once with `?pack=` and chooses that pack.
        await expect(page.locator('#rental-pack')).toHaveValue(pack);
        const email = uniqueEmail(`rental-${locale}-${width}`);
        await fillReservation(page, email, 2);

        await page.route('**/api/forms', (route) => route.fulfill({ status: 500, body: '{}' }));
        const reserve = page.getByRole('button', { name: t('forms.rentalReservation.submit') });
        await reserve.click();
        const outcome = page.locator('.rental-form [role="status"]');
        await expect(outcome).toHaveClass(/form-status--error/);
        await expectSeen(page, outcome);
        expect(reservations(email)).toEqual([]);

        await page.unroute('**/api/forms');
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await reserve.click();
        await expect(outcome).toHaveClass(/form-status--success/);
        await expectSeen(page, outcome);
        await expect(outcome).toContainText(
          t('forms.rentalReservation.successNext', { resort: resort.name }),
        );
        const code = (await outcome.locator('[data-booking-code]').textContent())!.trim();
        expect(code).toMatch(BOOKING_CODE_PATTERN);
        const [row, ...more] = reservations(email);
        expect(more).toEqual([]);
        expect(row).toMatchObject({
          booking_code: code,
          resort: resort.id,
          pack,
          pick_up_date: days.pickUp,
          return_date: days.back,
          people: 2,
          name: 'Lucía Fernández',
          locale,
        });
        expect(JSON.parse(String(row!.persons))).toEqual([
          { height: 172, weight: 68, shoe: 42.5, level: 'intermediate' },
          { height: 128, weight: 27, shoe: 33, level: 'beginner' },
        ]);
      });
    });
  }
}

test('an answer lost on the way: the retry shows the booking already made, stored once', async ({
  page,
}) => {
  const t = useTranslations('en');
  await page.goto(
    `${pathTo('resortRental', 'en', { resort: resort.id })}?pack=${packsOf(resort)[0]}`,
  );
  await expect(page.locator('#rental-pack')).toHaveValue(packsOf(resort)[0]!);
  const email = uniqueEmail('rental-lost-answer');
  await fillReservation(page, email, 1);
  // The receiver stores the reservation; its answer never reaches the phone (signal lost).
  await page.route('**/api/forms', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const reserve = page.getByRole('button', { name: t('forms.rentalReservation.submit') });
  await reserve.click();
  const outcome = page.locator('.rental-form [role="status"]');
  await expect(outcome).toHaveClass(/form-status--error/);
  expect(reservations(email)).toHaveLength(1);

  await page.unroute('**/api/forms');
  await reserve.click();
  await expect(outcome).toHaveClass(/form-status--success/);
  const code = (await outcome.locator('[data-booking-code]').textContent())!.trim();
  expect(reservations(email)).toMatchObject([{ booking_code: code }]);
});

test.describe('rental entry points', () => {
  test('Book your equipment on the rental page leads to a resort with rental, then its reservation', async ({
    page,
  }) => {
    const t = useTranslations('fr');
    await page.goto(pathTo('rental', 'fr'));
    await page
      .locator('.hero__content')
      .getByRole('link', { name: t('rental.book') })
      .click();
    await expect(page).toHaveURL(/#rental-resorts-heading$/);
    await expect(page.locator('#rental-resorts-heading')).toBeInViewport();
    const choice = page.getByRole('link', {
      name: t('rental.byResort.book', { resort: resort.name }),
    });
    // Only resorts with packs offer it; the others keep their coming-soon or no-equipment text.
    await expect(page.locator('[data-rental-book]')).toHaveCount(withPacks.length);
    for (const other of withoutRental)
      await expect(page.locator(`[data-resort="${other.id}"] [data-rental-book]`)).toHaveCount(0);
    await choice.click();
    await expect(page).toHaveURL(`${pathTo('resortRental', 'fr', { resort: resort.id })}#reserve`);
    await expect(page.locator('#rental-pack')).toBeInViewport();
  });

  test('a resort’s rental page: Book your equipment opens its reservation; each pack can join a lesson request', async ({
    page,
  }) => {
    const t = useTranslations('en');
    await page.goto(pathTo('resortRental', 'en', { resort: resort.id }));
    for (const id of packsOf(resort)) {
      const sport = packs.find((p) => p.id === id)!.sport;
      const lessons = sport === 'snowboard' ? 'resortSnowboardLessons' : 'resortSkiLessons';
      await expect(
        page
          .locator(`[data-pack="${id}"]`)
          .getByRole('link', { name: t('rental.select.withLesson') }),
      ).toHaveAttribute('href', `${pathTo(lessons, 'en', { resort: resort.id })}?pack=${id}`);
    }
    await page
      .locator('.resort-rental__book')
      .getByRole('link', { name: t('rental.book') })
      .click();
    await expect(page).toHaveURL(/#reserve$/);
    await expect(page.locator('#rental-pack')).toBeInViewport();
    await expectNoViolations(page);
  });

  test('resorts without packs have no reservation and keep their messages', async ({ page }) => {
    for (const other of withoutRental) {
      await page.goto(pathTo('resortRental', 'en', { resort: other.id }));
      await expect(
        page.locator('[data-rental-coming-soon], [data-rental-empty]').first(),
      ).toBeVisible();
      await expect(page.locator('#reserve, [data-pack-select]')).toHaveCount(0);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the people count shows its rows; the reservation ends on the booking page with its code', async ({
    page,
  }) => {
    const t = useTranslations('fr');
    await page.goto(pathTo('resortRental', 'fr', { resort: resort.id }));
    await expect(page.locator('[data-person="2"]')).toBeHidden();
    await page.locator('#rental-people').selectOption('2');
    await expect(page.locator('[data-person="2"]')).toBeVisible();
    await expect(page.locator('[data-person="3"]')).toBeHidden();
    await page.locator('#rental-pack').selectOption(packsOf(resort)[0]!);
    const email = uniqueEmail('rental-nojs');
    await fillReservation(page, email, 1);
    // Back to one person: a row filled then dropped is not sent as a person.
    await page.locator('#rental-people').selectOption('2');
    await page.locator('#rental-person2-height').fill('150');
    await page.locator('#rental-people').selectOption('1');
    await page.getByRole('button', { name: t('forms.rentalReservation.submit') }).click();

    await expect(page).toHaveURL(/\/fr\/booking\/[A-Z0-9]{8}$/);
    const code = page.url().split('/').pop()!;
    await expect(page.locator('[data-booking-code]')).toHaveText(code);
    await expect(page.getByText(t('rental.booking.next', { resort: resort.name }))).toBeVisible();
    const [row] = reservations(email);
    expect(row).toMatchObject({ booking_code: code, people: 1, locale: 'fr' });
    expect(JSON.parse(String(row!.persons))).toHaveLength(1);
  });

  test('a wrong reservation comes back to the form with the failure message, nothing stored', async ({
    page,
  }) => {
    const t = useTranslations('en');
    await page.goto(pathTo('resortRental', 'en', { resort: resort.id }));
    await page.locator('#rental-pack').selectOption(packsOf(resort)[0]!);
    const email = uniqueEmail('rental-nojs-bad');
    await fillReservation(page, email, 1);
    // The return before the pick-up: the browser cannot know, the receiver refuses it.
    await page.locator('#rental-returnDate').fill(days.pickUp);
    await page.locator('#rental-pickUpDate').fill(days.back);
    await page.getByRole('button', { name: t('forms.rentalReservation.submit') }).click();
    await expect(page).toHaveURL(/#form-failed$/);
    await expect(page.locator('#form-failed')).toBeVisible();
    expect(reservations(email)).toEqual([]);
  });
});

test.describe('the receiver', () => {
  const valid = (email: string) => ({
    'form-name': 'RentalReservationForm',
    resort: resort.id,
    pack: packsOf(resort)[0]!,
    pickUpDate: days.pickUp,
    returnDate: days.back,
    people: '1',
    'person1-height': '180',
    'person1-weight': '80',
    'person1-shoe': '44',
    'person1-level': 'advanced',
    name: 'Jean Dupont',
    email,
    consent: 'yes',
    locale: 'en',
  });
  const post = (page: Page, fields: Record<string, string>) =>
    page.request.post('/api/forms', { multipart: fields, headers: { accept: 'application/json' } });

  test('refuses bad input with a clear 400 and stores nothing', async ({ page }) => {
    const other = resortIds.find((id) => !withPacks.some((r) => r.id === id));
    const foreignPack = packs.find((p) => !packsOf(resort).includes(p.id))?.id ?? 'no-such-pack';
    const cases: [Record<string, string>, string, string][] = [
      [{ resort: 'atlantis' }, 'resort', 'resort.required'],
      ...(other
        ? [
            [{ resort: other }, 'resort', 'resort.required'] as [
              Record<string, string>,
              string,
              string,
            ],
          ]
        : []),
      [{ pack: foreignPack }, 'pack', 'pack.required'],
      [{ pickUpDate: '2027-02-30' }, 'pickUpDate', 'pickUpDate.invalid'],
      [{ returnDate: isoDay(Date.parse(days.pickUp) - DAY) }, 'returnDate', 'returnDate.order'],
      [
        { returnDate: isoDay(Date.parse(String(resort.season.closes)) + DAY) },
        'returnDate',
        'returnDate.season',
      ],
      [{ people: '2' }, 'person2-height', 'height.invalid'],
      [{ 'person1-shoe': '99' }, 'person1-shoe', 'shoe.invalid'],
      [{ consent: '' }, 'consent', 'consent.required'],
    ];
    for (const [change, field, code] of cases) {
      const email = uniqueEmail('rental-bad');
      const response = await post(page, { ...valid(email), ...change });
      expect(response.status(), JSON.stringify(change)).toBe(400);
      const body = (await response.json()) as {
        error: string;
        errors: Record<string, { code: string; message: string }>;
      };
      expect(body.error).toBe('invalid');
      expect(body.errors[field]?.code, JSON.stringify(change)).toBe(code);
      expect(body.errors[field]?.message).toMatch(/\w/);
      expect(reservations(email)).toEqual([]);
    }
  });

  test('each reservation gets its own code, and the booking page knows only real ones', async ({
    page,
  }) => {
    const emails = Array.from({ length: 5 }, () => uniqueEmail('rental-codes'));
    const codes = await Promise.all(
      emails.map(async (email) => {
        const response = await post(page, valid(email));
        expect(response.status()).toBe(200);
        return ((await response.json()) as { bookingCode: string }).bookingCode;
      }),
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect(emails.map((email) => reservations(email)[0]!.booking_code)).toEqual(codes);
    const taken = new Set(
      rows(sharedDbPath(), 'SELECT booking_code FROM rental_reservations').map(
        (r) => r.booking_code,
      ),
    );
    const unknown = ['ABCDEFGH', 'ZZZZZZZZ', '23456789'].find((c) => !taken.has(c))!;
    expect((await page.request.get(`/en/booking/${unknown}`)).status()).toBe(404);
    // Rendered on demand, so not among the built pages html-validate reads: checked here.
    await expectValidHtml(await (await page.request.get(`/fr/booking/${codes[0]}`)).text());
    await page.goto(`/en/booking/${codes[0]}`);
    await expect(page.locator('[data-booking-code]')).toHaveText(codes[0]!);
    await expectNoViolations(page);
  });
});
