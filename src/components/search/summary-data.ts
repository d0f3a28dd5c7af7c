/**
 * What a resort lessons page's booking box needs to show the visitor's search
 * (SearchSummaryProps but the search itself), served as a small JSON file of its own
 * (src/pages/search-summary/[locale]/[resort]/[sport].json.ts) rather than written into the page:
 * only a visitor who comes from the search uses it, and in the page it cost every visitor about
 * 1 KB of the first round trip (docs/performance.md). LessonOffer's script fetches it together
 * with the code that shows it, so it adds no round trip.
 */
import type { CollectionEntry } from 'astro:content';
import { config } from '../../config';
import { locales, type Locale } from '../../i18n/locales';
import { pathTo } from '../../i18n/routes';
import { facts } from '../../site-facts';
import type { SearchSummaryProps } from './SearchSummary';
import { summaryStrings } from './strings';

export type LessonSport = 'ski' | 'snowboard';

/** Where the lesson request form is on the page, when there is no booking app. */
export const LESSON_REQUEST_ID = 'lesson-request';

/** The address of a lessons page's summary data. */
export const searchSummaryPath = (locale: Locale, resort: string, sport: LessonSport) =>
  `/search-summary/${locale}/${resort}/${sport}.json`;

export function searchSummaryData(
  locale: Locale,
  sport: LessonSport,
  resort: CollectionEntry<'resorts'>,
): Omit<SearchSummaryProps, 'draft'> {
  const { name, uuid } = resort.data;
  return {
    strings: summaryStrings(locale, sport, { name }),
    locale,
    intl: locales[locale].intl,
    resort: { id: resort.id, name, uuid },
    sport,
    // The summary's search is always for this page's resort (mount-summary sets `where` to it),
    // so this resort is the only one it needs to recognise: listing every resort put the whole
    // list into every lessons page (90 KB more per page at 1,000 resorts).
    resorts: [{ id: resort.id, name }],
    homePath: pathTo('home', locale),
    bookingAppUrl: config.bookingAppUrl,
    // Without a booking app, the page takes a lesson request instead.
    ...(config.bookingAppUrl === '' ? { requestHref: `#${LESSON_REQUEST_ID}` } : {}),
    rule: facts.lessons,
  };
}
