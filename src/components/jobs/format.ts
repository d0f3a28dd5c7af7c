/** How a posting's pay, dates and countries read in each language (Intl, no hand-made formats). */
import type { JobFields } from './postings';

/** "€60,000–80,000" in English, "60 000–80 000 €" in French. */
export function salaryRange(locale: string, salary: NonNullable<JobFields['salary']>): string {
  const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return euros.formatRange(salary.min, salary.max);
}

/** "9 November 2026", "9 novembre 2026". Dates from front matter are UTC midnights. */
export function longDate(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** ["FR", "ES"] → "France and Spain", "France et Espagne". */
export function countryList(locale: string, codes: readonly string[]): string {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(codes.map((code) => names.of(code) ?? code));
}
