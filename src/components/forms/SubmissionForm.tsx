/**
 * The frame every form island shares: the outcome above the form, the `<form>` that posts
 * natively until the island hydrates, the hidden fields and the error summary. The island puts
 * only its own fields (and its `SubmitButton`) inside.
 */
import type { ReactNode } from 'react';
import { formNames, type FormKey } from '../../forms/names';
import { ErrorSummary, fieldId, HiddenFields, Status, type ErrorMessages } from './fields';
import type { useFormSubmission } from './useFormSubmission';

/** The texts the frame shows, in the visitor's language (part of every form island's strings). */
export type SubmissionTexts = {
  submit: string;
  sending: string;
  success: string;
  /** Why an attempt failed: the receiver or the network, then too many tries (429). */
  failure: string;
  rateLimited: string;
  errorSummary: string;
  honeypot: string;
  /** Each problem code's text (`name.invalid` → "Name is not valid."). */
  errors: ErrorMessages;
};

/** What every form island gets from its page: its texts, where it posts, where it comes back to. */
export type FormIslandProps<Strings extends SubmissionTexts> = {
  strings: Strings;
  endpoint: string;
  locale: string;
  /** The form's page, where the receiver sends a browser back after a native post. */
  returnTo: string;
};

export function SubmissionForm({
  form,
  submission,
  endpoint,
  locale,
  returnTo,
  strings,
  children,
}: FormIslandProps<SubmissionTexts> & {
  /** Which form: its `form-name` for the receiver and the prefix of its fields' ids. */
  form: FormKey;
  /** What `useFormSubmission` returned for this form. */
  submission: ReturnType<typeof useFormSubmission>;
  children: ReactNode;
}) {
  const { state, errors, failure, hydrated, handleSubmit, outcome } = submission;
  return (
    <div className="form-card">
      <Status ref={outcome} sent={state === 'sent'} success={strings.success} failure={failure} />
      {state !== 'sent' && (
        <form
          className="form"
          method="post"
          action={endpoint}
          encType="multipart/form-data"
          noValidate={hydrated}
          data-hydrated={hydrated ? '' : undefined}
          onSubmit={handleSubmit}
        >
          <HiddenFields
            formName={formNames[form]}
            locale={locale}
            returnTo={returnTo}
            honeypotLabel={strings.honeypot}
            idPrefix={form}
          />
          <ErrorSummary
            heading={strings.errorSummary}
            errors={errors}
            messages={strings.errors}
            idOf={(field) => fieldId(form, field)}
          />
          {children}
        </form>
      )}
    </div>
  );
}

/** The submit button: disabled and saying so while the form is being sent. */
export function SubmitButton({
  sending,
  strings,
}: {
  sending: boolean;
  strings: { submit: string; sending: string };
}) {
  return (
    <button className="button button--brand" type="submit" disabled={sending}>
      {sending ? strings.sending : strings.submit}
    </button>
  );
}
