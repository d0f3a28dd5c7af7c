import { describe, expect, it } from 'vitest';
import raw from '../../content/site-facts.json' with { type: 'json' };
import { facts, parseSiteFacts } from '../../src/site-facts';

const broken = (mutate: (copy: typeof raw) => void) => {
  const copy = structuredClone(raw);
  mutate(copy);
  return () => parseSiteFacts(copy);
};

describe('site facts', () => {
  it('holds the spec’s numbers', () => {
    expect(facts.lessons.privateHourly).toBe(29.9);
    expect(facts.lessons.extraPersonHourly).toBe(5);
    expect(facts.lessons.group).toEqual({ min: 4, max: 8 });
    expect(facts.lessons.freeChangeHours).toBe(72);
    expect(facts.clubPass.monthlyFrom).toBe(48);
    expect(facts.instructors.rentalCommissionPercent).toBe(5);
    expect(facts.cookies).toEqual({ consentDays: 93, visitorIdSeconds: 31536000 });
    expect(facts.stats).toEqual({ users: 1500, instructors: 65, lessons: 2000 });
  });

  it('names the file and the field when a value is wrong', () => {
    expect(
      broken((c) => ((c.lessons as { privateHourly: unknown }).privateHourly = '29,90')),
    ).toThrow(/content\/site-facts\.json is not valid:\n {2}lessons\.privateHourly: /);
    expect(broken((c) => (c.lessons.group.min = 9))).toThrow(
      /lessons\.group: min must not exceed max/,
    );
    expect(broken((c) => (c.instructors.applicationSeason = '2026'))).toThrow(
      /instructors\.applicationSeason: expected a season/,
    );
  });

  it('names a missing field', () => {
    expect(broken((c) => delete (c.stats as Partial<typeof c.stats>).users)).toThrow(
      /stats\.users: /,
    );
  });
});
