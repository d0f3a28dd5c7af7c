/**
 * The frame every form island shares: the outcome above the form, the `<form>` that posts
 * natively until the island hydrates, the hidden fields and the error summary. The island puts
 * only its own fields (and its `SubmitButton`) inside.
 */
import type { ReactNode } from 'react';
import { ErrorSummary, HiddenFields, Status, type ErrorMessages } from './fields';
import type { useFormSubmission } from './useFormSubmission';

/** The texts the frame shows, in the visitor's language (part of every form island's strings). */
export type SubmissionTexts = {
  success: string;
  errorSummary: string;
  honeypot: string;
  errors: ErrorMessages;
};

/** A field's element id in a form: `contact-email`; the error summary links to it. */
export const fieldId = (idPrefix: string, field: string) => `${idPrefix}-${field}`;

export function SubmissionForm({
  submission,
  formName,
  idPrefix,
  endpoint,
  locale,
  returnTo,
  strings,
  children,
}: {
  /** What `useFormSubmission` returned for this form. */
  submission: ReturnType<typeof useFormSubmission>;
  /** The `form-name` the receiver dispatches on (`formNames` in `forms/names.ts`). */
  formName: string;
  /** Prefix of the fields' ids (`fieldId`). */
  idPrefix: string;
  endpoint: string;
  locale: string;
  returnTo: string;
  strings: SubmissionTexts;
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
            formName={formName}
            locale={locale}
            returnTo={returnTo}
            honeypotLabel={strings.honeypot}
            idPrefix={idPrefix}
          />
          <ErrorSummary
            heading={strings.errorSummary}
            errors={errors}
            messages={strings.errors}
            idOf={(field) => fieldId(idPrefix, field)}
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
