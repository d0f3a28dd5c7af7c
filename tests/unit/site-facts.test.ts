import { describe, expect, it } from 'vitest';
import raw from '../../content/site-facts.json' with { type: 'json' };
import { facts, parseSiteFacts } from '../../src/site-facts';

const broken = (mutate: (copy: typeof raw) => void) => {
  const copy = structuredClone(raw);
  mutate(copy);
  return () => parseSiteFacts(copy);
};

describe('site facts', () => {
  // Editors change the numbers (docs/content.md): the module must give the file's, checked.
  it('gives the numbers of content/site-facts.json', () => {
    expect(facts).toEqual(raw);
    expect(facts.lessons.group.min).toBeLessThanOrEqual(facts.lessons.group.max);
  });

  it('names the file and the field when a value is wrong, and what to write', () => {
    expect(
      broken((c) => ((c.lessons as { privateHourly: unknown }).privateHourly = '29,90')),
    ).toThrow(
      /content\/site-facts\.json: lessons\.privateHourly must be a number of euros, without quotes or € sign \(29\.9 for €29\.90\) \(the file has "29,90"\)/,
    );
    expect(broken((c) => (c.lessons.group.min = c.lessons.group.max + 1))).toThrow(
      /lessons\.group has its min above its max: the smaller number goes in min/,
    );
    expect(broken((c) => (c.instructors.applicationSeason = '2026'))).toThrow(
      /instructors\.applicationSeason must be a season written like 2026\/27/,
    );
    expect(broken((c) => (c.legal.policiesPublished = '2021-02-30'))).toThrow(
      /legal\.policiesPublished is not a date in the calendar/,
    );
    expect(broken((c) => (c.claims.cheaperThanSchoolsPercent = 120))).toThrow(
      /claims\.cheaperThanSchoolsPercent must be from 0 to 100 \(the file has 120\)/,
    );
  });

  it('lists every problem at once, as the editors’ check does', () => {
    const error = (() => {
      try {
        broken((c) => {
          c.lessons.privateHourly = -1;
          (c.cookies as Record<string, unknown>).consentDay = 93;
        })();
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    expect(error).toContain('The content has 2 problems to fix');
    expect(error).toContain('✗ content/site-facts.json: lessons.privateHourly must be 0 or more');
    expect(error).toContain(
      '✗ content/site-facts.json: cookies.consentDay is not a fact the site knows',
    );
  });

  it('names a missing field', () => {
    expect(broken((c) => delete (c.stats as Partial<typeof c.stats>).users)).toThrow(
      /stats\.users is missing/,
    );
  });
});
