import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { v4 as uuid } from 'uuid';
import { formInput, validate, type FieldErrors } from '../../forms/schemas';
import { submitForm } from '../../forms/browser/submit';
import type { ErrorMessages } from './fields';

export type SubmissionState = 'idle' | 'sending' | 'sent' | 'failed' | 'rateLimited';
type Schema = Parameters<typeof validate>[0];
/** A form checked beyond one schema (the lesson request): the form's data → its problems, if any. */
type Check = (data: FormData) => { ok: true } | { ok: false; errors: FieldErrors };
/** The visitor-language texts a form shows for problems (props of every form island). */
type ProblemTexts = { errors: ErrorMessages; failure: string; rateLimited: string };

/**
 * The life of a form island: check with the shared schema (nothing is sent while a field is
 * wrong), send once (a second click while sending does nothing), then sent or failed. The
 * fields are never cleared on failure, so a retry sends what the visitor typed.
 */
export function useFormSubmission(schema: Schema | Check, endpoint: string, texts: ProblemTexts) {
  const [state, setState] = useState<SubmissionState>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  // What the receiver gave back with a success (a rental's booking code), shown in the outcome.
  const [receipt, setReceipt] = useState<Record<string, string>>({});
  const sending = useRef(false);
  // One key per filled-in form, sent with each try of it (submit.ts); drawn at the first try, and
  // again once it is sent.
  const submissionKey = useRef<string | null>(null);
  // The outcome (sent, failed) is brought into view and focused each time one arrives, so a
  // visitor scrolled to the submit button sees it and a screen reader reads it out.
  const outcome = useRef<HTMLDivElement>(null);
  const [outcomes, setOutcomes] = useState(0);
  useEffect(() => {
    if (outcomes > 0) showOutcome(outcome.current);
  }, [outcomes]);

  // Before hydration the form posts natively (browser validation, redirect back); once the island
  // runs, it validates itself with the visitor-language messages.
  useEffect(() => setHydrated(true), []);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const check = typeof schema === 'function' ? schema(data) : validate(schema, formInput(data));
    if (!check.ok) {
      setErrors(check.errors);
      setState('idle');
      focusFirstInvalid(form, check.errors);
      return;
    }
    sending.current = true;
    setErrors({});
    setProgress(0);
    setState('sending');
    try {
      const result = await submitForm(form, {
        endpoint,
        onProgress: setProgress,
        submissionKey: (submissionKey.current ??= uuid()),
      });
      if (result.status === 'sent') {
        submissionKey.current = null;
        setReceipt(result.receipt ?? {});
        setState('sent');
      } else if (result.status === 'invalid') {
        setErrors(result.errors);
        setState('idle');
        focusFirstInvalid(form, result.errors);
        return;
      } else setState(result.httpStatus === 429 ? 'rateLimited' : 'failed');
      setOutcomes((n) => n + 1);
    } catch {
      setState('failed');
      setOutcomes((n) => n + 1);
    } finally {
      sending.current = false;
      setProgress(null);
    }
  }

  /** A field's problem in the visitor's language (its code when no text exists for it). */
  const errorText = (field: string) =>
    errors[field] ? (texts.errors[errors[field]] ?? errors[field]) : undefined;
  /** Why the last attempt failed, in the visitor's language; empty when it did not. */
  const failure =
    state === 'failed' ? texts.failure : state === 'rateLimited' ? texts.rateLimited : '';

  return { state, errors, errorText, failure, progress, hydrated, handleSubmit, outcome, receipt };
}

/** Focus goes to the first field (in page order) that has a problem, so the visitor lands on it. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = [...form.elements].find(
    (el): el is HTMLInputElement => 'name' in el && (el as HTMLInputElement).name in errors,
  );
  // After React has rendered the messages, so that aria-describedby reads them.
  requestAnimationFrame(() => first?.focus());
}

/**
 * The outcome's top goes just below the fixed header (its `scroll-margin-top`), and it takes the
 * focus without a second scroll. Runs after React has rendered the message (an effect).
 */
function showOutcome(element: HTMLElement | null) {
  if (!element) return;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}
