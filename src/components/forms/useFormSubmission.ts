import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { formInput, validate, type FieldErrors } from '../../forms/schemas';
import { submitForm } from '../../forms/submit';

export type SubmissionState = 'idle' | 'sending' | 'sent' | 'failed' | 'rateLimited';
type Schema = Parameters<typeof validate>[0];

/**
 * The life of a form island: check with the shared schema (nothing is sent while a field is
 * wrong), send once (a second click while sending does nothing), then sent or failed. The
 * fields are never cleared on failure, so a retry sends what the visitor typed.
 */
export function useFormSubmission(schema: Schema, endpoint: string) {
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

  return { state, errors, progress, hydrated, handleSubmit };
}

/** Focus goes to the first field (in page order) that has a problem, so the visitor lands on it. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = [...form.elements].find((el): el is HTMLInputElement => 'name' in el && (el as HTMLInputElement).name in errors);
  // After React has rendered the messages, so that aria-describedby reads them.
  requestAnimationFrame(() => first?.focus());
}
