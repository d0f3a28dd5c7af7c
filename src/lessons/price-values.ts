/**
 * The lesson numbers the prices page's title, description and introduction interpolate
 * (`{{price}}`, `{{extra}}`, `{{min}}`, `{{max}}`, `{{hours}}`), from the site facts and formatted
 * for the locale. Shared by the view and the tests that check those texts.
 */
import { money } from '../i18n/format';
import { facts } from '../site-facts';
import type { Locale } from '../i18n/locales';

export function lessonPriceValues(locale: Locale) {
  const { lessons } = facts;
  return {
    price: money(lessons.privateHourly, locale),
    extra: money(lessons.extraPersonHourly, locale),
    min: lessons.group.min,
    max: lessons.group.max,
    hours: lessons.freeChangeHours,
  };
}
