import { describe, expect, it } from 'vitest';
import {
  defaultDraft,
  draftFromQuery,
  draftQuote,
  draftToQuery,
  findResort,
  hasSearch,
  localToday,
  validateSearch,
  type SearchDraft,
} from '../../src/lessons/search';
import { dateAfter } from '../../src/lessons/search-dates';
import type { LessonRule } from '../../src/lessons/price';
import { facts } from '../../src/site-facts';

const resorts = [
  { id: 'astun', name: 'Astún' },
  { id: 'baqueira-beret', name: 'Baqueira-Beret' },
  { id: 'sierra-nevada', name: 'Sierra Nevada' },
];
const today = '2027-01-05';
/**
 * The spec's example rule (§9), as a fixture: the checks below are of the code, on fixed bounds.
 * The site's own numbers (content/site-facts.json, which editors change) are quoted further down
 * with expectations computed from them.
 */
const rule: LessonRule = {
  privateHourly: 29.9,
  extraPersonHourly: 5,
  maxPrivateGroup: 6,
  group: { min: 4, max: 8 },
  durationHours: { min: 1, max: 8 },
};
const context = { resorts, today, rule };

/** A complete, valid search, changed by `patch`. */
function draft(patch: Partial<SearchDraft> = {}): SearchDraft {
  return {
    where: 'Astún',
    sport: 'ski',
    dates: [{ day: '2027-01-10', time: '10:00', hours: '2' }],
    adults: '2',
    children: '1',
    lesson: 'private',
    level: 'intermediate',
    language: 'french',
    ...patch,
  };
}
const problems = (patch: Partial<SearchDraft>) => validateSearch(draft(patch), context).problems;

describe('finding the resort', () => {
  it('by name or id, whatever the case, accents and punctuation', () => {
    for (const typed of ['Astún', 'astun', ' ASTUN ', 'Astun'])
      expect(findResort(typed, resorts)?.id).toBe('astun');
    expect(findResort('baqueira beret', resorts)?.id).toBe('baqueira-beret');
    expect(findResort('sierra-nevada', resorts)?.id).toBe('sierra-nevada');
    expect(findResort('Chamonix', resorts)).toBeUndefined();
    expect(findResort('', resorts)).toBeUndefined();
  });
});

describe('validating a search', () => {
  it('accepts a complete search and resolves the resort', () => {
    const check = validateSearch(draft(), context);
    expect(check).toEqual({
      ok: true,
      problems: {},
      search: {
        resort: 'astun',
        sport: 'ski',
        dates: [{ day: '2027-01-10', time: '10:00', hours: 2 }],
        adults: 2,
        children: 1,
        lesson: 'private',
        level: 'intermediate',
        language: 'french',
      },
    });
  });

  it('says "location not found" for a place that is not one of the resorts, and asks for one when empty', () => {
    expect(problems({ where: 'Chamonix' })).toEqual({ where: 'where.notFound' });
    expect(problems({ where: '  ' })).toEqual({ where: 'where.missing' });
  });

  it('says "sport not found" for anything but ski and snowboard, the later sports included', () => {
    expect(problems({ sport: 'snowboard' })).toEqual({});
    for (const sport of ['surf', 'kite', 'curling', ''])
      expect(problems({ sport })).toEqual({ sport: 'sport.notFound' });
  });

  it('needs a date, a real one, not in the past; today is fine', () => {
    expect(problems({ dates: [] })).toEqual({ dates: 'dates.missing' });
    expect(problems({ dates: [{ day: '', time: '10:00', hours: '2' }] })).toEqual({
      'dates.0.day': 'day.missing',
    });
    expect(problems({ dates: [{ day: '2027-02-30', time: '10:00', hours: '2' }] })).toEqual({
      'dates.0.day': 'day.invalid',
    });
    expect(problems({ dates: [{ day: '2027-01-04', time: '10:00', hours: '2' }] })).toEqual({
      'dates.0.day': 'day.past',
    });
    expect(problems({ dates: [{ day: today, time: '10:00', hours: '2' }] })).toEqual({});
  });

  it('checks each date of several: its day, its time and its duration', () => {
    const dates = [
      { day: '2027-01-10', time: '10:00', hours: '2' },
      { day: '2026-12-31', time: '25:00', hours: '9' },
      { day: '2027-01-12', time: '14:30', hours: '0' },
    ];
    expect(problems({ dates })).toEqual({
      'dates.1.day': 'day.past',
      'dates.1.time': 'time.invalid',
      'dates.1.hours': 'hours.outOfBounds',
      'dates.2.hours': 'hours.outOfBounds',
    });
  });

  it('keeps the duration within the facts’ bounds, 1 to 8 hours, whole hours', () => {
    const at = (hours: string) =>
      problems({ dates: [{ day: '2027-01-10', time: '10:00', hours }] });
    expect(at('1')).toEqual({});
    expect(at('8')).toEqual({});
    for (const hours of ['0', '9', '1.5', '', 'two'])
      expect(at(hours)).toEqual({ 'dates.0.hours': 'hours.outOfBounds' });
  });

  it('needs at least one adult or child; an empty count is none', () => {
    expect(problems({ adults: '0', children: '0' })).toEqual({ people: 'people.none' });
    expect(problems({ adults: '', children: '' })).toEqual({ people: 'people.none' });
    expect(problems({ adults: '0', children: '2' })).toEqual({});
    expect(problems({ adults: '-1' })).toEqual({ adults: 'adults.invalid' });
    expect(problems({ children: '1.5' })).toEqual({ children: 'children.invalid' });
  });

  it('keeps a private lesson to 6 learners', () => {
    expect(problems({ adults: '4', children: '2' })).toEqual({});
    expect(problems({ adults: '4', children: '3' })).toEqual({ people: 'people.privateTooMany' });
  });

  it('keeps a group lesson to 4 to 8 learners', () => {
    expect(problems({ lesson: 'group', adults: '2', children: '1' })).toEqual({
      people: 'people.groupTooFew',
    });
    expect(problems({ lesson: 'group', adults: '2', children: '2' })).toEqual({});
    expect(problems({ lesson: 'group', adults: '6', children: '2' })).toEqual({});
    expect(problems({ lesson: 'group', adults: '6', children: '3' })).toEqual({
      people: 'people.groupTooMany',
    });
  });

  it('reports every problem at once, the people rule included', () => {
    expect(
      problems({
        where: 'Nowhere',
        sport: 'golf',
        lesson: 'group',
        adults: '1',
        children: '0',
        level: '',
        language: 'klingon',
      }),
    ).toEqual({
      where: 'where.notFound',
      sport: 'sport.notFound',
      level: 'level.missing',
      language: 'language.notFound',
      people: 'people.groupTooFew',
    });
  });

  it('asks for the lesson type, the level and a known language', () => {
    expect(problems({ lesson: 'semi-private' })).toEqual({ lesson: 'lesson.invalid' });
    expect(problems({ level: '' })).toEqual({ level: 'level.missing' });
    expect(problems({ level: 'expert' })).toEqual({ level: 'level.missing' });
    expect(problems({ language: 'other' })).toEqual({});
  });
});

describe('the search in the URL', () => {
  it('writes a readable query with the resort’s id', () => {
    expect(draftToQuery(draft(), resorts).toString()).toBe(
      'where=astun&sport=ski&date=2027-01-10&time=10%3A00&hours=2&adults=2&children=1&lesson=private&level=intermediate&language=french',
    );
  });

  it('gives time and duration once when every date shares them, per date otherwise', () => {
    const shared = draft({
      dates: [
        { day: '2027-01-10', time: '09:30', hours: '3' },
        { day: '2027-01-11', time: '09:30', hours: '3' },
      ],
    });
    const query = draftToQuery(shared, resorts);
    expect(query.getAll('date')).toEqual(['2027-01-10', '2027-01-11']);
    expect(query.getAll('time')).toEqual(['09:30']);
    expect(query.getAll('hours')).toEqual(['3']);

    const own = draft({
      dates: [
        { day: '2027-01-10', time: '09:30', hours: '3' },
        { day: '2027-01-11', time: '14:00', hours: '3' },
      ],
    });
    expect(draftToQuery(own, resorts).getAll('time')).toEqual(['09:30', '14:00']);
    expect(draftToQuery(own, resorts).getAll('hours')).toEqual(['3', '3']);
  });

  it.each([
    ['a complete search', draft()],
    [
      'several dates sharing a time',
      draft({
        dates: [
          { day: '2027-01-10', time: '09:30', hours: '3' },
          { day: '2027-01-12', time: '09:30', hours: '3' },
        ],
      }),
    ],
    [
      'a time per date',
      draft({
        dates: [
          { day: '2027-01-10', time: '09:00', hours: '1' },
          { day: '', time: '15:15', hours: '4' },
          { day: '2027-01-20', time: '11:00', hours: '2' },
        ],
      }),
    ],
    [
      'what a visitor typed, wrong or not',
      draft({
        where: 'Chamonix',
        sport: 'surf',
        adults: '',
        children: '12',
        lesson: 'group',
        level: '',
        language: 'dutch',
      }),
    ],
    ['the form’s first state', defaultDraft('fr')],
  ])('round-trips %s', (_, original) => {
    const query = draftToQuery(original, resorts).toString();
    expect(draftFromQuery(query, 'fr', resorts)).toEqual(original);
  });

  it('fills what a query leaves out from the form’s first state, in the visitor’s language', () => {
    expect(draftFromQuery('where=astun', 'es', resorts)).toEqual({
      ...defaultDraft('es'),
      where: 'Astún',
    });
    expect(defaultDraft('es').language).toBe('spanish');
    expect(draftFromQuery('', 'en', resorts)).toEqual(defaultDraft('en'));
  });

  it('knows whether a query holds a search at all', () => {
    expect(hasSearch(new URLSearchParams('utm_source=mail'))).toBe(false);
    expect(hasSearch(new URLSearchParams('where=astun'))).toBe(true);
    expect(hasSearch(new URLSearchParams('date=2027-01-10'))).toBe(true);
  });
});

describe('adding a date', () => {
  it('suggests the day after the last one, at its time and for as long', () => {
    expect(dateAfter({ day: '2027-01-31', time: '14:15', hours: '3' })).toEqual({
      day: '2027-02-01',
      time: '14:15',
      hours: '3',
    });
    expect(dateAfter({ day: '2028-02-28', time: '09:00', hours: '1' }).day).toBe('2028-02-29');
  });

  it('leaves the day to fill in when the last one has none (or none that is a date)', () => {
    expect(dateAfter({ day: '', time: '11:00', hours: '2' })).toEqual({
      day: '',
      time: '11:00',
      hours: '2',
    });
    expect(dateAfter({ day: 'tomorrow', time: '11:00', hours: '2' }).day).toBe('');
  });

  it('starts from the form’s first time and duration when there is no date yet', () => {
    expect(dateAfter(undefined)).toEqual(defaultDraft().dates[0]);
  });
});

describe('the quote while the form is filled in', () => {
  it('shows the site’s price as soon as the people, the lesson type and the durations are right, resort or not', () => {
    // The site's own rule (content/site-facts.json): up to three learners, two dates of the
    // shortest lesson, in whole cents.
    const { privateHourly, extraPersonHourly, maxPrivateGroup, durationHours } = facts.lessons;
    const learners = Math.min(3, maxPrivateGroup);
    const hours = durationHours.min;
    const quote = draftQuote(
      draft({
        where: '',
        adults: String(learners),
        children: '0',
        dates: [
          { day: '', time: '10:00', hours: String(hours) },
          { day: '', time: '10:00', hours: String(hours) },
        ],
      }),
      facts.lessons,
    );
    const hourlyCents = Math.round((privateHourly + (learners - 1) * extraPersonHourly) * 100);
    expect(quote).toMatchObject({
      kind: 'private',
      learners,
      dates: 2,
      totalHours: 2 * hours,
      hourly: hourlyCents / 100,
      total: (hourlyCents * 2 * hours) / 100,
    });
  });

  it('quotes the example rule: 3 learners for 3 + 3 hours', () => {
    const quote = draftQuote(
      draft({
        dates: [
          { day: '', time: '10:00', hours: '3' },
          { day: '', time: '10:00', hours: '3' },
        ],
      }),
      rule,
    );
    expect(quote).toMatchObject({ learners: 3, totalHours: 6, hourly: 39.9, total: 239.4 });
  });

  it('waits while one of them is wrong', () => {
    expect(draftQuote(draft({ adults: '0', children: '0' }), rule)).toBeNull();
    expect(draftQuote(draft({ adults: '5', children: '2' }), rule)).toBeNull();
    expect(
      draftQuote(draft({ dates: [{ day: '2027-01-10', time: '10:00', hours: '12' }] }), rule),
    ).toBeNull();
    expect(draftQuote(draft({ dates: [] }), rule)).toBeNull();
    expect(draftQuote(draft({ lesson: '' }), rule)).toBeNull();
  });

  it('quotes a group by its bounds', () => {
    expect(draftQuote(draft({ lesson: 'group', adults: '4', children: '1' }), rule)).toMatchObject({
      kind: 'group',
      learners: 5,
      min: 4,
      max: 8,
    });
  });
});

it('takes today from the visitor’s calendar', () => {
  expect(localToday(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  expect(localToday(new Date(2027, 11, 31, 0, 1))).toBe('2027-12-31');
});
