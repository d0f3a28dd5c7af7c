/**
 * What a lesson search costs: the one place the price rule of spec §9 is written.
 *
 * Private lesson: `privateHourly` per hour for the first learner, plus `extraPersonHourly` per
 * hour for each other learner (up to `maxPrivateGroup` learners), for every hour of every date.
 * Group lesson: 4 to 8 learners of the same level; it runs only when enough have joined, and its
 * price is the group's, not this rule's: the quote says so instead of inventing a figure.
 *
 * The numbers are `facts.lessons` of `content/site-facts.json`, passed in by the caller (pages give
 * them to the islands as props, so the browser does not download the whole facts file and its
 * schema). Plain data, no DOM and no Astro: the islands, the resort page and the tests share it.
 */
import type { SiteFacts } from '../site-facts.ts';

export type LessonType = 'private' | 'group';
export const lessonTypes: readonly LessonType[] = ['private', 'group'];

export type PriceRule = Pick<
  SiteFacts['lessons'],
  'privateHourly' | 'extraPersonHourly' | 'maxPrivateGroup' | 'group'
>;
/** The price rule and the bounds of a lesson's duration: what the search checks and quotes with. */
export type LessonRule = PriceRule & Pick<SiteFacts['lessons'], 'durationHours'>;

export type QuoteRequest = {
  lesson: LessonType;
  /** Adults and children together. */
  learners: number;
  /** Each date's duration, in hours. */
  hours: readonly number[];
};

export type PrivateQuote = {
  kind: 'private';
  learners: number;
  dates: number;
  /** Every hour of every date. */
  totalHours: number;
  /** What one hour costs the whole party. */
  hourly: number;
  total: number;
};

export type GroupQuote = {
  kind: 'group';
  learners: number;
  dates: number;
  totalHours: number;
  /** The group's bounds: it runs only once `min` learners of the same level have joined. */
  min: number;
  max: number;
};

export type Quote = PrivateQuote | GroupQuote;

/** Money is added up in cents so 29.90 × 3 is 89.70, not 89.69999999999999. */
const cents = (euros: number) => Math.round(euros * 100);

/**
 * The quote for a request the search has already validated. A request outside the rule (no
 * learner, a private party larger than the rule allows, a group outside its bounds, no date, a
 * duration that is not a positive number) is a programming error and throws a RangeError.
 */
export function quoteLesson(request: QuoteRequest, rule: PriceRule): Quote {
  const { lesson, learners, hours } = request;
  if (!Number.isInteger(learners) || learners < 1)
    throw new RangeError(`learners must be a whole number from 1, not ${learners}`);
  if (hours.length === 0) throw new RangeError('a quote needs at least one date');
  if (hours.some((h) => !Number.isFinite(h) || h <= 0))
    throw new RangeError(`every duration must be positive: ${hours.join(', ')}`);
  const totalHours = hours.reduce((sum, h) => sum + h, 0);

  if (lesson === 'group') {
    const { min, max } = rule.group;
    if (learners < min || learners > max)
      throw new RangeError(`a group lesson takes ${min} to ${max} learners, not ${learners}`);
    return { kind: 'group', learners, dates: hours.length, totalHours, min, max };
  }

  if (learners > rule.maxPrivateGroup)
    throw new RangeError(
      `a private lesson takes at most ${rule.maxPrivateGroup} learners, not ${learners}`,
    );
  const hourlyCents = cents(rule.privateHourly) + (learners - 1) * cents(rule.extraPersonHourly);
  // Durations are whole hours today; rounding keeps the total in whole cents if halves come.
  const totalCents = Math.round(hourlyCents * totalHours);
  return {
    kind: 'private',
    learners,
    dates: hours.length,
    totalHours,
    hourly: hourlyCents / 100,
    total: totalCents / 100,
  };
}

/** The party sizes a lesson type allows, for validation and for the inputs' bounds. */
export function partyBounds(lesson: LessonType, rule: PriceRule): { min: number; max: number } {
  return lesson === 'group' ? { ...rule.group } : { min: 1, max: rule.maxPrivateGroup };
}
