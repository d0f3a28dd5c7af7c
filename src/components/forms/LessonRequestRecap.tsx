/**
 * What a lesson request said, in words: the one markup for it, shown under the island's
 * confirmation (with JavaScript) and on the request's receipt page (src/pages/[locale]/request/,
 * rendered on the server, without JavaScript too).
 */
import { money, fullDay } from '../../i18n/format';
import { fill, plural } from '../search/text';
import type { LessonRequestStrings } from './LessonRequestForm';

type Strings = { strings: LessonRequestStrings };

/** A search in words: dates and times, then lesson, level, language, people and `extra` rows. */
export function SearchFacts({
  strings,
  intl,
  dates,
  adults,
  childCount,
  lesson,
  level,
  language,
  lead = [],
  extra = [],
}: Strings & {
  intl: string;
  dates: { day: string; time: string; hours: number }[];
  adults: number;
  childCount: number;
  lesson: string;
  level: string;
  language: string;
  /** Rows before the dates (the sport of a request). */
  lead?: [string, string][];
  extra?: [string, string][];
}) {
  const hours = { one: strings.quote.hours.one, other: strings.quote.hours.other };
  const people = new Intl.ListFormat(intl, { type: 'conjunction' }).format(
    [
      adults > 0 ? plural(strings.adultsCount, adults, intl) : '',
      childCount > 0 ? plural(strings.childrenCount, childCount, intl) : '',
    ].filter(Boolean),
  );
  const rows: [string, string][] = [
    [strings.lesson, strings.lessons[lesson as 'private'] ?? lesson],
    [strings.level, strings.levels[level as 'new'] ?? level],
    [strings.language, strings.languages[language as 'english'] ?? language],
    [strings.people, people],
  ];
  const row = ([term, value]: [string, string]) => (
    <div key={term}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="search-facts">
      {lead.map(row)}
      <div>
        <dt>{strings.dates}</dt>
        <dd>
          <ul>
            {dates.map((date, index) => (
              <li key={index}>
                {fill(strings.dateLine, {
                  date: /^\d{4}-\d{2}-\d{2}$/.test(date.day) ? fullDay(date.day, intl) : date.day,
                  time: date.time,
                  hours: plural(hours, date.hours, intl),
                })}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      {[...rows, ...extra].map(row)}
    </dl>
  );
}

/** A request as sent (the island's checked output) or as stored (the receipt page's row). */
export type SentLessonRequest = {
  sport: 'ski' | 'snowboard';
  dates: { day: string; time: string; hours: number }[];
  adults: number;
  children: number;
  lesson: string;
  level: string;
  language: string;
  /** The price rule's total in euros (`179.60`); null for a group lesson. */
  total: string | null;
  /** The rental pack's name in the visitor's language, if one was added. */
  pack: string | null;
  /**
   * The visitor's own words and who sent them: shown in the confirmation the visitor's own
   * browser draws, never on the receipt page, which anyone with its address can open (free text
   * may hold anything: a phone number, a child's name, a health condition).
   */
  note?: string;
  contact?: { name: string; email: string; phone: string };
};

/** What happens next, then what was sent: the lesson, the price, the pack, the note. */
export function LessonRequestRecap({
  request,
  resortName,
  strings,
  intl,
  heading: Heading,
  idPrefix,
}: Strings & {
  request: SentLessonRequest;
  resortName: string;
  intl: string;
  /** The heading's level where the recap sits (under the form's h3; under the page's h1). */
  heading: 'h2' | 'h4';
  idPrefix: string;
}) {
  const extra: [string, string][] = [
    [
      strings.total,
      request.total !== null ? money(Number(request.total), intl) : strings.groupPrice,
    ],
  ];
  if (request.pack) extra.push([strings.pack, request.pack]);
  const { contact } = request;
  if (contact) extra.push([strings.name, contact.name], [strings.email, contact.email]);
  if (contact?.phone) extra.push([strings.phone, contact.phone]);
  if (request.note) extra.push([strings.note, request.note]);
  const headingId = `${idPrefix}-sent-heading`;
  return (
    <section className="lesson-request__sent" aria-labelledby={headingId} data-sent>
      <p>{strings.next}</p>
      <Heading id={headingId}>{fill(strings.sentHeading, { resort: resortName })}</Heading>
      <SearchFacts
        strings={strings}
        intl={intl}
        dates={request.dates}
        adults={request.adults}
        childCount={request.children}
        lesson={request.lesson}
        level={request.level}
        language={request.language}
        lead={[[strings.sport, strings.sports[request.sport]]]}
        extra={extra}
      />
    </section>
  );
}
