/**
 * The visitor paths in real Firefox ESR and WebKitGTK, as Debian ships them (tests/browsers/
 * visitors.ts): the cookie banner, both header menus, the newsletter, the contact form, a search
 * to its lesson request, a rental reservation to its booking code, an instructor application
 * with its files, and (Firefox) the forms without JavaScript. A smoke suite: the Chromium suite
 * (tests/e2e) tests each path in depth; this one shows each works in the other engines, what the
 * visitor sees and what the receiver stored.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { consentCookie } from '../../src/consent/consent';
import { BOOKING_CODE_PATTERN } from '../../src/forms/booking-code';
import { pathTo } from '../../src/i18n/routes';
import { levels } from '../../src/lessons/search';
import { pdfBytes, pngBytes, rows, uniqueEmail } from '../e2e/forms-helpers';
import { aResort, resorts, useTranslations } from '../e2e/site';
import {
  at,
  hidden,
  hydrate,
  layout,
  named,
  screenshotOnFailure,
  shown,
  textOf,
} from './page-scripts';
import { contactValues } from '../forms-fixtures';
import { eventually, firefox, until, webkitGtk, type Visitor } from './visitors';

const site = inject('site');
const url = (path: string) => new URL(path, site.url).href;
const stored = (sql: string, ...params: string[]) => rows(site.dbPath, sql, ...params);
const t = useTranslations('en');

/** A day from today, `YYYY-MM-DD` in the local calendar (the browser's and the tests'). */
function day(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A resort with rental packs whose season has days ahead (the content's seasons must). */
const rental = Object.values(resorts).find(
  (r) =>
    (r.rental.packs?.length ?? 0) > 0 &&
    Date.parse(String(r.season.closes)) > Date.now() + 5 * 86_400_000,
)!;
const pickUp = day(
  Math.max(1, Math.ceil((Date.parse(String(rental.season.opens)) - Date.now()) / 86_400_000) + 1),
);
const giveBack = day(
  Math.max(1, Math.ceil((Date.parse(String(rental.season.opens)) - Date.now()) / 86_400_000) + 1) +
    2,
);

/** The application's two files, as an applicant's disk has them. */
const files = mkdtempSync(join(tmpdir(), 'pistelink-browsers-'));
writeFileSync(join(files, 'licence.pdf'), pdfBytes);
writeFileSync(join(files, 'cv.png'), pngBytes);

const engines: [string, () => Promise<Visitor>][] = [
  ['Firefox ESR', () => firefox()],
  ['WebKitGTK', () => webkitGtk()],
];

for (const [engine, open] of engines) {
  describe(engine, () => {
    let visitor: Visitor;
    beforeAll(async () => {
      visitor = await open();
    });
    afterAll(() => visitor?.close());
    screenshotOnFailure(() => visitor);
    screenshotOnFailure(() => visitor);

    test('a first visit: the cookie banner, Reject non-essential, the choice kept and stored', async () => {
      await visitor.resize(390);
      await visitor.goto(url('/en'));
      await until(
        visitor,
        'the banner’s script',
        'return !!document.querySelector("[data-consent-banner][data-ready]")',
      );
      await shown(visitor, '[data-consent-banner]');
      await visitor.click('[data-consent-choice="reject-all"]');
      await hidden(visitor, '[data-consent-banner]');
      const cookies = await visitor.run<string>('return document.cookie');
      expect(cookies).toContain(`${consentCookie.tracking}=false`);
      const id = new RegExp(`${consentCookie.id}=([^;]+)`).exec(cookies)?.[1] ?? '';
      const records = () =>
        stored('SELECT method, tracking FROM consent_records WHERE consent_id = ?', id);
      expect(await eventually('the choice stored', () => records().length && records())).toEqual([
        { method: 'reject-all', tracking: 0 },
      ]);
      // The next page asks no more.
      await visitor.goto(url(pathTo('rental', 'en')));
      await at(visitor, pathTo('rental', 'en'));
      await hidden(visitor, '[data-consent-banner]');
    });

    test('the header at 390 px: the language list and the navigation open and close, nothing scrolls sideways', async () => {
      await visitor.resize(390);
      await visitor.goto(url('/en'));
      await hidden(visitor, '#language-list');
      await hidden(visitor, '#site-nav');
      await visitor.click('.language-menu__button');
      await shown(visitor, '#language-list');
      await visitor.press('Escape');
      await hidden(visitor, '#language-list');

      await visitor.click('.menu-button');
      await shown(visitor, '#site-nav');
      await shown(visitor, '[data-cta="book"]');
      expect((await layout(visitor)).header.background).toBe('rgb(255, 255, 255)');
      // One panel at a time: the language list closes the navigation.
      await visitor.click('.language-menu__button');
      await shown(visitor, '#language-list');
      await hidden(visitor, '#site-nav');
      await visitor.click('.menu-button');
      await visitor.click(await named(visitor, '#site-nav', 'a', t('header.rental')));
      await at(visitor, pathTo('rental', 'en'));
      expect(await layout(visitor)).toMatchObject({ width: 390, overflow: 0 });
    });

    test('the header at 1280 px: the navigation in the bar, no hamburger', async () => {
      await visitor.resize(1280);
      await visitor.goto(url(pathTo('instructors', 'en')));
      await shown(visitor, '#site-nav');
      await hidden(visitor, '.menu-button');
      expect(await layout(visitor)).toMatchObject({
        width: 1280,
        overflow: 0,
        header: { background: 'rgb(255, 255, 255)' },
      });
    });

    test('the newsletter dialog subscribes the address', async () => {
      await visitor.resize(390);
      await visitor.goto(url('/en'));
      await visitor.click('[data-newsletter-trigger]');
      await shown(visitor, 'dialog.newsletter-dialog input[type="email"]');
      const email = uniqueEmail('browsers-newsletter');
      await visitor.type('dialog.newsletter-dialog input[type="email"]', email);
      await visitor.click(
        'dialog.newsletter-dialog button[type="submit"]:not(.newsletter-dialog__close)',
      );
      await textOf(
        visitor,
        'dialog.newsletter-dialog [role="status"]',
        t('forms.newsletter.success'),
      );
      expect(stored('SELECT locale FROM newsletter_subscriptions WHERE email = ?', email)).toEqual([
        { locale: 'en' },
      ]);
    });

    test('the contact form sends the message', async () => {
      await visitor.resize(1280);
      await visitor.goto(url(pathTo('contact', 'en')));
      await hydrate(visitor, '#contact-name');
      const email = uniqueEmail('browsers-contact');
      for (const [field, value] of Object.entries(contactValues(email)))
        await visitor.type(`#contact-${field}`, value);
      await visitor.click(await named(visitor, 'main', 'button', t('forms.contact.submit')));
      await textOf(visitor, 'main .form-status', t('forms.contact.success'));
      expect(stored('SELECT name, locale FROM contact_messages WHERE email = ?', email)).toEqual([
        { name: contactValues(email).name, locale: 'en' },
      ]);
    });

    test('a search on the home page leads to the resort’s lessons page, where the lesson is requested', async () => {
      await visitor.resize(390);
      await visitor.goto(url('/en#lp'));
      await hydrate(visitor, '#lp-where');
      await visitor.type('#lp-where', aResort.id);
      await visitor.choose('#lp-sport', 'ski');
      await visitor.choose('#lp-date-0', day(10));
      await visitor.choose('#lp-level', levels[0]);
      await visitor.click(await named(visitor, '#lp', 'button', t('search.submit')));
      await at(visitor, pathTo('resortSkiLessons', 'en', { resort: aResort.id }));
      await shown(visitor, '#lesson-request [data-carried-search]');

      const email = uniqueEmail('browsers-lesson');
      await hydrate(visitor, '#lesson-request-name');
      await visitor.type('#lesson-request-name', 'Marta García');
      await visitor.type('#lesson-request-email', email);
      await visitor.click('#lesson-request-consent');
      await visitor.click(
        await named(visitor, '#lesson-request', 'button', t('forms.lessonRequest.submit')),
      );
      await textOf(
        visitor,
        '#lesson-request .form-status',
        t('forms.lessonRequest.success', { email }),
      );
      expect(
        stored('SELECT resort, sport, dates FROM lesson_requests WHERE email = ?', email),
      ).toMatchObject([
        { resort: aResort.id, sport: 'ski', dates: expect.stringContaining(day(10)) },
      ]);
    });

    test('a rental pack reserved gets its booking code', async () => {
      const pack = rental.rental.packs![0]!;
      await visitor.resize(1280);
      await visitor.goto(
        url(`${pathTo('resortRental', 'en', { resort: rental.id })}?pack=${pack}#rental-form`),
      );
      await until(
        visitor,
        'the pack chosen',
        'return document.querySelector("#rental-pack")?.value === arguments[0]',
        pack,
      );
      const email = uniqueEmail('browsers-rental');
      await visitor.choose('#rental-pickUpDate', pickUp);
      await visitor.choose('#rental-returnDate', giveBack);
      await visitor.choose('#rental-people', '1');
      await visitor.type('#rental-person1-height', '172');
      await visitor.type('#rental-person1-weight', '68');
      await visitor.type('#rental-person1-shoe', '42.5');
      await visitor.choose('#rental-person1-level', 'intermediate');
      await visitor.type('#rental-name', 'Lucía Fernández');
      await visitor.type('#rental-email', email);
      await visitor.click('#rental-consent');
      await visitor.click(
        await named(visitor, '.rental-form', 'button', t('forms.rentalReservation.submit')),
      );
      const code = await until<string>(
        visitor,
        'the booking code',
        'return document.querySelector(".rental-form [role=status] [data-booking-code]")?.textContent.trim()',
      );
      expect(code).toMatch(BOOKING_CODE_PATTERN);
      expect(
        stored('SELECT booking_code, pack FROM rental_reservations WHERE email = ?', email),
      ).toEqual([{ booking_code: code, pack }]);
    });

    test('an instructor applies with a licence and a CV', async () => {
      await visitor.resize(1280);
      await visitor.goto(url(pathTo('instructorApplication', 'en')));
      await hydrate(visitor, '#application-firstname');
      const email = uniqueEmail('browsers-apply');
      await visitor.type('#application-firstname', 'Ana');
      await visitor.type('#application-lastname', 'López');
      await visitor.type('#application-email', email);
      await visitor.type('#application-phone', '+34 612 345 678');
      await visitor.click('input[name="contract"][value="direct"]');
      await visitor.click('input[name="sport"][value="both"]');
      await visitor.type('#application-years', '6');
      await visitor.choose('#application-licenceType', 'td2');
      await visitor.choose('#application-resort', aResort.id);
      await visitor.attach('#application-licence', join(files, 'licence.pdf'));
      await visitor.attach('#application-cv', join(files, 'cv.png'));
      await visitor.click('input[name="adult"]');
      await visitor.click(await named(visitor, 'main', 'button', t('forms.application.submit')));
      await textOf(visitor, 'main .form-status', t('forms.application.success'));
      const [row] = stored('SELECT id, sport FROM instructor_applications WHERE email = ?', email);
      expect(row).toMatchObject({ sport: 'both' });
      expect(
        rows(
          site.dbPath,
          'SELECT field, media_type FROM application_files WHERE application_id = ? ORDER BY field',
          row!.id as number,
        ),
      ).toEqual([
        { field: 'cv', media_type: 'image/png' },
        { field: 'licence', media_type: 'application/pdf' },
      ]);
    });
  });
}

describe('Firefox ESR without JavaScript', () => {
  let visitor: Visitor;
  beforeAll(async () => {
    visitor = await firefox({ javaScript: false });
  });
  afterAll(() => visitor?.close());
  screenshotOnFailure(() => visitor);

  test('the navigation opens (a native popover) and the newsletter page subscribes', async () => {
    await visitor.resize(390);
    await visitor.goto(url(pathTo('newsletter', 'fr')));
    await visitor.click('.menu-button');
    await shown(visitor, '#site-nav');
    const email = uniqueEmail('browsers-nojs');
    const fr = useTranslations('fr');
    await visitor.type('main input[type="email"]', email);
    await visitor.click('main button[type="submit"]');
    // The receiver sends the browser back to the page, at its thanks.
    await until(visitor, 'the thanks', 'return location.hash === "#form-sent"');
    await shown(visitor, '#form-sent');
    await textOf(visitor, '#form-sent', fr('forms.outcome.sent'));
    expect(stored('SELECT locale FROM newsletter_subscriptions WHERE email = ?', email)).toEqual([
      { locale: 'fr' },
    ]);
  });

  test('a lesson request ends on its receipt page', async () => {
    await visitor.resize(1280);
    const lessons = pathTo('resortSkiLessons', 'en', { resort: aResort.id });
    await visitor.goto(url(`${lessons}#lesson-request`));
    const email = uniqueEmail('browsers-nojs-lesson');
    await visitor.choose('#lesson-request-date', day(16));
    await visitor.choose('#lesson-request-level', levels[0]);
    await visitor.type('#lesson-request-name', 'Ana López');
    await visitor.type('#lesson-request-email', email);
    await visitor.click('#lesson-request-consent');
    await visitor.click(
      await named(visitor, '#lesson-request', 'button', t('forms.lessonRequest.submit')),
    );
    const path = await at(visitor, /^\/en\/request\/[0-9a-f-]{36}$/);
    expect(stored('SELECT reference FROM lesson_requests WHERE email = ?', email)).toEqual([
      { reference: path.split('/').pop() },
    ]);
  });
});
