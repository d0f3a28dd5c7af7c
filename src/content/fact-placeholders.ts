/**
 * Site facts as the placeholders of the translations that quote them, written the locale's way:
 * one place says which fact fills `{{percent}}`, `{{hours}}`, `{{min}}` and `{{max}}` wherever
 * the claims and the group size are told (home page, its head, deals, instructors' benefits).
 */
import { formatters } from '../i18n/format';
import type { Locale } from '../i18n/locales';
import { facts } from '../site-facts';

/** The claims' figures: how much cheaper than schools, how long a lesson can be changed free. */
export function claimPlaceholders(locale: Locale) {
  const format = formatters(locale);
  return {
    percent: format.percent(facts.claims.cheaperThanSchoolsPercent),
    hours: format.number(facts.lessons.freeChangeHours),
  };
}

/** The smallest and largest group lesson. */
export function groupSizePlaceholders(locale: Locale) {
  const format = formatters(locale);
  return { min: format.number(facts.lessons.group.min), max: format.number(facts.lessons.group.max) };
}
