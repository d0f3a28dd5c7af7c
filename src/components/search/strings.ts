/**
 * The translated texts the search islands and the live conditions receive (namespaces `search`,
 * `resortLive` and `toasts` of content/translations), built at build time: no i18n runtime ships
 * to the browser. Numbers come from the site facts, written the locale's way.
 */
import { money } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { oncePerLocale, textsOf, useTranslations } from '../../i18n/translate';
import { lessonTypes } from '../../lessons/price';
import {
  laterSports,
  lessonLanguages,
  lessonSports,
  levels,
  type LessonSport,
} from '../../lessons/search';
import { facts } from '../../site-facts';
import type { ToasterLabels } from '../../toasts/notify';
import type { Plural, QuoteStrings, SearchStrings, SummaryStrings } from './text';
import { problemTexts } from '../../lessons/problem-texts';

export { problemTexts };

/** Runtime placeholders stay for the island to fill (`{{n}}`, `{{price}}`…). */
export const keep = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, `{{${name}}}`]));

/** A text's two forms; the island picks one for its count (Intl.PluralRules). */
export const pluralOf = <Key extends string>(
  t: (key: `${Key}.${keyof Plural}`, values: Record<string, string>) => string,
  key: Key,
): Plural => ({
  one: t(`${key}.one`, keep('n')),
  other: t(`${key}.other`, keep('n')),
});

export const quoteStrings = oncePerLocale((locale): QuoteStrings => {
  const t = useTranslations(locale);
  const { lessons } = facts;
  return {
    heading: t('search.quote.heading'),
    hourly: t('search.quote.hourly', keep('price', 'learners')),
    times: t('search.quote.times', keep('hours', 'dates')),
    total: t('search.quote.total'),
    rule: t('search.quote.rule', {
      price: money(lessons.privateHourly, locale),
      extra: money(lessons.extraPersonHourly, locale),
    }),
    groupTitle: t('search.quote.groupTitle', keep('learners')),
    groupRule: t('search.quote.groupRule', { min: lessons.group.min, max: lessons.group.max }),
    pending: t('search.quote.pending'),
    learners: pluralOf(t, 'search.quote.learners'),
    hours: pluralOf(t, 'search.quote.hours'),
    dates: pluralOf(t, 'search.quote.dates'),
  };
});

export const searchStrings = oncePerLocale((locale): SearchStrings => {
  const t = useTranslations(locale);
  const { lessons } = facts;
  return {
    where: t('search.where'),
    whereHint: t('search.whereHint'),
    whereClosest: t('search.whereClosest'),
    sport: t('search.sport'),
    sportsLater: t('search.sportsLater'),
    sports: textsOf(t, 'search.sports', [...lessonSports, ...laterSports]),
    dates: t('search.dates'),
    sameTime: t('search.sameTime'),
    date: t('search.date', keep('n')),
    time: t('search.time'),
    hours: t('search.hours'),
    ofDate: t('search.ofDate', keep('n')),
    hoursHint: t('search.hoursHint', {
      min: lessons.durationHours.min,
      max: lessons.durationHours.max,
    }),
    addDate: t('search.addDate'),
    removeDate: t('search.removeDate', keep('n')),
    people: t('search.people'),
    adults: t('search.adults'),
    children: t('search.children'),
    lesson: t('search.lesson'),
    lessons: textsOf(t, 'search.lessons', lessonTypes),
    lessonHints: textsOf(t, 'search.lessonHints', lessonTypes, {
      privateMax: lessons.maxPrivateGroup,
      groupMin: lessons.group.min,
      groupMax: lessons.group.max,
    }),
    level: t('search.level'),
    levelChoose: t('search.levelChoose'),
    levels: textsOf(t, 'search.levels', levels),
    language: t('search.language'),
    languages: textsOf(t, 'search.languages', lessonLanguages),
    submit: t('search.submit'),
    errorSummary: t('search.errorSummary'),
    errors: problemTexts(locale),
    quote: quoteStrings(locale),
  };
});

export function summaryStrings(
  locale: Locale,
  sport: LessonSport,
  resort: { name: string },
): SummaryStrings {
  const t = useTranslations(locale);
  const values = { resort: resort.name };
  return {
    title: t(`search.summary.title.${sport}`, values),
    dates: t('search.summary.dates'),
    dateLine: t('search.summary.dateLine', keep('date', 'time', 'hours')),
    people: t('search.people'),
    adults: pluralOf(t, 'search.summary.adults'),
    children: pluralOf(t, 'search.summary.children'),
    lesson: t('search.lesson'),
    level: t('search.level'),
    language: t('search.language'),
    book: t('search.summary.book'),
    bookHint: t('search.summary.bookHint'),
    request: t('forms.lessonRequest.link'),
    requestHint: t('forms.lessonRequest.linkHint'),
    change: t('search.summary.change'),
    invalid: t('search.summary.invalid'),
    lessons: textsOf(t, 'search.lessons', lessonTypes),
    levels: textsOf(t, 'search.levels', levels),
    languages: textsOf(t, 'search.languages', lessonLanguages),
    errors: problemTexts(locale),
    quote: quoteStrings(locale),
  };
}

export const toasterLabels = oncePerLocale((locale): ToasterLabels => {
  const t = useTranslations(locale);
  return { region: t('toasts.region'), close: t('toasts.close') };
});
