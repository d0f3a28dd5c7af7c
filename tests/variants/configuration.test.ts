/**
 * What optional configuration changes for a visitor, on the real site built twice: with none of
 * it (no booking app, no careers site: `npm run build`'s defaults) and with both. The end-to-end
 * build (tests/e2e/e2e.env) has neither (it sends lesson requests); the configured build here is
 * where the hand-over to a booking app is seen.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SearchSummary, { type SearchSummaryProps } from '../../src/components/search/SearchSummary';
import { readConfig } from '../../src/config';
import { allLocales } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { resortPageIds } from '../../src/i18n/site-pages';
import { useTranslations } from '../../src/i18n/translate';
import { localToday } from '../../src/lessons/search';
import { defaultDraft } from '../../src/lessons/search-query';
import { setLessonSearch } from '../../src/stores/lesson-search';
import { everyPage, jobSlugs, resortIds } from '../e2e/site';
import { buildVariant, type Variant } from './build';
import { linksSaying, one, parsePage, textOf } from './html';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { consentCookie } from '../../src/consent/consent';

const careersUrl = 'https://careers.example.test/pistelink';
const bookingAppUrl = 'https://booking.example.test/lessons';
const noTags = { GTM_ID: '', GA_MEASUREMENT_ID: '', GA_SECONDARY_MEASUREMENT_ID: '' };
const tags = {
  GTM_ID: 'GTM-TEST01',
  GA_MEASUREMENT_ID: 'G-TEST000001',
  GA_SECONDARY_MEASUREMENT_ID: '',
};

let plain: Variant;
let configured: Variant;
const built: Variant[] = [];

// Both builds at once: about 8 s each alone, 15 s together on two cores.
beforeAll(async () => {
  const builds = await Promise.allSettled([
    buildVariant('plain', { BOOKING_APP_URL: '', CAREERS_URL: '', ...noTags }),
    buildVariant('configured', {
      BOOKING_APP_URL: bookingAppUrl,
      CAREERS_URL: careersUrl,
      ...tags,
    }),
  ]);
  for (const build of builds) if (build.status === 'fulfilled') built.push(build.value);
  for (const build of builds) if (build.status === 'rejected') throw build.reason;
  [plain, configured] = built as [Variant, Variant];
});

afterAll(() => built.forEach((variant) => variant.remove()));

/** One page of each kind (page id) in every locale: the footer is the same on all the others. */
const pageOfEachKind = everyPage.filter(
  (p, i) => everyPage.findIndex((q) => q.page === p.page && q.locale === p.locale) === i,
);

/** The footer's careers link on a page of each kind. */
function careersLinks(site: Variant) {
  return pageOfEachKind.map(({ locale, path }) => {
    const t = useTranslations(locale);
    const links = linksSaying(one(parsePage(site.page(path)), 'footer.site-footer'), [
      t('footer.careers'),
    ]);
    expect(links, path).toHaveLength(1);
    return { locale, path, link: links[0]!, t };
  });
}

describe('the footer’s careers link', () => {
  it('goes to our jobs page in the visitor’s language when no careers site is configured', () => {
    for (const { locale, path, link } of careersLinks(plain)) {
      expect(link.getAttribute('href'), path).toBe(pathTo('jobs', locale));
      expect(link.getAttribute('target'), path).toBeNull();
    }
  });

  it('goes to the careers site, in a new tab that it announces, when CAREERS_URL is set', () => {
    for (const { path, link, t } of careersLinks(configured)) {
      expect(link.getAttribute('href'), path).toBe(careersUrl);
      expect(link.getAttribute('target'), path).toBe('_blank');
      expect(textOf(link), path).toContain(t('footer.newTab'));
    }
  });
});

/** Every posting page of a build in every locale: its apply links and its how-to-apply section. */
function postings(site: Variant) {
  return allLocales.flatMap((locale) =>
    jobSlugs.map((job) => {
      const path = pathTo('job', locale, { job });
      const t = useTranslations(locale);
      const page = parsePage(site.page(path));
      const title = textOf(one(page, 'h1'));
      const apply = linksSaying(page, [t('jobs.apply'), t('jobs.applyFor', { job: title })]);
      return { path, t, title, apply, howTo: textOf(one(page, '#apply')) };
    }),
  );
}

describe('a job posting’s apply buttons', () => {
  it('write us an email about the posting when no careers site is configured', () => {
    const open = postings(plain).filter(({ apply }) => apply.length > 0);
    expect(open.length).toBeGreaterThan(0);
    for (const { path, t, title, apply, howTo } of open) {
      for (const link of apply) {
        const mail = new URL(link.getAttribute('href')!);
        expect(mail.protocol, path).toBe('mailto:');
        expect(mail.searchParams.get('subject'), path).toBe(title);
        expect(howTo, path).toContain(t('jobs.applyByEmail', { email: mail.pathname }));
      }
    }
  });

  it('go to the careers site when CAREERS_URL is set, and the page says applications go there', () => {
    const open = postings(configured).filter(({ apply }) => apply.length > 0);
    expect(open.length).toBeGreaterThan(0);
    for (const { path, t, apply, howTo } of open) {
      for (const link of apply) expect(link.getAttribute('href'), path).toBe(careersUrl);
      expect(howTo, path).toContain(t('jobs.applyExternal'));
    }
  });
});

/**
 * The booking box of every resort lessons page of a build, as a visitor who comes from the home
 * page's search sees it: the page's own summary data, rendered with a valid search for its resort.
 */
function bookingBoxes(site: Variant) {
  const inTenDays = new Date();
  inTenDays.setDate(inTenDays.getDate() + 10);
  return allLocales.flatMap((locale) =>
    resortIds.flatMap((resort) =>
      resortPageIds
        .filter((page) => page !== 'resortRental')
        .map((page) => {
          const path = pathTo(page, locale, { resort });
          // The booking box names its data's file; the page's script fetches it.
          const file = one(parsePage(site.page(path)), '#your-search').getAttribute('data-summary');
          const props = JSON.parse(
            readFileSync(join(site.client, file ?? 'no data-summary'), 'utf8'),
          ) as SearchSummaryProps;
          const draft = {
            ...defaultDraft(locale),
            where: props.resort.name,
            sport: props.sport,
            dates: [{ day: localToday(inTenDays), time: '10:00', hours: '2' }],
            level: 'new',
          };
          // The page's search, as the booking box's script sets it from the address.
          setLessonSearch(draft);
          const box = parsePage(renderToStaticMarkup(createElement(SearchSummary, props)));
          expect(one(box, '[data-search-summary]').getAttribute('data-search-summary'), path).toBe(
            'valid',
          );
          const t = useTranslations(locale);
          return { path, props, book: linksSaying(box, [t('search.summary.book')]) };
        }),
    ),
  );
}

describe('the resort lessons page’s booking box', () => {
  it('offers no Book hand-over to a booking app when BOOKING_APP_URL is not set', () => {
    for (const { path, book } of bookingBoxes(plain)) expect(book, path).toEqual([]);
  });

  it('takes a lesson request on every lessons page without a booking app, and only then', () => {
    for (const { path } of bookingBoxes(plain)) {
      const form = parsePage(plain.page(path)).querySelector('#lesson-request form');
      expect(form?.querySelector('input[name="form-name"]')?.getAttribute('value'), path).toBe(
        'LessonRequestForm',
      );
      expect(configured.page(path), path).not.toContain('LessonRequestForm');
    }
  });

  it('hands the search and the resort to the booking app when BOOKING_APP_URL is set', () => {
    for (const { path, props, book } of bookingBoxes(configured)) {
      expect(book, path).toHaveLength(1);
      const url = new URL(book[0]!.getAttribute('href')!);
      expect(url.origin + url.pathname, path).toBe(bookingAppUrl);
      expect(url.searchParams.get('resortUuid'), path).toBe(props.resort.uuid);
      expect(url.searchParams.get('sport'), path).toBe(props.sport);
      // The whole search goes with it: resort, dates, people, level.
      expect(url.searchParams.get('where'), path).toBe(props.resort.id);
      expect(url.searchParams.getAll('date'), path).toHaveLength(1);
      expect(url.searchParams.get('adults'), path).toBe('1');
      expect(url.searchParams.get('level'), path).toBe('new');
    }
  });
});

/**
 * The scripts a built page's own head script adds for a visitor whose cookies say "Accept all"
 * (the page's consent settings and inline script, run as the browser would).
 */
function scriptsAddedAfterAcceptAll(site: Variant, path: string, search = '') {
  const document = parsePage(site.page(path));
  const head = [...document.querySelectorAll('head script:not([src]):not([type])')];
  const code = head
    .map((script) => script.textContent ?? '')
    .find((text) => text.includes('consent-settings'));
  expect(code, `${path}: the consent head script`).toBeTruthy();
  const settings = JSON.parse(one(document, '#consent-settings').textContent!) as {
    revision: number;
  };
  const cookies = {
    [consentCookie.accepted]: 'true',
    [consentCookie.revision]: String(settings.revision),
    [consentCookie.tracking]: 'true',
    [consentCookie.targeting]: 'true',
  };
  const added: string[] = [];
  const browser = {
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    documentElement: { dataset: {} },
    getElementById: (id: string) => document.getElementById(id),
    createElement: () => ({ type: '', src: '' }),
    head: { appendChild: (script: { src: string }) => added.push(script.src) },
  };
  runInNewContext(code!, { document: browser, location: { search } });
  return added;
}

describe('the tracking loader after "Accept all"', () => {
  const path = pathTo('about', 'en');

  it('is not downloaded when no analytics id or tag manager is configured', () => {
    expect(scriptsAddedAfterAcceptAll(plain, path)).toEqual([]);
  });

  it('still comes for campaign values in the address (targeting allowed), to keep them', () => {
    expect(scriptsAddedAfterAcceptAll(plain, path, '?utm_source=news')).toHaveLength(1);
  });

  it('is downloaded when tags are configured', () => {
    expect(scriptsAddedAfterAcceptAll(configured, path)).toHaveLength(1);
  });
});

describe('the legal notice without the company’s numbers', () => {
  it('names the brand’s B.V. and leaves out every line it has no value for, in every locale', () => {
    for (const locale of allLocales) {
      const t = useTranslations(locale);
      const path = pathTo('legalNotice', locale);
      const page = parsePage(plain.page(path));
      const labels = [...page.querySelectorAll('main dt')].map(textOf);
      expect(labels, path).toContain(t('company.name'));
      expect(labels, path).toContain(t('company.email'));
      for (const absent of [
        'company.registration',
        'company.vat',
        'company.address',
        'company.phone',
      ] as const) {
        expect(labels, path).not.toContain(t(absent));
      }
      // The default name: the brand and the legal form (no BRAND set in these builds).
      const name = readConfig({}).company.name;
      expect(textOf(one(page, 'main dl')), path).toContain(name);
      expect(textOf(one(page, 'footer address')).trim(), path).toBe(name);
    }
  });
});
