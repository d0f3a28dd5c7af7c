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

export const SITE_FACTS_FILE = 'content/site-facts.json';

const amount = v.pipe(v.number(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const range = v.pipe(
  v.strictObject({ min: count, max: count }),
  v.check((r) => r.min <= r.max, 'min must not exceed max'),
);

export const SiteFactsSchema = v.strictObject({
  currency: v.literal('EUR'),
  lessons: v.strictObject({
    /** Private lesson, one learner, per hour. */
    privateHourly: amount,
    /** Added per hour for each learner after the first in a private lesson. */
    extraPersonHourly: amount,
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
  clubPass: v.strictObject({ monthlyFrom: amount, comingSoon: v.boolean() }),
  instructors: v.strictObject({
    referralBonus: amount,
    rentalCommissionPercent: percent,
    earnings: v.strictObject({ francePercent: percent, spainPercent: range, upToPercent: percent }),
    groupMarketSharePercent: percent,
    /** The season applications are open for, e.g. "2026/27". */
    applicationSeason: v.pipe(
      v.string(),
      v.regex(/^\d{4}\/\d{2}$/, 'expected a season such as 2026/27'),
    ),
    minimumAge: count,
  }),
  legal: v.strictObject({
    /** The company is `{brand} {legalForm}`, a Dutch private limited company. */
    legalForm: v.pipe(v.string(), v.nonEmpty()),
    /** Where the company is registered. */
    city: v.pipe(v.string(), v.nonEmpty()),
    /** The data protection authority of the company's country, named in the privacy policy. */
    supervisoryAuthority: v.pipe(v.string(), v.nonEmpty()),
    supervisoryAuthorityUrl: v.pipe(v.string(), v.url()),
    policiesPublished: v.pipe(v.string(), v.isoDate()),
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

/** Validates facts; the error names the file and every wrong field (`lessons.group.max: …`). */
export function parseSiteFacts(input: unknown, file = SITE_FACTS_FILE): SiteFacts {
  const result = v.safeParse(SiteFactsSchema, input);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `  ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`,
    );
    throw new Error(`${file} is not valid:\n${problems.join('\n')}`);
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
