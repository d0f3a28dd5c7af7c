/** The newsletter form's answers, told to the visitor: the pure part of newsletter-form.ts. */
import type { SubmitResult } from './submit';
import type { NewsletterStrings } from '../../components/forms/strings';

/**
 * The visitor-language texts the script shows: written on the newsletter page's form
 * (`data-texts`), and for the footer's dialog in a file of their own (`data-texts-url`, see
 * NewsletterForm.astro).
 */
export type NewsletterTexts = Pick<
  NewsletterStrings,
  'errors' | 'submit' | 'sending' | 'success' | 'checkInbox' | 'failure' | 'rateLimited'
>;

/** An error code of the shared schemas in the visitor's language (the code itself if it has no text). */
export const errorMessage = (texts: NewsletterTexts, code: string) => texts.errors[code] ?? code;

export type Outcome =
  { kind: 'sent' } | { kind: 'invalid'; message: string } | { kind: 'failed'; message: string };

/**
 * What the visitor is told after the receiver answered. A refused address is a field error like
 * the browser-side check; a refusal of anything else (the hidden fields) is not the visitor's to
 * fix, so it reads as a failure.
 */
export function outcomeOf(result: SubmitResult, texts: NewsletterTexts): Outcome {
  if (result.status === 'sent') return { kind: 'sent' };
  if (result.status === 'invalid' && result.errors.email)
    return { kind: 'invalid', message: errorMessage(texts, result.errors.email) };
  if (result.status === 'failed' && result.httpStatus === 429)
    return { kind: 'failed', message: texts.rateLimited };
  return { kind: 'failed', message: texts.failure };
}
