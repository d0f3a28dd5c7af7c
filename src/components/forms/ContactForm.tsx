import { Fragment, type ReactNode } from 'react';
import {
  contactFieldNames,
  ContactSchema,
  formNames,
  limits,
  type ContactField,
} from '../../forms/schemas';
import {
  ErrorSummary,
  HiddenFields,
  Status,
  TextArea,
  TextField,
  type ErrorMessages,
} from './fields';
import { useFormSubmission } from './useFormSubmission';

export type ContactStrings = {
  /** Each field's label (`forms.contact.<field>`). */
  labels: Record<ContactField, string>;
  nameHint: string;
  submit: string;
  sending: string;
  required: string;
  success: string;
  /** "Sorry an error has occurred. Contact us at {email}", the address already filled in. */
  failure: string;
  rateLimited: string;
  errorSummary: string;
  honeypot: string;
  errors: ErrorMessages;
};

type Props = { strings: ContactStrings; endpoint: string; locale: string; returnTo: string };

const idOf = (field: string) => `contact-${field}`;

type FieldProps = {
  id: string;
  name: ContactField;
  label: string;
  requiredText: string;
  required: true;
  error: string | undefined;
};

/** How each field is drawn; the schema (schemas.ts `contactFields`) says which fields there are. */
const inputs: Record<ContactField, (props: FieldProps, strings: ContactStrings) => ReactNode> = {
  name: (props, strings) => (
    <TextField
      {...props}
      hint={strings.nameHint}
      minLength={3}
      maxLength={limits.name}
      autoComplete="name"
    />
  ),
  email: (props) => (
    <TextField {...props} type="email" maxLength={limits.email} autoComplete="email" />
  ),
  title: (props) => <TextField {...props} maxLength={limits.title} />,
  message: (props) => <TextArea {...props} maxLength={limits.message} />,
};

/** Contact form (spec §3, §5): the fields of `contactFields`, then the success or the error message. */
export default function ContactForm({ strings, endpoint, locale, returnTo }: Props) {
  const {
    state,
    errors,
    errorText: error,
    failure,
    hydrated,
    handleSubmit,
    outcome,
  } = useFormSubmission(ContactSchema, endpoint, strings);

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
            formName={formNames.contact}
            locale={locale}
            returnTo={returnTo}
            honeypotLabel={strings.honeypot}
            idPrefix="contact"
          />
          <ErrorSummary
            heading={strings.errorSummary}
            errors={errors}
            messages={strings.errors}
            idOf={idOf}
          />
          {contactFieldNames.map((name) => (
            <Fragment key={name}>
              {inputs[name](
                {
                  id: idOf(name),
                  name,
                  label: strings.labels[name],
                  requiredText: strings.required,
                  required: true,
                  error: error(name),
                },
                strings,
              )}
            </Fragment>
          ))}
          <button className="button button--brand" type="submit" disabled={state === 'sending'}>
            {state === 'sending' ? strings.sending : strings.submit}
          </button>
        </form>
      )}
    </div>
  );
}
