/**
 * The pieces every form island is made of: labelled fields whose error is tied to them
 * (`aria-invalid`, `aria-describedby`), the error summary, the hidden fields the receiver needs
 * and the honeypot. They render on the server too, so a form is readable before hydration.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import type { FormKey } from '../../forms/all';
import { HONEYPOT_FIELD, limits, type FieldErrors } from '../../forms/schemas';

/** Text of a problem code for the visitor (`name.invalid` → "Name is not valid."). */
export type ErrorMessages = Record<string, string>;

/** A field's element id in a form (`contact-email`); the error summary links to it. */
export const fieldId = (form: FormKey, field: string) => `${form}-${field}`;

/** A field's wiring in a form, by its name: its element id, its name and its error text. */
export type FieldOf = (name: string) => { id: string; name: string; error: string | undefined };

/** `field('email')` → `{ id: 'contact-email', name: 'email', error }`, spread on the field. */
export const fieldWiring =
  (idOf: (name: string) => string, error: (name: string) => string | undefined): FieldOf =>
  (name) => ({ id: idOf(name), name, error: error(name) });

/** A whole number from `min` to `max`, typed on a numeric keypad (years taught, hours, people). */
export const wholeNumberInput = (min: number, max: number) =>
  ({ type: 'number', inputMode: 'numeric', min, max, step: 1 }) as const;

type Described = { id: string; error?: string | undefined; hint?: string | undefined };

/** The accessible wiring of a control: its error (and hint) read with it, its invalid state. */
/** A field's ARIA state: invalid when it has an error, described by its hint and error texts. */
export function described({ id, error, hint }: Described) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

/** The hint and error texts under a field, with the ids `described` points at. */
export function Help({ id, error, hint }: Described) {
  return (
    <>
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

type Common = { id: string; label: string; error?: string; hint?: string; requiredText?: string };

function Label({ id, label, requiredText }: Pick<Common, 'id' | 'label' | 'requiredText'>) {
  return (
    <label className="form-label" htmlFor={id}>
      {label}
      {requiredText && <span className="form-required"> ({requiredText})</span>}
    </label>
  );
}

/** A labelled control's frame: the label, the control, then its hint and error. */
function Field({
  id,
  label,
  error,
  hint,
  requiredText,
  children,
}: Common & { children: ReactNode }) {
  return (
    <div className="form-field">
      <Label {...{ id, label, requiredText }} />
      {children}
      <Help {...{ id, error, hint }} />
    </div>
  );
}

/** A field's props parted into the frame's (label, hint, error) and the control's own. */
function parted<P extends Common>({ id, label, error, hint, requiredText, ...control }: P) {
  return [{ id, label, error, hint, requiredText }, control] as const;
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = parted(props);
  return (
    <Field {...field}>
      <input id={field.id} className="form-input" type="text" {...input} {...described(field)} />
    </Field>
  );
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, input] = parted(props);
  return (
    <Field {...field}>
      <textarea id={field.id} className="form-input" rows={6} {...input} {...described(field)} />
    </Field>
  );
}

export function SelectField(props: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, select] = parted(props);
  return (
    <Field {...field}>
      <select id={field.id} className="form-input" {...select} {...described(field)} />
    </Field>
  );
}

/** The visitor's free-text note at the end of a form, within the receiver's limit. */
export function NoteField({ field, label }: { field: FieldOf; label: string }) {
  return <TextArea {...field('note')} rows={4} label={label} maxLength={limits.note} />;
}

/**
 * A radio group is a fieldset; its error is described on the group and each radio is marked
 * invalid. ARIA 1.2 no longer lists aria-invalid for a radio, nor for a fieldset's role (group),
 * but browsers still expose it and screen readers say "invalid" on the radio that takes focus.
 */
export function RadioGroup({
  id,
  name,
  legend,
  options,
  error,
  requiredText,
  required,
}: {
  id: string;
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  error?: string;
  requiredText?: string;
  required?: boolean;
}) {
  return (
    <fieldset
      className="form-field form-choices"
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-label">
        {legend}
        {requiredText && <span className="form-required"> ({requiredText})</span>}
      </legend>
      <div className="form-choices__options">
        {options.map((option) => (
          <label key={option.value} className="form-choice">
            {/* eslint-disable-next-line jsx-a11y-x/role-supports-aria-props -- see above */}
            <input
              type="radio"
              name={name}
              value={option.value}
              required={required}
              aria-invalid={error ? true : undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
      <Help id={id} error={error} />
    </fieldset>
  );
}

/** The problems of a form as a list of links to the fields, announced when it appears. */
export function ErrorSummary({
  heading,
  errors,
  messages,
  idOf,
}: {
  heading: string;
  errors: FieldErrors;
  messages: ErrorMessages;
  idOf: (field: string) => string;
}) {
  const problems = Object.entries(errors).map(([field, code]): [string, string] => [
    idOf(field),
    messages[code] ?? code,
  ]);
  return <ProblemSummary heading={heading} problems={problems} />;
}

/** The same list from problems already written out: field id → text. Nothing when there are none. */
export function ProblemSummary({
  heading,
  problems,
  className,
}: {
  heading: string;
  problems: Iterable<[string, string]>;
  className?: string;
}) {
  const entries = [...problems];
  if (entries.length === 0) return null;
  return (
    <div className={`form-summary${className ? ` ${className}` : ''}`} role="alert">
      <p>{heading}</p>
      <ul>
        {entries.map(([id, text]) => (
          <li key={id}>
            <a href={`#${id}`}>{text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the receiver needs besides the visible fields, and the trap for bots. */
export function HiddenFields({
  formName,
  locale,
  returnTo,
  honeypotLabel,
  idPrefix,
}: {
  formName: string;
  locale: string;
  returnTo: string;
  honeypotLabel: string;
  idPrefix: string;
}) {
  return (
    <>
      <input type="hidden" name="form-name" value={formName} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="return-to" value={returnTo} />
      {/* Off screen and out of the tab order: people never fill it, form-filling bots do. */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{honeypotLabel}</label>
        <input
          id={`${idPrefix}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}

/**
 * A form's outcome, announced by screen readers: the success message once sent, the failure
 * message after a failed try, nothing before.
 */
/**
 * A form's outcome: a live region that is always there (so it is announced when it fills), and
 * that useFormSubmission scrolls to and focuses (`tabIndex={-1}`) when an outcome arrives.
 */
export function Status({
  sent,
  success,
  failure,
  ref,
}: {
  sent: boolean;
  /** Text, or more (a rental's booking code set apart from the sentence around it). */
  success: ReactNode;
  failure: string | null;
  ref?: Ref<HTMLDivElement>;
}) {
  const tone = sent ? 'success' : failure ? 'error' : null;
  const message = sent ? success : failure;
  return (
    <div
      ref={ref}
      className={`form-status${tone ? ` form-status--${tone}` : ''}`}
      role="status"
      tabIndex={-1}
    >
      {message && (typeof message === 'string' ? <p>{message}</p> : message)}
    </div>
  );
}

/** A single checkbox the visitor must tick (consent, being of age), with its error under it. */
export function CheckboxField({
  id,
  name,
  label,
  error,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
}) {
  return (
    <div className="form-field">
      <label className="form-choice">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="yes"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {label}
      </label>
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The privacy policy's link under a form, after a sentence about it when there is one. */
export function PrivacyLine({ lead, href, link }: { lead?: string; href: string; link: string }) {
  return (
    <p className="form-privacy">
      {lead === undefined ? (
        <a href={href}>{link}</a>
      ) : (
        <>
          {lead} <a href={href}>{link}</a>
        </>
      )}
    </p>
  );
}

/** A list of values with their labels, for `Options` and `RadioGroup`. */
export const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** A select's options, after an empty "choose…" one when there is one (disabled: not a choice). */
export function Options({
  items,
  choose,
  chooseDisabled = false,
}: {
  items: readonly { value: string | number; label: string | number }[];
  choose?: string;
  chooseDisabled?: boolean;
}) {
  return (
    <>
      {choose !== undefined && (
        <option value="" disabled={chooseDisabled}>
          {choose}
        </option>
      )}
      {items.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </>
  );
}
