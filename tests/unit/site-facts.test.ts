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
