import { Fragment, type ReactNode } from 'react';
import {
  contactFieldNames,
  ContactSchema,
  formNames,
  limits,
  type ContactField,
} from '../../forms/schemas';
import { TextArea, TextField } from './fields';
import { fieldId, SubmissionForm, SubmitButton, type SubmissionTexts } from './SubmissionForm';
import { useFormSubmission } from './useFormSubmission';

export type ContactStrings = SubmissionTexts & {
  /** Each field's label (`forms.contact.<field>`). */
  labels: Record<ContactField, string>;
  nameHint: string;
  submit: string;
  sending: string;
  required: string;
  /** "Sorry an error has occurred. Contact us at {email}", the address already filled in. */
  failure: string;
  rateLimited: string;
};

type Props = { strings: ContactStrings; endpoint: string; locale: string; returnTo: string };

const idOf = (field: string) => fieldId('contact', field);

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
  const submission = useFormSubmission(ContactSchema, endpoint, strings);

  return (
    <SubmissionForm
      submission={submission}
      formName={formNames.contact}
      idPrefix="contact"
      endpoint={endpoint}
      locale={locale}
      returnTo={returnTo}
      strings={strings}
    >
      {contactFieldNames.map((name) => (
        <Fragment key={name}>
          {inputs[name](
            {
              id: idOf(name),
              name,
              label: strings.labels[name],
              requiredText: strings.required,
              required: true,
              error: submission.errorText(name),
            },
            strings,
          )}
        </Fragment>
      ))}
      <SubmitButton sending={submission.state === 'sending'} strings={strings} />
    </SubmissionForm>
  );
}
