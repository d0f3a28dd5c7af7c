/**
 * Numbers, money, lengths, dates and places as each locale writes them, with Intl, for every page:
 * `29,90 €`, `1 658 m`, `40 %` and `30 novembre 2021` in French; `€29.90`, `1,658 m`, `40%` and
 * `30 November 2021` in English (British conventions). Each locale's conventions are its `intl`
 * tag in `locales.ts`. Figures come from the site facts and content; this only decides their look.
 */
import { isLocale, locales, type Locale } from './locales';

/** The Intl tag for a site locale (`fr` → `fr-FR`); any other tag is used as it is. */
export function intlLocale(locale: Locale | string): string {
  return isLocale(locale) ? locales[locale].intl : locale;
}

// Building an Intl formatter is costly (it was 15 % of the build's CPU when every call made one):
// each locale and options pair is built once and kept.
const built = new Map<string, object>();
function cached<T extends object>(
  kind: string,
  locale: Locale | string,
  options: object,
  make: (tag: string) => T,
): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = built.get(key) as T | undefined;
  if (!formatter) built.set(key, (formatter = make(intlLocale(locale))));
  return formatter;
}
const numberFormat = (locale: Locale | string, options: Intl.NumberFormatOptions = {}) =>
  cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options));
const dateFormat = (locale: Locale | string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));

/** Whole euros show no cents (`52 €`, `€48`); others show two decimals (`29,90 €`). */
export function money(amount: number, locale: Locale | string): string {
  const decimals = Number.isInteger(amount) ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/** `€60,000–80,000` in English, `60 000–80 000 €` in French. */
export function moneyRange(min: number, max: number, locale: Locale | string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).formatRange(min, max);
}

export function count(value: number, locale: Locale | string): string {
  return numberFormat(locale).format(value);
}

/** A running total that only grows (users, lessons taught): `1,500+`. */
export function atLeast(value: number, locale: Locale | string): string {
  return `${count(value, locale)}+`;
}

/** `percent(40, 'fr')` → `40 %` (with the narrow no-break space French uses). */
export function percent(value: number, locale: Locale | string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** `15–20 %` in French, `15–20%` in English (Intl's own ranges repeat the sign in some locales). */
export function percentRange(min: number, max: number, locale: Locale | string): string {
  return min === max ? percent(min, locale) : `${count(min, locale)}–${percent(max, locale)}`;
}

/** `length(1658, 'meter', 'fr')` → `1 658 m`. */
export function length(
  value: number,
  unit: 'meter' | 'kilometer' | 'centimeter',
  locale: Locale | string,
): string {
  return numberFormat(locale, { style: 'unit', unit }).format(value);
}

// Content dates are calendar days (YAML `2026-12-05` is midnight UTC): format them in UTC so no
// time zone moves them to the day before.
const calendarDay = (date: Date | string) => (typeof date === 'string' ? new Date(date) : date);

/** `30 November 2021`, `30 novembre 2021`. */
export function day(date: Date | string, locale: Locale | string): string {
  return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(calendarDay(date));
}

/** With the weekday, for a lesson's date: `Sunday 10 January 2027`, `dimanche 10 janvier 2027`. */
export function fullDay(date: Date | string, locale: Locale | string): string {
  return dateFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(calendarDay(date));
}

/**
 * `5 December 2026 – 11 April 2027`, shortened by Intl where the month or year repeats. Kept by
 * dates and locale: `formatRange` is slow, and the resorts' seasons share a few dates.
 */
const ranges = new Map<string, string>();
export function dayRange(from: Date, to: Date, locale: Locale | string): string {
  const key = `${from.getTime()} ${to.getTime()} ${locale}`;
  let range = ranges.get(key);
  if (range === undefined) {
    range = dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(from, to);
    ranges.set(key, range);
  }
  return range;
}

/**
 * `dayRange` in three pieces, each date whole (what is shared, such as a year written once, goes
 * with the date it is written beside), so a page can keep each date on one line.
 */
export function dayRangeSides(
  from: Date,
  to: Date,
  locale: Locale | string,
): { start: string; between: string; end: string } {
  // Kept by dates and locale, as dayRange: every resort page writes the same seasons' dates.
  const key = `${from.getTime()} ${to.getTime()} ${locale}`;
  const kept = rangeSides.get(key);
  if (kept) return { ...kept };
  const sides = { start: '', between: '', end: '' };
  let seen: 'none' | 'start' | 'end' = 'none';
  for (const { source, value } of dateFormat(locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).formatRangeToParts(from, to)) {
    if (source === 'startRange') seen = 'start';
    if (source === 'endRange') seen = 'end';
    if (source !== 'shared' || seen === 'end') sides[seen === 'end' ? 'end' : 'start'] += value;
    else if (seen === 'start') sides.between += value;
    else sides.start += value;
  }
  rangeSides.set(key, { ...sides });
  return sides;
}
const rangeSides = new Map<string, { start: string; between: string; end: string }>();

/** `February 2026`, `février 2026`. */
export function monthYear(date: Date, locale: Locale | string): string {
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A moment (a snow report's update), in the resorts' time zone: every resort is in Spain so far. */
export function moment(date: Date, locale: Locale | string, timeZone = 'Europe/Madrid'): string {
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** `ES` → `Spain` / `Espagne` / `España`. */
export function countryName(code: string, locale: Locale | string): string {
  return (
    cached('region', locale, {}, (tag) => new Intl.DisplayNames([tag], { type: 'region' })).of(
      code,
    ) ?? code
  );
}

/** `['FR', 'ES']` → `France and Spain`, `France et Espagne`. */
export function countryList(codes: readonly string[], locale: Locale | string): string {
  return cached(
    'list',
    locale,
    {},
    (tag) => new Intl.ListFormat(tag, { type: 'conjunction' }),
  ).format(codes.map((code) => countryName(code, locale)));
}

/** The same, bound to one locale, for templates that format many figures: `format.money(48)`. */
export function formatters(locale: Locale) {
  return {
    number: (value: number) => count(value, locale),
    atLeast: (value: number) => atLeast(value, locale),
    money: (value: number) => money(value, locale),
    percent: (value: number) => percent(value, locale),
    percentRange: (min: number, max: number) => percentRange(min, max, locale),
  };
}

export type Formatters = ReturnType<typeof formatters>;
