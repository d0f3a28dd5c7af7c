/**
 * The search islands' texts, as they receive them (translated at build time, see strings.ts), and
 * the little they do with them in the browser: fill in a `{{placeholder}}` and pick a plural form.
 * Money and dates are written by src/i18n/format.ts, as on the built pages.
 */
import { count } from '../../i18n/format';

/** A text with a singular and a plural form: `{ one: '{{n}} learner', other: '{{n}} learners' }`. */
export type Plural = { one: string; other: string };

export type QuoteStrings = {
  heading: string;
  /** `{{price}} per hour for {{learners}}` */
  hourly: string;
  /** `× {{hours}}, {{dates}}` */
  times: string;
  total: string;
  /** The rule in words: `{{price}} per hour … {{extra}} … each extra learner.` (filled in at build time) */
  rule: string;
  /** `Group lesson for {{learners}}` */
  groupTitle: string;
  /** Groups' bounds and when they run (filled in at build time). */
  groupRule: string;
  pending: string;
  learners: Plural;
  hours: Plural;
  dates: Plural;
};

export type SearchStrings = {
  where: string;
  whereHint: string;
  /** Before the closest resorts when none matches Where ("Did you mean:"). */
  whereClosest: string;
  sport: string;
  sportsLater: string;
  sports: Record<string, string>;
  dates: string;
  sameTime: string;
  /** `Date {{n}}` */
  date: string;
  time: string;
  hours: string;
  /** `, date {{n}}`: read after a date's own time and duration labels, not shown. */
  ofDate: string;
  hoursHint: string;
  addDate: string;
  /** `Remove date {{n}}` */
  removeDate: string;
  people: string;
  adults: string;
  children: string;
  lesson: string;
  lessons: Record<string, string>;
  lessonHints: Record<string, string>;
  level: string;
  levelChoose: string;
  levels: Record<string, string>;
  language: string;
  languages: Record<string, string>;
  submit: string;
  errorSummary: string;
  /** Problem code (`where.notFound`) → text. */
  errors: Record<string, string>;
  quote: QuoteStrings;
};

export type SummaryStrings = {
  /** `Your ski lessons in {{resort}}`, filled in for the page's resort. */
  title: string;
  dates: string;
  /** `{{date}} at {{time}}, {{hours}}` */
  dateLine: string;
  people: string;
  adults: Plural;
  children: Plural;
  lesson: string;
  level: string;
  language: string;
  book: string;
  bookHint: string;
  /** The lesson request's link and hint, shown instead of Book when no booking app is set. */
  request: string;
  requestHint: string;
  change: string;
  invalid: string;
  lessons: Record<string, string>;
  levels: Record<string, string>;
  languages: Record<string, string>;
  errors: Record<string, string>;
  quote: QuoteStrings;
};

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** `plural({ one: '{{n}} learner', other: '{{n}} learners' }, 2, 'en-GB')` → `2 learners`. */
export function plural(forms: Plural, n: number, intl: string): string {
  const form = new Intl.PluralRules(intl).select(n) === 'one' ? forms.one : forms.other;
  return fill(form, { n: count(n, intl) });
}
