/**
 * The lesson search's field pieces (LessonSearchForm.tsx): a labelled field with its hint and
 * error, a select's options, and a date's start time and duration, the same two fields whether
 * they are shared by every date or a date's own.
 */
import type { ReactNode } from 'react';
import type { LessonRule } from '../../lessons/price';
import { MAX_PEOPLE_FIELD, type DateDraft } from '../../lessons/search';
import { described, Help, wholeNumberInput } from '../forms/fields';
import { fill, type SearchStrings } from './text';
import { ID } from './useLessonSearch';

/** A head count (adults, children): a whole number from none to the most one field takes. */
export const headCountInput = wholeNumberInput(0, MAX_PEOPLE_FIELD);

export function Field({
  id,
  label,
  hint,
  error,
  children,
  after,
}: {
  id: string;
  label: ReactNode;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <Help id={id} error={error} hint={hint} />
      {after}
    </div>
  );
}

/**
 * One option per value, labelled in the visitor's language. A `current` value from a shared link
 * that the list does not hold is kept as a first option, so the field shows what the address says
 * next to its error instead of silently picking another value.
 */
export function Options({
  values,
  labels,
  current,
}: {
  values: readonly string[];
  labels: Record<string, string>;
  current?: string;
}) {
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

type TimeFieldsProps = {
  /** A date's own fields (`lp-time-2`, labels read as "…, date 3"); without it, those every date shares (`lp-time`). */
  index?: number | undefined;
  value: DateDraft;
  onChange: (patch: Partial<DateDraft>) => void;
  strings: SearchStrings;
  durationHours: LessonRule['durationHours'];
  errorOf: (id: string) => string | undefined;
};

/** A date's start time (quarter hours) and duration in whole hours, within the site facts' bounds. */
export function TimeFields({
  index,
  value,
  onChange,
  strings,
  durationHours,
  errorOf,
}: TimeFieldsProps) {
  const own = index !== undefined;
  const time = own ? `${ID}-time-${index}` : `${ID}-time`;
  const hours = own ? `${ID}-hours-${index}` : `${ID}-hours`;
  // Which date a date's own fields are for is read after their labels, not shown; the duration's
  // hint shows once, under the shared fields.
  const label = (text: string) =>
    own ? (
      <>
        {text}
        <span className="visually-hidden">{fill(strings.ofDate, { n: index + 1 })}</span>
      </>
    ) : (
      text
    );
  const hint = own ? undefined : strings.hoursHint;
  return (
    <>
      <Field id={time} label={label(strings.time)} error={errorOf(time)}>
        <input
          id={time}
          className="form-input"
          type="time"
          name="time"
          step={900}
          required
          value={value.time}
          onChange={(e) => onChange({ time: e.target.value })}
          {...described({ id: time, error: errorOf(time) })}
        />
      </Field>
      <Field id={hours} label={label(strings.hours)} hint={hint} error={errorOf(hours)}>
        <input
          id={hours}
          className="form-input"
          type="number"
          name="hours"
          inputMode="numeric"
          min={durationHours.min}
          max={durationHours.max}
          step={1}
          required
          value={value.hours}
          onChange={(e) => onChange({ hours: e.target.value })}
          {...described({ id: hours, error: errorOf(hours), hint })}
        />
      </Field>
    </>
  );
}
