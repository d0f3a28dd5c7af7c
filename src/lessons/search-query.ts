/**
 * A lesson search as the form holds it and the URL carries it, and the way from one to the other.
 * Query-only, with no validation library: the resort lessons page checks for a search with this
 * alone before loading anything else. Validation and the quote are in search.ts.
 *
 * A `SearchDraft` is what the form holds, as typed (strings). The form's field names are the
 * query's names, so a form submitted without JavaScript produces the same query.
 */
import type { Locale } from '../i18n/locales.ts';
import type { LessonLanguage } from './search.ts';

import { findResort, type SearchableResort } from './resort-match.ts';

export {
  closestResorts,
  findResort,
  matchResorts,
  searchKey,
  type SearchableResort,
} from './resort-match.ts';

export type DateDraft = { day: string; time: string; hours: string };

export type SearchDraft = {
  where: string;
  sport: string;
  dates: DateDraft[];
  adults: string;
  children: string;
  lesson: string;
  level: string;
  language: string;
};

/** A visitor reading the site in a language most likely wants lessons in it (search.ts lists the lesson languages). */
export const languageOfLocale: Record<Locale, LessonLanguage> = {
  en: 'english',
  fr: 'french',
  es: 'spanish',
  pt: 'portuguese',
};

/** More dates than this in one search is a season pass, not a search (and an unwieldy URL). */
export const MAX_DATES = 14;
export const DEFAULT_TIME = '10:00';
export const DEFAULT_HOURS = '2';

export const emptyDate = (time = DEFAULT_TIME, hours = DEFAULT_HOURS): DateDraft => ({
  day: '',
  time,
  hours,
});

/** The form's first state: one date to fill in, one adult, a private lesson in the visitor's language. */
export function defaultDraft(locale = 'en'): SearchDraft {
  return {
    where: '',
    sport: 'ski',
    dates: [emptyDate()],
    adults: '1',
    children: '0',
    lesson: 'private',
    level: '',
    language: (languageOfLocale as Partial<Record<string, LessonLanguage>>)[locale] ?? 'english',
  };
}

/** Whether every date shares one start time and one duration (then the query carries them once). */
export function sharesOneTime(dates: readonly DateDraft[]): boolean {
  return dates.every((d) => d.time === dates[0]?.time && d.hours === dates[0]?.hours);
}

/**
 * The query of a search: `where=astun&sport=ski&date=2027-01-10&date=2027-01-11&time=10:00&hours=2
 * &adults=2&children=1&lesson=private&level=new&language=english`. `time` and `hours` are given
 * once when every date shares them, once per date otherwise (in the dates' order). An empty
 * `where` is left out; every other field is written, empty or not, so nothing typed is lost.
 */
export function draftToQuery(
  draft: SearchDraft,
  resorts: readonly SearchableResort[] = [],
): URLSearchParams {
  const query = new URLSearchParams();
  const where = draft.where.trim();
  // A resort found by its name travels as its id (shorter, and the same in every language).
  if (where) query.set('where', findResort(where, resorts)?.id ?? where);
  query.set('sport', draft.sport);
  for (const date of draft.dates) query.append('date', date.day);
  const perDate =
    draft.dates.length > 0 && !sharesOneTime(draft.dates) ? draft.dates : draft.dates.slice(0, 1);
  for (const date of perDate) query.append('time', date.time);
  for (const date of perDate) query.append('hours', date.hours);
  // Written even when empty: an emptied field must not come back as its first state.
  for (const key of ['adults', 'children', 'lesson', 'level', 'language'] as const)
    query.set(key, draft[key]);
  return query;
}

/** The draft a query describes; what it does not say takes the form's first state. */
export function draftFromQuery(
  input: URLSearchParams | string,
  locale = 'en',
  resorts: readonly SearchableResort[] = [],
): SearchDraft {
  const query = typeof input === 'string' ? new URLSearchParams(input) : input;
  const base = defaultDraft(locale);
  const days = query.getAll('date').slice(0, MAX_DATES);
  const times = query.getAll('time');
  const hours = query.getAll('hours');
  const shared = times.length <= 1 && hours.length <= 1;
  const dates = days.map((day, index) => ({
    day: day.trim(),
    time: (shared ? times[0] : times[index]) ?? DEFAULT_TIME,
    hours: (shared ? hours[0] : hours[index]) ?? DEFAULT_HOURS,
  }));
  const text = (key: string, fallback: string) => {
    const value = query.get(key);
    return value === null ? fallback : value.trim();
  };
  const where = text('where', base.where);
  return {
    // An id from a shared link shows as the resort's name.
    where: resorts.find((r) => r.id === where)?.name ?? where,
    sport: text('sport', base.sport),
    dates: dates.length ? dates : base.dates,
    adults: text('adults', base.adults),
    children: text('children', base.children),
    lesson: text('lesson', base.lesson),
    level: text('level', base.level),
    language: text('language', base.language),
  };
}

export { hasSearch, searchQueryKeys } from './search-keys.ts';
