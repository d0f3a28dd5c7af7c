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
import type { ChangeEvent } from 'react';
import {
  laterSports,
  lessonLanguages,
  lessonSports,
  levels,
  MAX_DATES,
} from '../../lessons/search';
import type { LessonRule } from '../../lessons/price';
import { described, ProblemSummary } from '../forms/fields';
import QuoteView from './QuoteView';
import { Field, headCountInput, Options, TimeFields } from './search-fields';
import { fill, type SearchStrings } from './text';
import { ID, useLessonSearch, type SearchResort } from './useLessonSearch';

export type { SearchResort };

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

export default function LessonSearchForm({ strings, locale, intl, resorts, action, rule }: Props) {
  const { durationHours } = rule;
  const search = useLessonSearch({ locale, resorts, rule, errorTexts: strings.errors });
  const { form, draft, sameTime, hydrated, today, quote, summary, closest, errorOf } = search;
  const { update, updateDate, updateShared, addDate, removeDate, shareTime, submit } = search;
  const field = (
    key: 'where' | 'sport' | 'adults' | 'children' | 'lesson' | 'level' | 'language',
  ) => ({
    name: key,
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      update({ [key]: event.target.value }),
  });
  const describe = (id: string, hint?: string) => described({ id, error: errorOf(id), hint });
  const time = { strings, durationHours, errorOf };
  const people = (key: 'adults' | 'children') => (
    <Field id={`${ID}-${key}`} label={strings[key]} error={errorOf(`${ID}-${key}`)}>
      <input
        id={`${ID}-${key}`}
        className="form-input"
        {...headCountInput}
        {...field(key)}
        {...describe(`${ID}-${key}`)}
      />
    </Field>
  );

  return (
    <form
      ref={form}
      className="lesson-search"
      method="get"
      action={action}
      noValidate={hydrated}
      data-hydrated={hydrated ? '' : undefined}
      onSubmit={submit}
    >
      <input type="hidden" name="locale" value={locale} />
      {summary && (
        <ProblemSummary
          heading={strings.errorSummary}
          problems={summary}
          className="lesson-search__summary"
        />
      )}

      <div className="lesson-search__fields">
        <div className="lesson-search__row lesson-search__row--where">
          <Field
            id={`${ID}-where`}
            label={strings.where}
            hint={strings.whereHint}
            error={errorOf(`${ID}-where`)}
            after={<Closest strings={strings} resorts={closest} pick={search.pickResort} />}
          >
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
            <select
              id={`${ID}-sport`}
              className="form-input"
              {...field('sport')}
              {...describe(`${ID}-sport`)}
            >
              <Options values={lessonSports} labels={strings.sports} current={draft.sport} />
              <optgroup label={strings.sportsLater} disabled>
                <Options values={laterSports} labels={strings.sports} />
              </optgroup>
            </select>
          </Field>
        </div>

        <fieldset
          className="lesson-search__group"
          aria-describedby={errorOf(`${ID}-add-date`) ? `${ID}-add-date-error` : undefined}
        >
          <legend className="lesson-search__legend">{strings.dates}</legend>
          {draft.dates.length > 1 && (
            <label className="form-choice lesson-search__same">
              <input
                type="checkbox"
                checked={sameTime}
                onChange={(e) => shareTime(e.target.checked)}
              />
              {strings.sameTime}
            </label>
          )}
          {sameTime && draft.dates[0] && (
            <div className="lesson-search__pair">
              <TimeFields value={draft.dates[0]} onChange={updateShared} {...time} />
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
                    <input
                      id={dayId}
                      className="form-input"
                      type="date"
                      name="date"
                      required
                      min={today || undefined}
                      value={date.day}
                      onChange={(e) => updateDate(index, { day: e.target.value })}
                      {...describe(dayId)}
                    />
                  </Field>
                  {!sameTime && (
                    <TimeFields
                      index={index}
                      value={date}
                      onChange={(patch) => updateDate(index, patch)}
                      {...time}
                    />
                  )}
                  {hydrated && (
                    <button
                      type="button"
                      className="lesson-search__remove"
                      onClick={() => removeDate(index)}
                      aria-label={fill(strings.removeDate, { n })}
                    >
                      <svg
                        aria-hidden="true"
                        width="20"
                        height="20"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        strokeLinecap="round"
                      >
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {hydrated && draft.dates.length < MAX_DATES && (
            <button
              type="button"
              id={`${ID}-add-date`}
              className="button button--ghost lesson-search__add"
              onClick={addDate}
            >
              <span aria-hidden="true">+</span> {strings.addDate}
            </button>
          )}
          {errorOf(`${ID}-add-date`) && (
            <p className="form-error" id={`${ID}-add-date-error`}>
              {errorOf(`${ID}-add-date`)}
            </p>
          )}
        </fieldset>

        <fieldset
          className="lesson-search__group"
          aria-describedby={errorOf(`${ID}-adults`) ? `${ID}-adults-error` : undefined}
        >
          <legend className="lesson-search__legend">{strings.people}</legend>
          <div className="lesson-search__pair">
            {people('adults')}
            {people('children')}
          </div>
        </fieldset>

        <fieldset
          className="lesson-search__group"
          id={`${ID}-lesson`}
          tabIndex={-1}
          aria-describedby={errorOf(`${ID}-lesson`) ? `${ID}-lesson-error` : undefined}
        >
          <legend className="lesson-search__legend">{strings.lesson}</legend>
          <div className="lesson-search__choices">
            {(['private', 'group'] as const).map((lesson) => (
              <label key={lesson} className="lesson-search__choice">
                <input
                  type="radio"
                  name="lesson"
                  value={lesson}
                  checked={draft.lesson === lesson}
                  onChange={() => update({ lesson })}
                />
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
            <select
              id={`${ID}-level`}
              className="form-input"
              required
              {...field('level')}
              {...describe(`${ID}-level`)}
            >
              <option value="">{strings.levelChoose}</option>
              <Options values={levels} labels={strings.levels} />
            </select>
          </Field>
          <Field id={`${ID}-language`} label={strings.language} error={errorOf(`${ID}-language`)}>
            <select
              id={`${ID}-language`}
              className="form-input"
              {...field('language')}
              {...describe(`${ID}-language`)}
            >
              <Options
                values={lessonLanguages}
                labels={strings.languages}
                current={draft.language}
              />
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
 * When no resort matches Where: the closest ones as buttons, next in the tab order after the field
 * (a pick fills it in). A custom listbox is not needed for this: the native datalist already gives
 * the field its combobox role and keyboard list; these are the "did you mean" of a dead end.
 */
function Closest({
  strings,
  resorts,
  pick,
}: {
  strings: SearchStrings;
  resorts: SearchResort[];
  pick: (name: string) => void;
}) {
  if (!resorts.length) return null;
  return (
    <p className="lesson-search__closest" id={`${ID}-where-closest`}>
      {strings.whereClosest}{' '}
      {resorts.map((resort) => (
        <button
          key={resort.id}
          type="button"
          className="button button--ghost lesson-search__closest-pick"
          onClick={() => pick(resort.name)}
        >
          {resort.name}
        </button>
      ))}
    </p>
  );
}
