/**
 * The generic submit of spec §7: posts a form to the receiver, chosen by its `form-name` field,
 * encoded as the form element says: the newsletter form-encoded (as the spec says, the element's
 * default), the islands' forms multipart (they may carry files). XMLHttpRequest rather than fetch because only it reports upload progress.
 *
 * It never touches the form's fields: whatever happens, what the visitor typed stays in place.
 */
import { SUBMISSION_KEY_FIELD, type FieldErrors } from '../schemas';

export type SubmitResult =
  /** `receipt`: what the receiver gave back to keep, e.g. `{ bookingCode }` for a rental. */
  | { status: 'sent'; receipt?: Record<string, string> }
  /** The receiver refused some fields: code per field, as the schemas name them. */
  | { status: 'invalid'; errors: FieldErrors }
  /** Anything else: server error, rate limit, receiver down, network cut. The visitor can retry. */
  | { status: 'failed'; httpStatus: number; error?: string };

export type SubmitOptions = {
  endpoint: string;
  /**
   * The key of this filled-in form, the same for each try of it: a post the receiver stored but
   * whose answer was lost, sent again, is answered with its first receipt instead of stored twice.
   */
  submissionKey?: string;
  /** Share of the body sent so far, 0 to 1 (multipart forms only). */
  onProgress?: (fraction: number) => void;
};

export function submitForm(
  form: HTMLFormElement | null | undefined,
  { endpoint, onProgress, submissionKey }: SubmitOptions,
): Promise<SubmitResult> {
  if (!form) return Promise.reject(new Error('Form not found'));
  const data = new FormData(form);
  if (submissionKey) data.set(SUBMISSION_KEY_FIELD, submissionKey);
  const body =
    form.enctype === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(data as unknown as Record<string, string>)
      : data;

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.timeout = 120_000; // a licence scan on a slow mountain connection
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () => {
      const answer = (request.response ?? {}) as {
        ok?: boolean;
        error?: string;
        errors?: Record<string, { code: string }>;
      };
      if (request.status >= 200 && request.status < 300 && answer.ok !== false) {
        const receipt = Object.fromEntries(
          Object.entries(answer).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
        return resolve({ status: 'sent', receipt });
      }
      if (answer.errors && Object.keys(answer.errors).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(answer.errors).map(([field, { code }]) => [field, code]),
        );
        return resolve({ status: 'invalid', errors });
      }
      resolve({ status: 'failed', httpStatus: request.status, error: answer.error });
    });
    for (const event of ['error', 'timeout', 'abort'] as const) {
      request.addEventListener(event, () =>
        resolve({ status: 'failed', httpStatus: 0, error: event }),
      );
    }
    request.send(body);
  });
}
