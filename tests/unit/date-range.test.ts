import { describe, expect, it } from 'vitest';
import { dayRange, dayRangeSides } from '../../src/i18n/format';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('dayRangeSides', () => {
  it('splits a range into its two whole dates and what stands between them', () => {
    for (const locale of ['en', 'fr', 'es', 'pt']) {
      for (const [from, to] of [
        ['2026-11-28', '2027-04-05'], // across two years
        ['2027-01-10', '2027-04-05'], // the year written once
        ['2027-04-01', '2027-04-05'], // the month written once
      ] as const) {
        const { start, between, end } = dayRangeSides(day(from), day(to), locale);
        expect(start + between + end, `${locale} ${from}`).toBe(
          dayRange(day(from), day(to), locale),
        );
        expect(start, `${locale} ${from}`).toMatch(/\d/);
        expect(end, `${locale} ${from}`).toMatch(/\d/);
        expect(between, `${locale} ${from}`).not.toMatch(/\d/);
      }
    }
  });
});
