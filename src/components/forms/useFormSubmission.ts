import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { formInput, validate, type FieldErrors } from '../../forms/schemas';
import { submitForm } from '../../forms/submit';
import type { ErrorMessages } from './fields';

export type SubmissionState = 'idle' | 'sending' | 'sent' | 'failed' | 'rateLimited';
type Schema = Parameters<typeof validate>[0];
/** The visitor-language texts a form shows for problems (props of every form island). */
type ProblemTexts = { errors: ErrorMessages; failure: string; rateLimited: string };

/**
 * The life of a form island: check with the shared schema (nothing is sent while a field is
 * wrong), send once (a second click while sending does nothing), then sent or failed. The
 * fields are never cleared on failure, so a retry sends what the visitor typed.
 */
export function useFormSubmission(schema: Schema, endpoint: string, texts: ProblemTexts) {
  const [state, setState] = useState<SubmissionState>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const sending = useRef(false);

  // Before hydration the form posts natively (browser validation, redirect back); once the island
  // runs, it validates itself with the visitor-language messages.
  useEffect(() => setHydrated(true), []);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const check = validate(schema, formInput(new FormData(form)));
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
      const result = await submitForm(form, { endpoint, onProgress: setProgress });
      if (result.status === 'sent') setState('sent');
      else if (result.status === 'invalid') {
        setErrors(result.errors);
        setState('idle');
        focusFirstInvalid(form, result.errors);
      } else setState(result.httpStatus === 429 ? 'rateLimited' : 'failed');
    } catch {
      setState('failed');
    } finally {
      sending.current = false;
      setProgress(null);
    }
  }

  /** A field's problem in the visitor's language (its code when no text exists for it). */
  const errorText = (field: string) => (errors[field] ? (texts.errors[errors[field]] ?? errors[field]) : undefined);
  /** Why the last attempt failed, in the visitor's language; empty when it did not. */
  const failure = state === 'failed' ? texts.failure : state === 'rateLimited' ? texts.rateLimited : '';

  return { state, errors, errorText, failure, progress, hydrated, handleSubmit };
}

/** Focus goes to the first field (in page order) that has a problem, so the visitor lands on it. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = [...form.elements].find((el): el is HTMLInputElement => 'name' in el && (el as HTMLInputElement).name in errors);
  // After React has rendered the messages, so that aria-describedby reads them.
  requestAnimationFrame(() => first?.focus());
}
