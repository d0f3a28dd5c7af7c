/**
 * The business's numbers, written once: lesson prices, group sizes, the 72 h change window, the
 * stats and claims on the home page, instructor earnings, legal dates, cookie lifetimes.
 *
 * Editors change `content/site-facts.json`; this module checks it when the site builds (and when a
 * test or island imports it) and fails naming the file and the field, so a typo never ships.
 * It is plain data with no Astro dependency, so islands, the form receiver and tests share it.
 */
import * as v from 'valibot';
import raw from '../content/site-facts.json' with { type: 'json' };
import { BOUNDS } from './content/bounds.ts';

export const SITE_FACTS_FILE = 'content/site-facts.json';

// Each rule says what to write, in the words an editor reads in `npm run content:check`, the build
// and the editing UI (src/cms/facts.ts shows the pattern's message under the field).
/** An amount in euros up to `max`: beyond it, most often cents typed after a comma (29,90). */
const euros = (max: number) =>
  v.pipe(
    v.number('must be a number of euros, without quotes or € sign (29.9 for €29.90)'),
    v.minValue(0, 'must be 0 or more'),
    v.maxValue(max, `must be at most ${max} euros (cents after a point: 29.9 for €29.90)`),
  );
const amount = euros(BOUNDS.factEuros);
const hourly = euros(BOUNDS.dayEuros);
const count = v.pipe(
  v.number('must be a whole number, without quotes'),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0 or more'),
);
const percent = v.pipe(
  v.number('must be a number of percent, without quotes or % sign'),
  v.minValue(0, 'must be from 0 to 100'),
  v.maxValue(100, 'must be from 0 to 100'),
);
const range = v.pipe(
  v.strictObject({ min: count, max: count }),
  v.check((r) => r.min <= r.max, 'has its min above its max: the smaller number goes in min'),
);
const text = v.pipe(v.string('must be text, in quotes'), v.nonEmpty('must not be empty'));

export const SiteFactsSchema = v.strictObject({
  currency: v.literal('EUR', 'must be "EUR": every price on the site is in euros'),
  lessons: v.strictObject({
    /** Private lesson, one learner, per hour. */
    privateHourly: hourly,
    /** Added per hour for each learner after the first in a private lesson. */
    extraPersonHourly: hourly,
    /** Largest private lesson (learners). */
    maxPrivateGroup: count,
    /** Group lessons: learners of the same level; run only when `min` have joined. */
    group: range,
    /** Free change of date or instructor, or cancellation, up to this many hours before. */
    freeChangeHours: count,
    /** Bounds of one lesson's duration. */
    durationHours: range,
  }),
  claims: v.strictObject({ cheaperThanSchoolsPercent: percent }),
  /** Figures the content cannot count (the resorts are counted from content/resorts). */
  stats: v.strictObject({ users: count, instructors: count, lessons: count }),
  clubPass: v.strictObject({
    monthlyFrom: amount,
    comingSoon: v.boolean('must be true or false, without quotes'),
  }),
  instructors: v.strictObject({
    referralBonus: amount,
    rentalCommissionPercent: percent,
    earnings: v.strictObject({ francePercent: percent, spainPercent: range, upToPercent: percent }),
    groupMarketSharePercent: percent,
    /** The season applications are open for, e.g. "2026/27". */
    applicationSeason: v.pipe(
      v.string('must be text, in quotes'),
      v.regex(/^\d{4}\/\d{2}$/, 'must be a season written like 2026/27'),
    ),
    minimumAge: count,
  }),
  legal: v.strictObject({
    /** The company is `{brand} {legalForm}`, a Dutch private limited company. */
    legalForm: text,
    /** Where the company is registered. */
    city: text,
    /** The data protection authority of the company's country, named in the privacy policy. */
    supervisoryAuthority: text,
    supervisoryAuthorityUrl: v.pipe(
      v.string('must be text, in quotes'),
      v.url('must be a web address such as https://example.org'),
    ),
    policiesPublished: v.pipe(
      v.string('must be a date in quotes, written year-month-day'),
      v.isoDate('must be a date written year-month-day, e.g. 2021-11-30'),
      v.check((day) => {
        const date = new Date(`${day}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
      }, 'is not a date in the calendar: check the day and the month'),
    ),
    /** Applications, with their CV and licence files, are deleted after this many months at most. */
    cvRetentionMonths: count,
    /** Contact messages are deleted this long after the conversation ends. */
    contactRetentionMonths: count,
    /** The hosting provider's access logs (IP address, pages requested). */
    serverLogRetentionDays: count,
    /** Retention set in Google Analytics for event data. */
    analyticsRetentionMonths: count,
    minimumAge: count,
  }),
  cookies: v.strictObject({ consentDays: count, visitorIdSeconds: count }),
});

export type SiteFacts = v.InferOutput<typeof SiteFactsSchema>;

/**
 * Validates facts. The error lists every problem the way `npm run content:check` does (the file,
 * the field, what to write), since the check, the build and the form receiver all load this
 * module first: `content/site-facts.json: lessons.group has its min above its max…`.
 */
export function parseSiteFacts(input: unknown, file = SITE_FACTS_FILE): SiteFacts {
  const result = v.safeParse(SiteFactsSchema, input);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const field = v.getDotPath(issue) ?? '';
      const where = field ? `${file}: ${field}` : file;
      if (issue.type === 'strict_object' && issue.input !== undefined)
        return `${where} is not a fact the site knows: remove it, or check its spelling`;
      if (issue.input === undefined) return `${where} is missing`;
      return `${where} ${issue.message} (the file has ${JSON.stringify(issue.input)})`;
    });
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    throw new Error(
      `The content has ${count} to fix (docs/content.md explains each message):\n\n${problems
        .map((problem) => `  ✗ ${problem}`)
        .join('\n')}\n`,
    );
  }
  return result.output;
}

export const facts: SiteFacts = parseSiteFacts(raw);

/** A site fact by its dotted path (`cookies.consentDays` → 93); undefined when there is none. */
export function factAt(path: string, source: unknown = facts): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    return (value as Record<string, unknown>)[key];
  }, source);
}
