/**
 * The frame every form island shares: the outcome above the form, the `<form>` that posts
 * natively until the island hydrates, the hidden fields and the error summary. The island puts
 * only its own fields (and its `SubmitButton`) inside.
 */
import type { FormEventHandler, ReactNode, Ref } from 'react';
import type { FormKey } from '../../forms/all';
import { ErrorSummary, HiddenFields, ProblemSummary, Status, type ErrorMessages } from './fields';
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

/**
 * What every form island gets from its page: its texts, where it posts, where it comes back to.
 * An island whose success is more than a text gives it to `SubmissionForm` itself.
 */
export type FormIslandProps<Strings extends Omit<SubmissionTexts, 'success'>> = {
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
  idPrefix = form.key,
  className,
  success = strings.success,
  sentDetail,
  problems,
  onInput,
  formRef,
}: FormIslandProps<Omit<SubmissionTexts, 'success'> & { success?: string }> & {
  /** Which form (its definition): its `form-name` for the receiver, its key the prefix of its fields' ids. */
  form: { key: FormKey; name: string };
  /** What `useFormSubmission` returned for this form (its `handleSubmit` may be wrapped). */
  submission: ReturnType<typeof useFormSubmission>;
  children: ReactNode;
  /** The fields' id prefix when it is not the form's key (`lesson-request-name`). */
  idPrefix?: string;
  /** A class of the island's own on the card, for its styles. */
  className?: string;
  /** The success when it is more than a text (a rental's booking code set apart in it). */
  success?: ReactNode | undefined;
  /** Shown under the success once sent (what a lesson request said). */
  sentDetail?: ReactNode;
  /** The summary's lines written out by the island (field id → text), instead of one per code. */
  problems?: Iterable<[string, string]>;
  onInput?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
}) {
  const { state, errors, failure, hydrated, handleSubmit, outcome } = submission;
  return (
    <div className={className ? `form-card ${className}` : 'form-card'}>
      <Status ref={outcome} sent={state === 'sent'} success={success} failure={failure} />
      {state === 'sent' && sentDetail}
      {state !== 'sent' && (
        <form
          className="form"
          method="post"
          action={endpoint}
          encType="multipart/form-data"
          noValidate={hydrated}
          data-hydrated={hydrated ? '' : undefined}
          onSubmit={handleSubmit}
          onInput={onInput}
          ref={formRef}
        >
          <HiddenFields
            formName={form.name}
            locale={locale}
            returnTo={returnTo}
            honeypotLabel={strings.honeypot}
            idPrefix={idPrefix}
          />
          {problems ? (
            <ProblemSummary heading={strings.errorSummary} problems={problems} />
          ) : (
            <ErrorSummary
              heading={strings.errorSummary}
              errors={errors}
              messages={strings.errors}
              idOf={(field) => `${idPrefix}-${field}`}
            />
          )}
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
