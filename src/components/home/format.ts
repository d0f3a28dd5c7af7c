/**
 * Numbers written the way each locale writes them, for the marketing pages (home, instructors,
 * sports, deals): `29,90 €` and `40 %` (narrow no-break spaces) in French, `€29.90` and `40%` in
 * English. Every figure comes from the site facts; this only decides how it looks.
 */
import { locales, type Locale } from '../../i18n/locales';

export function formatters(locale: Locale) {
  const lang = locales[locale].htmlLang;
  const number = new Intl.NumberFormat(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const money = (value: number) =>
    new Intl.NumberFormat(lang, {
      style: 'currency',
      currency: 'EUR',
      // Whole euros read better in copy ("€48 a month"); cents stay when there are some ("€29.90").
      minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(value);
  return {
    number: (value: number) => number.format(value),
    /** A running total that only grows (users, lessons taught): "1,500+". */
    atLeast: (value: number) => `${number.format(value)}+`,
    money,
    percent: (value: number) => percent.format(value / 100),
    /** "15–20 %" in French, "15–20%" in English (Intl's own ranges repeat the sign in some locales). */
    percentRange: (min: number, max: number) =>
      min === max ? percent.format(min / 100) : `${number.format(min)}–${percent.format(max / 100)}`,
  };
}

export type Formatters = ReturnType<typeof formatters>;
