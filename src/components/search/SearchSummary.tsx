/**
 * A resort lessons page's booking box when the page was opened from the home page's search: the
 * search (dates, people, lesson, level, language), the same quote as the search, a Book button
 * that hands the search to the booking app when one is configured, and a way back to change it.
 * Mounted by LessonOffer.astro's script only when the address carries a search; otherwise the box
 * stays the page's static "find a lesson" box and none of this is downloaded.
 */
import { useStore } from '@nanostores/react';
import type { LessonRule } from '../../lessons/price';
import {
  draftToQuery,
  localToday,
  searchQuote,
  validateSearch,
  type SearchableResort,
  type SearchDraft,
} from '../../lessons/search';
import { $lessonSearch } from '../../stores/lesson-search';
import QuoteView from './QuoteView';
import { fullDay } from '../../i18n/format';
import { fill, plural, type SummaryStrings } from './text';

export type SearchSummaryProps = {
  strings: SummaryStrings;
  locale: string;
  intl: string;
  resort: SearchableResort & { uuid: string };
  sport: 'ski' | 'snowboard';
  resorts: SearchableResort[];
  /** The home page, whose `#lp` holds the search form. */
  homePath: string;
  /** Empty: no booking app configured, no Book button: the lesson request instead. */
  bookingAppUrl: string;
  /** The lesson request form on the page (`#lesson-request`), when there is no booking app. */
  requestHref?: string;
  /** `facts.lessons` of the site facts. */
  rule: LessonRule;
};

/** The booking app's address with the search in its query, plus the backend's resort id and the language. */
export function bookingUrl(
  base: string,
  query: URLSearchParams,
  resortUuid: string,
  locale: string,
): string {
  const url = new URL(base);
  for (const [key, value] of query) url.searchParams.append(key, value);
  url.searchParams.set('resortUuid', resortUuid);
  url.searchParams.set('locale', locale);
  return url.href;
}

export default function SearchSummary({
  strings,
  locale,
  intl,
  resort,
  sport,
  resorts,
  homePath,
  bookingAppUrl,
  requestHref,
  rule,
}: SearchSummaryProps) {
  // The page's search (the lesson search store); the page's resort and sport win over its own.
  const search = useStore($lessonSearch);
  if (!search) return null;
  const draft: SearchDraft = { ...search, where: resort.name, sport };
  const check = validateSearch(draft, { resorts, today: localToday(), rule });
  const query = draftToQuery(draft, resorts);
  const people = new Intl.ListFormat(intl, { type: 'conjunction' }).format(
    [
      Number(draft.adults) > 0 ? plural(strings.adults, Number(draft.adults), intl) : '',
      Number(draft.children) > 0 ? plural(strings.children, Number(draft.children), intl) : '',
    ].filter(Boolean),
  );
  const hours = { one: strings.quote.hours.one, other: strings.quote.hours.other };

  return (
    <div className="search-summary" data-search-summary={check.ok ? 'valid' : 'invalid'}>
      <div className="search-summary__what">
        <h3>{strings.title}</h3>
        <dl className="search-facts">
          <div>
            <dt>{strings.dates}</dt>
            <dd>
              <ul>
                {draft.dates.map((date, index) => (
                  <li key={index}>
                    {fill(strings.dateLine, {
                      date: /^\d{4}-\d{2}-\d{2}$/.test(date.day)
                        ? fullDay(date.day, intl)
                        : date.day || '—',
                      time: date.time,
                      hours: plural(hours, Number(date.hours) || 0, intl),
                    })}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{strings.people}</dt>
            <dd>{people}</dd>
          </div>
          <div>
            <dt>{strings.lesson}</dt>
            <dd>{strings.lessons[draft.lesson] ?? draft.lesson}</dd>
          </div>
          <div>
            <dt>{strings.level}</dt>
            <dd>{strings.levels[draft.level] ?? (draft.level || '—')}</dd>
          </div>
          <div>
            <dt>{strings.language}</dt>
            <dd>{strings.languages[draft.language] ?? draft.language}</dd>
          </div>
        </dl>
        {!check.ok && (
          <div className="search-summary__problems" role="alert">
            <p>{strings.invalid}</p>
            <ul>
              {[...new Set(Object.values(check.problems))].map((code) => (
                <li key={code}>{strings.errors[code] ?? code}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="search-summary__price">
        <QuoteView
          quote={check.ok ? searchQuote(check.search, rule) : null}
          strings={strings.quote}
          intl={intl}
          headingLevel={4}
        />
        <div className="search-summary__actions">
          {check.ok && bookingAppUrl && (
            <>
              <a
                className="button button--sun"
                href={bookingUrl(bookingAppUrl, query, resort.uuid, locale)}
                data-book
              >
                {strings.book}
              </a>
              <p className="search-summary__hint">{strings.bookHint}</p>
            </>
          )}
          {check.ok && !bookingAppUrl && requestHref && (
            <>
              <a className="button button--sun" href={requestHref} data-request>
                {strings.request}
              </a>
              <p className="search-summary__hint">{strings.requestHint}</p>
            </>
          )}
          <a className="search-summary__change" href={`${homePath}?${query}#lp`}>
            {strings.change}
          </a>
        </div>
      </div>
    </div>
  );
}
