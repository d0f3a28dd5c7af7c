/**
 * Each form's problems in words (namespace `forms.<form>.errors` of content/translations), built at
 * build time: the islands get their locale's as props, the receiver answers with the English ones.
 */
import { config } from '../config';
import type { Locale } from '../i18n/locales';
import { count } from '../i18n/format';
import { textsUnder } from '../i18n/translate';
import { problemTexts } from '../lessons/problem-texts';
import type { FormKey } from './all';
import { MAX_RENTAL_DAYS, MAX_RENTAL_PEOPLE, sizeBounds } from './rental-reservation';
import { limits } from './schemas';

/** The forms people fill in (a consent record is sent by code: it has no texts). */
export type FilledForm = Exclude<FormKey, 'consentRecord'>;

/** "10 MB" in the locale's way of writing numbers ("10 Mo" is not used: MB is understood everywhere). */
export function fileSize(bytes: number, locale: Locale) {
  return `${count(Math.round((bytes / (1024 * 1024)) * 10) / 10, locale)}\u00a0MB`;
}

/** Values the error messages may interpolate. */
export const errorValues = (locale: Locale) => ({
  size: fileSize(config.forms.maxFileBytes, locale),
  maxYears: limits.yearsTaught,
  maxNote: limits.note,
  maxDays: MAX_RENTAL_DAYS,
  maxPeople: MAX_RENTAL_PEOPLE,
  minHeight: sizeBounds.height.min,
  maxHeight: sizeBounds.height.max,
  minWeight: sizeBounds.weight.min,
  maxWeight: sizeBounds.weight.max,
  minShoe: sizeBounds.shoe.min,
  maxShoe: sizeBounds.shoe.max,
});

/** Every problem code of a form (from the English file, which has them all) → its text in `locale`. */
export function errorMessages(form: FilledForm, locale: Locale): Record<string, string> {
  const own = textsUnder(locale, `forms.${form}.errors`, errorValues(locale));
  // A lesson request's search is checked by the search's rules: its problems are the search's.
  return form === 'lessonRequest' ? { ...problemTexts(locale), ...own } : own;
}

/**
 * The English text of a problem code, for the receiver's JSON answers. Consent records are sent by
 * code, never typed by a person, so their problems are named plainly rather than translated.
 */
export function englishMessage(form: FormKey, code: string) {
  if (form === 'consentRecord')
    return `The field ${code.split('.')[0]} of the consent record is not valid.`;
  return errorMessages(form, 'en')[code] ?? code;
}
