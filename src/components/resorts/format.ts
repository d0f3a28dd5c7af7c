/**
 * Numbers, money, lengths and dates as each locale writes them, with Intl: `29,90 €` and
 * `1 658 m` in French, `€29.90` and `1,658 m` in English. Whole euros show no decimals (`52 €`).
 */
import type { Locale } from '../../i18n/locales';

/** The regional variant whose conventions the site follows for each language. */
const intlLocale: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', pt: 'pt-BR' };

export function money(amount: number, locale: Locale): string {
  const decimals = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

export function count(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale]).format(value);
}

/** `length(1658, 'meter', 'fr')` → `1 658 m`. */
export function length(value: number, unit: 'meter' | 'kilometer' | 'centimeter', locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: 'unit', unit }).format(value);
}

// Content dates are calendar days (YAML `2026-12-05` is midnight UTC): format them in UTC so no
// time zone moves them to the day before.
export function day(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** `5 December 2026 – 11 April 2027`, shortened by Intl where the month or year repeats. */
export function dayRange(from: Date, to: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC' }).formatRange(from, to);
}

/** A moment (a snow report's update), in the resorts' time zone: every resort is in Spain so far. */
export function moment(date: Date, locale: Locale, timeZone = 'Europe/Madrid'): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** `ES` → `Spain` / `Espagne` / `España`. */
export function countryName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([intlLocale[locale]], { type: 'region' }).of(code) ?? code;
}

/** `percent(40, 'fr')` → `40 %` (with the narrow no-break space French uses). */
export function percent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}
