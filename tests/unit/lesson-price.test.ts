import { describe, expect, it } from 'vitest';
import { partyBounds, quoteLesson, type PriceRule } from '../../src/lessons/price';
import { facts } from '../../src/site-facts';

/**
 * The spec's example rule (§9), as a fixture: the arithmetic below is checked on fixed numbers,
 * and the site's own numbers, which editors change in content/site-facts.json, are checked by
 * the rule's formula.
 */
const spec: PriceRule = {
  privateHourly: 29.9,
  extraPersonHourly: 5,
  maxPrivateGroup: 6,
  group: { min: 4, max: 8 },
};

describe('the price rule (spec §9)', () => {
  it('prices the site facts: the private rate, plus the extra rate for each learner after the first', () => {
    const { privateHourly, extraPersonHourly, maxPrivateGroup } = facts.lessons;
    for (let learners = 1; learners <= maxPrivateGroup; learners++) {
      const hourly = Math.round((privateHourly + (learners - 1) * extraPersonHourly) * 100) / 100;
      expect(quoteLesson({ lesson: 'private', learners, hours: [2] }, facts.lessons)).toMatchObject(
        { hourly, total: Math.round(hourly * 200) / 100 },
      );
    }
    expect(() =>
      quoteLesson({ lesson: 'private', learners: maxPrivateGroup + 1, hours: [2] }, facts.lessons),
    ).toThrow(RangeError);
    expect(partyBounds('group', facts.lessons)).toEqual(facts.lessons.group);
  });

  it.each([
    [1, 29.9],
    [2, 34.9],
    [3, 39.9],
    [4, 44.9],
    [5, 49.9],
    [6, 54.9],
  ])('a private lesson for %i learner(s) costs %f € an hour', (learners, hourly) => {
    const quote = quoteLesson({ lesson: 'private', learners, hours: [1] }, spec);
    expect(quote).toEqual({
      kind: 'private',
      learners,
      dates: 1,
      totalHours: 1,
      hourly,
      total: hourly,
    });
  });

  it('multiplies by the hours of every date, in whole cents', () => {
    // 3 learners: 29.90 + 2 × 5 = 39.90 an hour; 2 + 3 + 1 hours over three dates.
    expect(quoteLesson({ lesson: 'private', learners: 3, hours: [2, 3, 1] }, spec)).toEqual({
      kind: 'private',
      learners: 3,
      dates: 3,
      totalHours: 6,
      hourly: 39.9,
      total: 239.4,
    });
    // 29.90 × 3 is 89.7 exactly, not 89.69999999999999.
    expect(quoteLesson({ lesson: 'private', learners: 1, hours: [1, 1, 1] }, spec)).toMatchObject({
      total: 89.7,
    });
    expect(quoteLesson({ lesson: 'private', learners: 6, hours: [8, 8] }, spec)).toMatchObject({
      hourly: 54.9,
      total: 878.4,
    });
  });

  it('refuses a private party larger than the rule allows, and no one at all', () => {
    expect(() => quoteLesson({ lesson: 'private', learners: 7, hours: [2] }, spec)).toThrow(
      RangeError,
    );
    expect(() => quoteLesson({ lesson: 'private', learners: 0, hours: [2] }, spec)).toThrow(
      RangeError,
    );
    expect(() => quoteLesson({ lesson: 'private', learners: 1.5, hours: [2] }, spec)).toThrow(
      RangeError,
    );
  });

  it('needs a date and positive durations', () => {
    expect(() => quoteLesson({ lesson: 'private', learners: 1, hours: [] }, spec)).toThrow(
      RangeError,
    );
    expect(() => quoteLesson({ lesson: 'private', learners: 1, hours: [2, 0] }, spec)).toThrow(
      RangeError,
    );
    expect(() =>
      quoteLesson({ lesson: 'private', learners: 1, hours: [Number.NaN] }, spec),
    ).toThrow(RangeError);
  });

  it('quotes a group lesson of 4 to 8 learners by its bounds, not a made-up price', () => {
    for (const learners of [4, 5, 8]) {
      expect(quoteLesson({ lesson: 'group', learners, hours: [2, 2] }, spec)).toEqual({
        kind: 'group',
        learners,
        dates: 2,
        totalHours: 4,
        min: 4,
        max: 8,
      });
    }
    expect(() => quoteLesson({ lesson: 'group', learners: 3, hours: [2] }, spec)).toThrow(
      RangeError,
    );
    expect(() => quoteLesson({ lesson: 'group', learners: 9, hours: [2] }, spec)).toThrow(
      RangeError,
    );
  });

  it('follows the facts it is given', () => {
    const rule: PriceRule = {
      privateHourly: 40,
      extraPersonHourly: 10.5,
      maxPrivateGroup: 3,
      group: { min: 2, max: 5 },
    };
    expect(quoteLesson({ lesson: 'private', learners: 3, hours: [2] }, rule)).toMatchObject({
      hourly: 61,
      total: 122,
    });
    expect(() => quoteLesson({ lesson: 'private', learners: 4, hours: [2] }, rule)).toThrow(
      RangeError,
    );
    expect(quoteLesson({ lesson: 'group', learners: 2, hours: [1] }, rule)).toMatchObject({
      kind: 'group',
      min: 2,
      max: 5,
    });
    expect(partyBounds('group', rule)).toEqual({ min: 2, max: 5 });
    expect(partyBounds('private', rule)).toEqual({ min: 1, max: 3 });
  });
});
