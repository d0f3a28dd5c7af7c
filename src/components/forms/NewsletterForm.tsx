import { NewsletterSchema, formNames } from '../../forms/schemas';
import { HiddenFields, Status, TextField, type ErrorMessages } from './fields';
import { useFormSubmission } from './useFormSubmission';

export type NewsletterStrings = {
  email: string;
  submit: string;
  sending: string;
  success: string;
  failure: string;
  rateLimited: string;
  honeypot: string;
  privacy: string;
  errors: ErrorMessages;
};

type Props = {
  strings: NewsletterStrings;
  endpoint: string;
  locale: string;
  /** The page to come back to after a plain HTML post (no JavaScript). */
  returnTo: string;
  /** Distinguishes the dialog's form from the newsletter page's: ids stay unique. */
  idPrefix: string;
};

/**
 * Newsletter subscription (spec §4): an invalid address shows "email is not valid" and nothing is
 * sent; while sending, the button is disabled; on success the field gives way to the success
 * message and the button stays disabled; on failure, the error shows and the button works again.
 */
export default function NewsletterForm({ strings, endpoint, locale, returnTo, idPrefix }: Props) {
  const { state, errorText, failure, hydrated, handleSubmit } = useFormSubmission(NewsletterSchema, endpoint, strings);
  return (
    <form className="form newsletter-form" method="post" action={endpoint} noValidate={hydrated} onSubmit={handleSubmit}>
      <HiddenFields formName={formNames.newsletter} locale={locale} returnTo={returnTo} honeypotLabel={strings.honeypot} idPrefix={idPrefix} />
      {state !== 'sent' && (
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label={strings.email}
          autoComplete="email"
          required
          maxLength={254}
          error={errorText('email')}
        />
      )}
      <Status sent={state === 'sent'} success={strings.success} failure={failure} />
      <button className="button button--brand" type="submit" disabled={state === 'sending' || state === 'sent'}>
        {state === 'sending' ? strings.sending : strings.submit}
      </button>
      <p className="form-hint">{strings.privacy}</p>
    </form>
  );
}
