/**
 * The lesson search at the home page's `#lp` (spec §2, §3): where, sport, dates with their start
 * time and duration, adults and children, private or group, level and lesson language, with the
 * price quote updated as the fields change, then Find lessons.
 *
 * Rendered on the server as a plain GET form (field names are the search's query names), so it
 * reads and works before hydration: without JavaScript it goes to the no-JS endpoint, which sends
 * the visitor to the resort's lessons page. Once hydrated, the island keeps the search in the
 * page's URL (shareable; the back button restores it), checks it with the visitor-language
 * messages, and goes straight to the resort's ski or snowboard lessons page, carrying the search.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import {
  defaultDraft,
  draftFromQuery,
  draftQuote,
  draftToQuery,
  emptyDate,
  hasSearch,
  laterSports,
  lessonLanguages,
  lessonSports,
  levels,
  localToday,
  MAX_DATES,
  MAX_PEOPLE_FIELD,
  sharesOneTime,
  validateSearch,
  type SearchDraft,
  type SearchProblems,
} from '../../lessons/search';
import type { LessonRule } from '../../lessons/price';
import { described, Help, ProblemSummary } from '../forms/fields';
import QuoteView from './QuoteView';
import { fill, type SearchStrings } from './text';

export type SearchResort = { id: string; name: string; paths: Record<'ski' | 'snowboard', string> };

type Props = {
  strings: SearchStrings;
  locale: string;
  /** The locale's Intl tag (`en-GB`), for money and plurals. */
  intl: string;
  resorts: SearchResort[];
  /** Where the form goes without JavaScript. */
  action: string;
  /** `facts.lessons` of the site facts: prices, party sizes, durations. */
  rule: LessonRule;
};

const ID = 'lp';

/** The control a problem belongs to, to show its text and to focus it. */
function fieldOf(path: string, sameTime: boolean): string {
  const date = /^dates\.(\d+)\.(day|time|hours)$/.exec(path);
  if (date) {
    const [, index, part] = date;
    if (part === 'day') return `${ID}-date-${index}`;
    return sameTime ? `${ID}-${part}` : `${ID}-${part}-${index}`;
  }
  if (path === 'dates') return `${ID}-add-date`;
  if (path === 'people') return `${ID}-adults`;
  return `${ID}-${path}`;
}

/** Problem texts by control id; several dates' problems with a shared time show once. */
function problemsByField(problems: SearchProblems, sameTime: boolean, texts: Record<string, string>): Map<string, string> {
  const byField = new Map<string, string>();
  for (const [path, code] of Object.entries(problems)) {
    const field = fieldOf(path, sameTime);
    if (!byField.has(field)) byField.set(field, texts[code] ?? code);
  }
  return byField;
}

/** The day after `day` (`YYYY-MM-DD`), to suggest for a new date. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export default function LessonSearchForm({ strings, locale, intl, resorts, action, rule }: Props) {
  const { durationHours } = rule;
  const [draft, setDraft] = useState<SearchDraft>(() => defaultDraft(locale));
  const [sameTime, setSameTime] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [submitted, setSubmitted] = useState<SearchProblems | null>(null);
  const [today, setToday] = useState('');
  const touched = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const focusAfterRender = useRef<string | null>(null);

  // On hydration: the search of a shared link or of the back button, else whatever was typed
  // before the island ran (nothing typed is lost).
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search);
    let start: SearchDraft;
    if (hasSearch(fromUrl)) {
      start = draftFromQuery(fromUrl, locale, resorts);
      touched.current = true;
      setShowProblems(true);
    } else {
      const typed = new URLSearchParams(new FormData(form.current!) as unknown as Record<string, string>);
      start = draftFromQuery(typed, locale, resorts);
      touched.current = JSON.stringify(start) !== JSON.stringify(defaultDraft(locale));
    }
    setDraft(start);
    setSameTime(sharesOneTime(start.dates));
    setToday(localToday());
    setHydrated(true);
  }, [locale, resorts]); // the island's props: fixed for its life, so this runs once

  // The search lives in the URL: replaced (not pushed) as it changes, so Back leaves the page.
  useEffect(() => {
    if (!hydrated || !touched.current) return;
    const query = draftToQuery(draft, resorts).toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}${window.location.hash}`);
  }, [draft, hydrated, resorts]);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  const check = useMemo(() => validateSearch(draft, { resorts, today: today || localToday(), rule }), [draft, resorts, today, rule]);
  const quote = useMemo(() => draftQuote(draft, rule), [draft, rule]);
  const errors = showProblems ? problemsByField(check.problems, sameTime, strings.errors) : new Map<string, string>();

  function update(patch: Partial<SearchDraft>) {
    touched.current = true;
    setDraft((current) => ({ ...current, ...patch }));
  }
  // The handlers write the `touched` ref when the visitor types, not during render: the compiler's
  // ref check cannot tell a handler built in render from a call made in render.
  /* eslint-disable react-hooks/refs */
  const field = (key: 'where' | 'sport' | 'adults' | 'children' | 'lesson' | 'level' | 'language') => ({
    name: key,
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => update({ [key]: event.target.value }),
  });
  /* eslint-enable react-hooks/refs */

  function updateDate(index: number, patch: Partial<SearchDraft['dates'][number]>) {
    update({ dates: draft.dates.map((date, i) => (i === index ? { ...date, ...patch } : date)) });
  }
  /** With one time for all, the shared fields change every date. */
  function updateShared(patch: { time?: string; hours?: string }) {
    update({ dates: draft.dates.map((date) => ({ ...date, ...patch })) });
  }
  function addDate() {
    const last = draft.dates.at(-1);
    const next = { ...emptyDate(last?.time, last?.hours), day: last?.day ? nextDay(last.day) : '' };
    update({ dates: [...draft.dates, next] });
    focusAfterRender.current = `${ID}-date-${draft.dates.length}`;
  }
  function removeDate(index: number) {
    const dates = draft.dates.filter((_, i) => i !== index);
    update({ dates });
    // Focus stays in the list: the date that took this one's place, else the one before, else Add.
    focusAfterRender.current = dates.length === 0 ? `${ID}-add-date` : `${ID}-date-${Math.min(index, dates.length - 1)}`;
  }
  function toggleSameTime(event: ChangeEvent<HTMLInputElement>) {
    const shared = event.target.checked;
    setSameTime(shared);
    const first = draft.dates[0];
    if (shared && first) updateShared({ time: first.time, hours: first.hours });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    touched.current = true;
    setShowProblems(true);
    if (!check.ok) {
      setSubmitted(check.problems);
      const first = Object.keys(check.problems)[0];
      if (first) document.getElementById(fieldOf(first, sameTime))?.focus();
      return;
    }
    setSubmitted(null);
    const resort = resorts.find((r) => r.id === check.search.resort)!;
    const query = draftToQuery(draft, resorts).toString();
    window.location.assign(`${resort.paths[check.search.sport]}?${query}#your-search`);
  }

  const errorOf = (id: string) => errors.get(id);
  const describe = (id: string, hint?: string) => described({ id, error: errorOf(id), hint });
  // The summary lists the problems found on Find lessons that are still there: it shrinks as
  // they are fixed, and new ones wait for the next try (the fields show them meanwhile).
  const stillThere = submitted ? Object.fromEntries(Object.entries(check.problems).filter(([path]) => path in submitted)) : {};
  const summary = submitted ? problemsByField(stillThere, sameTime, strings.errors) : null;

  return (
    <form ref={form} className="lesson-search" method="get" action={action} noValidate={hydrated} onSubmit={onSubmit}>
      <input type="hidden" name="locale" value={locale} />
      {summary && <ProblemSummary heading={strings.errorSummary} problems={summary} className="lesson-search__summary" />}

      <div className="lesson-search__fields">
        <div className="lesson-search__row lesson-search__row--where">
          <Field id={`${ID}-where`} label={strings.where} hint={strings.whereHint} error={errorOf(`${ID}-where`)}>
            <input
              id={`${ID}-where`}
              className="form-input"
              type="text"
              list={`${ID}-resorts`}
              autoComplete="off"
              required
              {...field('where')}
              {...describe(`${ID}-where`, strings.whereHint)}
            />
            <datalist id={`${ID}-resorts`}>
              {resorts.map((resort) => (
                <option key={resort.id} value={resort.name} />
              ))}
            </datalist>
          </Field>
          <Field id={`${ID}-sport`} label={strings.sport} error={errorOf(`${ID}-sport`)}>
            <select id={`${ID}-sport`} className="form-input" {...field('sport')} {...describe(`${ID}-sport`)}>
              <Options values={lessonSports} labels={strings.sports} current={draft.sport} />
              <optgroup label={strings.sportsLater} disabled>
                <Options values={laterSports} labels={strings.sports} />
              </optgroup>
            </select>
          </Field>
        </div>

        <fieldset className="lesson-search__group" aria-describedby={errorOf(`${ID}-add-date`) ? `${ID}-add-date-error` : undefined}>
          <legend className="lesson-search__legend">{strings.dates}</legend>
          {draft.dates.length > 1 && (
            <label className="form-choice lesson-search__same">
              <input type="checkbox" checked={sameTime} onChange={toggleSameTime} />
              {strings.sameTime}
            </label>
          )}
          {sameTime && draft.dates[0] && (
            <div className="lesson-search__pair">
              <Field id={`${ID}-time`} label={strings.time} error={errorOf(`${ID}-time`)}>
                <input id={`${ID}-time`} className="form-input" type="time" name="time" step={900} required value={draft.dates[0].time} onChange={(e) => updateShared({ time: e.target.value })} {...describe(`${ID}-time`)} />
              </Field>
              <Field id={`${ID}-hours`} label={strings.hours} hint={strings.hoursHint} error={errorOf(`${ID}-hours`)}>
                <input
                  id={`${ID}-hours`}
                  className="form-input"
                  type="number"
                  name="hours"
                  inputMode="numeric"
                  min={durationHours.min}
                  max={durationHours.max}
                  step={1}
                  required
                  value={draft.dates[0].hours}
                  onChange={(e) => updateShared({ hours: e.target.value })}
                  {...describe(`${ID}-hours`, strings.hoursHint)}
                />
              </Field>
            </div>
          )}
          <ol className="lesson-search__dates">
            {draft.dates.map((date, index) => {
              const n = index + 1;
              const dayId = `${ID}-date-${index}`;
              return (
                // Rows have no identity but their place: removing one renumbers the others.
                <li key={index} className="lesson-search__date" data-date-row={index}>
                  <Field id={dayId} label={fill(strings.date, { n })} error={errorOf(dayId)}>
                    <input id={dayId} className="form-input" type="date" name="date" required min={today || undefined} value={date.day} onChange={(e) => updateDate(index, { day: e.target.value })} {...describe(dayId)} />
                  </Field>
                  {!sameTime && (
                    <>
                      <Field id={`${ID}-time-${index}`} label={<>{strings.time}<span className="visually-hidden">{fill(strings.ofDate, { n })}</span></>} error={errorOf(`${ID}-time-${index}`)}>
                        <input id={`${ID}-time-${index}`} className="form-input" type="time" name="time" step={900} required value={date.time} onChange={(e) => updateDate(index, { time: e.target.value })} {...describe(`${ID}-time-${index}`)} />
                      </Field>
                      <Field id={`${ID}-hours-${index}`} label={<>{strings.hours}<span className="visually-hidden">{fill(strings.ofDate, { n })}</span></>} error={errorOf(`${ID}-hours-${index}`)}>
                        <input
                          id={`${ID}-hours-${index}`}
                          className="form-input"
                          type="number"
                          name="hours"
                          inputMode="numeric"
                          min={durationHours.min}
                          max={durationHours.max}
                          step={1}
                          required
                          value={date.hours}
                          onChange={(e) => updateDate(index, { hours: e.target.value })}
                          {...describe(`${ID}-hours-${index}`)}
                        />
                      </Field>
                    </>
                  )}
                  {hydrated && (
                    <button type="button" className="lesson-search__remove" onClick={() => removeDate(index)} aria-label={fill(strings.removeDate, { n })}>
                      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {hydrated && draft.dates.length < MAX_DATES && (
            <button type="button" id={`${ID}-add-date`} className="button button--ghost lesson-search__add" onClick={addDate}>
              <span aria-hidden="true">+</span> {strings.addDate}
            </button>
          )}
          {errorOf(`${ID}-add-date`) && (
            <p className="form-error" id={`${ID}-add-date-error`}>
              {errorOf(`${ID}-add-date`)}
            </p>
          )}
        </fieldset>

        <fieldset className="lesson-search__group" aria-describedby={errorOf(`${ID}-adults`) ? `${ID}-adults-error` : undefined}>
          <legend className="lesson-search__legend">{strings.people}</legend>
          <div className="lesson-search__pair">
            <Field id={`${ID}-adults`} label={strings.adults} error={errorOf(`${ID}-adults`)}>
              <input id={`${ID}-adults`} className="form-input" type="number" inputMode="numeric" min={0} max={MAX_PEOPLE_FIELD} step={1} {...field('adults')} {...describe(`${ID}-adults`)} />
            </Field>
            <Field id={`${ID}-children`} label={strings.children} error={errorOf(`${ID}-children`)}>
              <input id={`${ID}-children`} className="form-input" type="number" inputMode="numeric" min={0} max={MAX_PEOPLE_FIELD} step={1} {...field('children')} {...describe(`${ID}-children`)} />
            </Field>
          </div>
        </fieldset>

        <fieldset className="lesson-search__group" id={`${ID}-lesson`} tabIndex={-1} aria-describedby={errorOf(`${ID}-lesson`) ? `${ID}-lesson-error` : undefined}>
          <legend className="lesson-search__legend">{strings.lesson}</legend>
          <div className="lesson-search__choices">
            {(['private', 'group'] as const).map((lesson) => (
              <label key={lesson} className="lesson-search__choice">
                <input type="radio" name="lesson" value={lesson} checked={draft.lesson === lesson} onChange={() => update({ lesson })} />
                <span>
                  <strong>{strings.lessons[lesson]}</strong>
                  <span className="lesson-search__choice-hint">{strings.lessonHints[lesson]}</span>
                </span>
              </label>
            ))}
          </div>
          {errorOf(`${ID}-lesson`) && (
            <p className="form-error" id={`${ID}-lesson-error`}>
              {errorOf(`${ID}-lesson`)}
            </p>
          )}
        </fieldset>

        <div className="lesson-search__pair lesson-search__pair--wide">
          <Field id={`${ID}-level`} label={strings.level} error={errorOf(`${ID}-level`)}>
            <select id={`${ID}-level`} className="form-input" required {...field('level')} {...describe(`${ID}-level`)}>
              <option value="">{strings.levelChoose}</option>
              <Options values={levels} labels={strings.levels} />
            </select>
          </Field>
          <Field id={`${ID}-language`} label={strings.language} error={errorOf(`${ID}-language`)}>
            <select id={`${ID}-language`} className="form-input" {...field('language')} {...describe(`${ID}-language`)}>
              <Options values={lessonLanguages} labels={strings.languages} current={draft.language} />
            </select>
          </Field>
        </div>
      </div>

      <div className="lesson-search__side">
        <QuoteView quote={quote} strings={strings.quote} intl={intl} />
        <button type="submit" className="button button--sun lesson-search__submit">
          {strings.submit}
        </button>
      </div>
    </form>
  );
}

/**
 * One option per value, labelled in the visitor's language. A `current` value from a shared link
 * that the list does not hold is kept as a first option, so the field shows what the address says
 * next to its error instead of silently picking another value.
 */
function Options({ values, labels, current }: { values: readonly string[]; labels: Record<string, string>; current?: string }) {
  const unknown = current !== undefined && !values.includes(current);
  return (
    <>
      {unknown && <option value={current}>{labels[current] ?? current}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}

function Field({ id, label, hint, error, children }: { id: string; label: ReactNode; hint?: string | undefined; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}
