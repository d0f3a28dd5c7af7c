/**
 * A lesson search (spec §3 "Booking search"): where, sport, dates with a start time and a duration,
 * adults and children, private or group, level and lesson language.
 *
 * - a `SearchDraft` is what the form holds, as typed, and what the URL query carries
 *   (`draftFromQuery` / `draftToQuery` in search-query.ts, re-exported here): the search lives in
 *   the URL, so it can be shared and the back button restores it;
 * - `validateSearch` checks a draft with valibot and gives a `LessonSearch` (typed, resort
 *   resolved) or a problem code per field (`where.notFound`…), which the islands show in the
 *   visitor's language;
 * - `draftQuote` / `searchQuote` give its price with the one rule of price.ts.
 * No DOM and no Astro: the islands, the no-JavaScript endpoint and the tests share it.
 */
import * as v from 'valibot';
import {
  lessonTypes,
  partyBounds,
  quoteLesson,
  type LessonRule,
  type LessonType,
  type PriceRule,
  type Quote,
} from './price.ts';
import { findResort, MAX_DATES, type SearchableResort, type SearchDraft } from './search-query.ts';

export * from './search-query.ts';

/** Sports with lessons to book today; each has a lessons page per resort. */
export const lessonSports = ['ski', 'snowboard'] as const;
export type LessonSport = (typeof lessonSports)[number];
/** Sports of spec §3 announced for later: listed in the form, not bookable yet. */
export const laterSports = ['surf', 'kite', 'tennis', 'yoga', 'golf'] as const;

export const levels = ['new', 'intermediate', 'advanced'] as const;
export type Level = (typeof levels)[number];

/** Spec §3, in its order. */
export const lessonLanguages = [
  'english',
  'french',
  'spanish',
  'arabic',
  'italian',
  'german',
  'dutch',
  'catalan',
  'russian',
  'portuguese',
  'other',
] as const;
export type LessonLanguage = (typeof lessonLanguages)[number];

/** Each of adults and children; the largest lesson (a group) is far below it. */
export const MAX_PEOPLE_FIELD = 20;

export type LessonDate = { day: string; time: string; hours: number };

export type LessonSearch = {
  resort: string;
  sport: LessonSport;
  dates: LessonDate[];
  adults: number;
  children: number;
  lesson: LessonType;
  level: Level;
  language: LessonLanguage;
};

export type SearchContext = {
  resorts: readonly SearchableResort[];
  /** Today, `YYYY-MM-DD`, in the visitor's calendar: earlier dates are in the past. */
  today: string;
  /** `facts.lessons` of the site facts. */
  rule: LessonRule;
};

// ---------------------------------------------------------------------------------------------
// Validation. Every problem is a code `<field>.<problem>`; the issue's path says where it shows
// (`dates.1.day` is the second date's day, `people` the adults and children together).

export type SearchProblems = Record<string, string>;
export type SearchCheck =
  | { ok: true; search: LessonSearch; problems: SearchProblems }
  | { ok: false; problems: SearchProblems };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD` (2027-02-30 is not one). */
function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** A count typed into a number field: empty is none. */
const headcount = (code: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((text) => (text === '' ? '0' : text)),
    v.regex(/^\d+$/, code),
    v.transform(Number),
    v.maxValue(MAX_PEOPLE_FIELD, code),
  );

function dateSchema(ctx: SearchContext) {
  const { min, max } = ctx.rule.durationHours;
  return v.object({
    day: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('day.missing'),
      v.check(isCalendarDay, 'day.invalid'),
      // ISO days compare as text.
      v.check((day) => day >= ctx.today, 'day.past'),
    ),
    time: v.pipe(v.string(), v.trim(), v.regex(TIME, 'time.invalid')),
    hours: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'hours.outOfBounds'),
      v.transform(Number),
      v.minValue(min, 'hours.outOfBounds'),
      v.maxValue(max, 'hours.outOfBounds'),
    ),
  });
}

/** The people of a lesson type: the rule's bounds, as problem codes. */
function peopleProblem(
  lesson: string,
  adults: number,
  children: number,
  rule: PriceRule,
): string | null {
  const learners = adults + children;
  if (learners === 0) return 'people.none';
  if (lesson !== 'private' && lesson !== 'group') return null; // the lesson field says what is wrong
  const { min, max } = partyBounds(lesson, rule);
  if (learners > max) return lesson === 'group' ? 'people.groupTooMany' : 'people.privateTooMany';
  if (learners < min) return 'people.groupTooFew';
  return null;
}

export function searchSchema(ctx: SearchContext) {
  return v.pipe(
    v.object({
      where: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('where.missing'),
        v.check((where) => findResort(where, ctx.resorts) !== undefined, 'where.notFound'),
        v.transform((where) => findResort(where, ctx.resorts)!.id),
      ),
      sport: v.picklist(lessonSports, 'sport.notFound'),
      dates: v.pipe(
        v.array(dateSchema(ctx)),
        v.minLength(1, 'dates.missing'),
        v.maxLength(MAX_DATES, 'dates.tooMany'),
      ),
      adults: headcount('adults.invalid'),
      children: headcount('children.invalid'),
      lesson: v.picklist(lessonTypes, 'lesson.invalid'),
      level: v.picklist(levels, 'level.missing'),
      language: v.picklist(lessonLanguages, 'language.notFound'),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { lesson, adults, children } = dataset.value;
      const problem = peopleProblem(lesson, adults, children, ctx.rule);
      if (problem)
        addIssue({
          message: problem,
          path: [
            {
              type: 'object',
              origin: 'value',
              input: dataset.value,
              key: 'people',
              value: adults + children,
            },
          ],
        });
    }),
  );
}

/** Problems by where they show: `where`, `dates.0.day`, `people`… (the first problem of each). */
function problemsOf(issues: readonly v.BaseIssue<unknown>[]): SearchProblems {
  const problems: SearchProblems = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? 'search';
    problems[path] ??= issue.message;
  }
  return problems;
}

/**
 * Checks a draft. Problems are also given for a draft whose other fields fail: the people rule
 * is checked whenever adults, children and the lesson type are readable, so every problem shows
 * at once instead of one after another.
 */
export function validateSearch(draft: SearchDraft, context: SearchContext): SearchCheck {
  const { rule } = context;
  const result = v.safeParse(searchSchema(context), draft, { abortPipeEarly: true });
  if (result.success) {
    const { where, ...search } = result.output;
    return { ok: true, search: { resort: where, ...search }, problems: {} };
  }
  const problems = problemsOf(result.issues);
  if (!problems.people && !problems.adults && !problems.children) {
    const adults = v.safeParse(headcount(''), draft.adults);
    const children = v.safeParse(headcount(''), draft.children);
    if (adults.success && children.success) {
      const problem = peopleProblem(draft.lesson, adults.output, children.output, rule);
      if (problem) problems.people = problem;
    }
  }
  return { ok: false, problems };
}

/**
 * The quote a draft gives as soon as the fields it depends on (lesson type, adults and children,
 * each date's duration) are right, whatever the rest: the price updates while the visitor is
 * still choosing a resort or a date. Null while one of them is wrong.
 */
export function draftQuote(draft: SearchDraft, rule: LessonRule): Quote | null {
  const adults = v.safeParse(headcount(''), draft.adults);
  const children = v.safeParse(headcount(''), draft.children);
  if (!adults.success || !children.success) return null;
  if (draft.lesson !== 'private' && draft.lesson !== 'group') return null;
  if (peopleProblem(draft.lesson, adults.output, children.output, rule)) return null;
  if (draft.dates.length === 0) return null;
  const hours = draft.dates.map((d) => (/^\d+$/.test(d.hours.trim()) ? Number(d.hours) : NaN));
  if (hours.some((h) => !(h >= rule.durationHours.min && h <= rule.durationHours.max))) return null;
  return quoteLesson(
    { lesson: draft.lesson, learners: adults.output + children.output, hours },
    rule,
  );
}

/** The quote of a valid search. */
export function searchQuote(search: LessonSearch, rule: PriceRule): Quote {
  return quoteLesson(
    {
      lesson: search.lesson,
      learners: search.adults + search.children,
      hours: search.dates.map((d) => d.hours),
    },
    rule,
  );
}

/** Today in the visitor's own calendar, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
