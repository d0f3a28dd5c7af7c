/**
 * The lesson request (spec §3, when no booking app takes the search): the visitor's lesson search
 * (resort, sport, dates and times, adults and children, lesson type, level, language), the price
 * they were quoted, an optional rental pack, and who they are (name, email, optional phone and
 * note). Shared by the island (checked before sending) and the receiver (checked again).
 *
 * The search part is checked by the lesson search's own rules (src/lessons/search.ts), with the
 * query's field names (`where`, `date`, `time`, `hours`, `adults`…), so a search posted as a form
 * is read exactly like the same search in an address.
 *
 * The lesson's days are the resort's: each within its season (the page says when that is), each
 * once, at most `MAX_DATES` of them (one more is refused, never dropped); a pack must be one of the
 * resort's, for the lesson's sport.
 *
 * The price is never taken from the post: `quotedTotal` is what the visitor saw, and it must be
 * what the price rule gives for the search (else `quotedTotal.changed`: the page was older than
 * the prices). A post without one (no JavaScript: the visitor saw no quote) is accepted; the row
 * keeps the rule's figure either way (docs/forms.md).
 */
import * as v from 'valibot';
import {
  draftFromQuery,
  searchQuote,
  searchSchema,
  validateSearch,
  type LessonSearch,
  type SearchDraft,
  type SearchableResort,
  type SearchContext,
} from '../lessons/search.ts';
import { MAX_DATES } from '../lessons/search-query.ts';
import { contactFields } from './contact.ts';
import { REFERENCE_PATTERN } from './receipts.ts';
import { limits, localeField, type FieldErrors } from './schemas.ts';
import type { LessonRequestContext, RequestablePack } from './context.ts';
import type { FormDefinition } from './definition.ts';

/** The query names of a search, as the request form posts them (time and hours once or per date). */
const SEARCH_FIELDS = new Set([
  'where',
  'sport',
  'date',
  'time',
  'hours',
  'adults',
  'children',
  'lesson',
  'level',
  'language',
]);

export type { LessonRequestContext, RequestablePack };

const optionalText = (code: string, max: number, pattern?: RegExp) =>
  v.optional(
    v.pipe(
      v.string(code),
      v.trim(),
      v.maxLength(max, code),
      v.regex(/^(?:\P{Cc}|\r?\n)*$/u, code),
      v.check((text) => text === '' || !pattern || pattern.test(text), code),
    ),
    '',
  );

/** The search's context; `today` is read when a date is checked, not when the schema is built. */
const searchContextOf = (ctx: LessonRequestContext): SearchContext => ({
  resorts: ctx.resorts,
  rule: ctx.rule,
  get today() {
    return ctx.today();
  },
});

/** The fields besides the search; the search is `search`, a draft built from the query names. */
export function lessonRequestSchema(ctx: LessonRequestContext) {
  const searchContext = searchContextOf(ctx);
  return v.object({
    name: contactFields.name.rule,
    email: contactFields.email.rule,
    phone: optionalText('phone.invalid', limits.phone, /^\+?[0-9][0-9 ().-]{5,}$/),
    note: optionalText('note.invalid', limits.note),
    search: searchSchema(searchContext),
    /** The total the visitor was shown, in euros (`179.60`); empty when they saw none. */
    quotedTotal: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^(?:\d{1,6}(?:\.\d{1,2})?)?$/, 'quotedTotal.invalid')),
      '',
    ),
    pack: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^(?:[a-z0-9_][a-z0-9_-]{0,79})?$/, 'pack.unavailable')),
      '',
    ),
    consent: v.literal('yes', 'consent.required'),
    locale: localeField,
  });
}

/** A request once checked: the row's values, the search resolved and the rule's own price. */
export type LessonRequest = {
  name: string;
  email: string;
  phone: string;
  note: string;
  search: LessonSearch;
  /** What the visitor was shown (euros, two decimals), or null when they saw no price. */
  quotedTotal: string | null;
  /** What the price rule gives (euros, two decimals); null for a group lesson (the group sets it). */
  total: string | null;
  pack: string | null;
  locale?: string | undefined;
};

export type LessonRequestCheck =
  { ok: true; output: LessonRequest } | { ok: false; errors: FieldErrors };

/** Euros written with two decimals, as the row stores them and the form posts them. */
export const euros = (amount: number) => amount.toFixed(2);

/** The form's entries as the schema takes them: the search's query names gathered into `search`. */
export function lessonRequestInput(data: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const query = new URLSearchParams();
  for (const [key, value] of data) {
    if (typeof value !== 'string') continue;
    if (SEARCH_FIELDS.has(key)) query.append(key, value);
    else if (!(key in input)) input[key] = value;
  }
  const locale = typeof input.locale === 'string' ? input.locale : 'en';
  return { ...input, search: draftFromQuery(query, locale) };
}

/**
 * Where a problem shows: the search's paths (`search.dates.0.day`, `search.people`) become the
 * form's field names (`date`, `adults`), so the form finds the field and the receiver names it.
 */
export function requestField(path: string): string {
  const search = /^search\.(.+)$/.exec(path)?.[1];
  if (!search) return path;
  const date = /^dates\.\d+\.(day|time|hours)$/.exec(search)?.[1];
  if (date) return date === 'day' ? 'date' : date;
  if (search === 'dates') return 'date';
  if (search === 'people') return 'adults';
  return search;
}

/** Checks a request's form: its fields, its search, its pack against the resort and its price. */
export function checkLessonRequest(
  data: FormData,
  ctx: LessonRequestContext,
  schema = lessonRequestSchema(ctx),
): LessonRequestCheck {
  const input = lessonRequestInput(data);
  // A missing field is checked as an empty one, to get its own code (as schemas.ts `validate`).
  for (const key of Object.keys(schema.entries)) if (!(key in input)) input[key] = undefined;
  // The draft keeps the first MAX_DATES days: one more is said, not dropped.
  const tooManyDates = data.getAll('date').length > MAX_DATES;
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) {
    const errors: FieldErrors = tooManyDates ? { date: 'dates.tooMany' } : {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue) ?? 'form';
      if (!path.startsWith('search.')) errors[path] ??= issue.message;
    }
    // The search's problems as the search itself finds them: all at once, the people rule too.
    const search = validateSearch(input.search as SearchDraft, searchContextOf(ctx));
    for (const [path, code] of Object.entries(search.problems))
      errors[requestField(`search.${path}`)] ??= code;
    return { ok: false, errors };
  }
  const { search, quotedTotal, pack, ...person } = result.output;
  const { where, ...rest } = search;
  const lesson: LessonSearch = { resort: where, ...rest };
  const errors: FieldErrors = {};
  const date = datesProblem(lesson, ctx, tooManyDates);
  if (date) errors.date = date;
  if (pack) {
    const offered = (ctx.packsByResort[lesson.resort] ?? []).find((p) => p.id === pack);
    if (!offered) errors.pack = 'pack.unavailable';
    else if (offered.sport !== lesson.sport) errors.pack = 'pack.sport';
  }
  const quote = searchQuote(lesson, ctx.rule);
  const total = quote.kind === 'private' ? euros(quote.total) : null;
  // A group's price is the group's: a figure posted for one was not shown by this site.
  if (quotedTotal !== '' && (total === null || Number(quotedTotal) !== Number(total)))
    errors.quotedTotal = 'quotedTotal.changed';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    output: {
      ...person,
      search: lesson,
      quotedTotal: quotedTotal === '' ? null : euros(Number(quotedTotal)),
      total,
      pack: pack || null,
    },
  };
}

/** What is wrong with a request's days as a whole: too many, one twice, or outside the season. */
function datesProblem(
  lesson: LessonSearch,
  ctx: LessonRequestContext,
  tooMany: boolean,
): string | null {
  if (tooMany) return 'dates.tooMany';
  const days = lesson.dates.map((d) => d.day);
  if (new Set(days).size < days.length) return 'date.duplicate';
  const season = ctx.seasons[lesson.resort];
  // ISO days compare as text.
  if (season && days.some((day) => day < season.opens || day > season.closes)) return 'date.season';
  return null;
}

/**
 * Today for the receiver: the earliest calendar day anywhere on Earth (UTC−12), so that a visitor
 * whose today is still yesterday in UTC is not told their date has passed.
 */
export function receiverToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

export type { SearchableResort };

export const lessonRequest = {
  name: 'LessonRequestForm',
  key: 'lessonRequest',
  cli: 'lesson',
  table: 'lesson_requests',
  migrations: [],
  rules: ({ lessons }) => lessonRequestSchema(lessons),
  check: (form, rules, { lessons }) =>
    checkLessonRequest(form, lessons, rules as ReturnType<typeof lessonRequestSchema>),
  toRow: (o) => {
    const r = o as LessonRequest;
    return {
      name: r.name,
      email: r.email,
      phone: r.phone,
      resort: r.search.resort,
      sport: r.search.sport,
      dates: JSON.stringify(r.search.dates),
      adults: r.search.adults,
      children: r.search.children,
      lesson: r.search.lesson,
      level: r.search.level,
      language: r.search.language,
      quoted_total: r.quotedTotal,
      total: r.total,
      pack: r.pack,
      note: r.note,
      locale: r.locale ?? null,
    };
  },
  keepsClient: true,
  // Its receipt page lists what was sent, with or without JavaScript. A random UUID (122 random
  // bits): an address nobody can guess or walk through; nobody reads it out, so length is free.
  receipt: {
    column: 'reference',
    draw: () => crypto.randomUUID(),
    pattern: REFERENCE_PATTERN,
    answer: 'reference',
    page: (code, locale) => `/${locale ?? 'en'}/request/${code}`,
  },
  // The privacy policy gives them the contact messages' period.
  retention: {
    from: 'created_at',
    days: (settings) => settings.contactRetentionDays,
    rows: 'lesson request(s)',
  },
} as const satisfies FormDefinition;
