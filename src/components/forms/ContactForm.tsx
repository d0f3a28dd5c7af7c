import { Fragment, type ReactNode } from 'react';
import { contactFieldNames, ContactSchema, limits, type ContactField } from '../../forms/schemas';
import { personInputs } from './ContactPerson';
import { fieldId, TextArea, TextField } from './fields';
import { SubmissionForm, SubmitButton } from './SubmissionForm';
import type { FormIslandProps, SubmissionTexts } from './SubmissionForm';
import { useFormSubmission } from './useFormSubmission';

export type ContactStrings = SubmissionTexts & {
  /** Each field's label (`forms.contact.<field>`). */
  labels: Record<ContactField, string>;
  nameHint: string;
  required: string;
  // `failure` is "Sorry an error has occurred. Contact us at {email}", the address filled in.
};

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
  name: (props, strings) => <TextField {...props} hint={strings.nameHint} {...personInputs.name} />,
  email: (props) => <TextField {...props} {...personInputs.email} />,
  title: (props) => <TextField {...props} maxLength={limits.title} />,
  message: (props) => <TextArea {...props} maxLength={limits.message} />,
};

/** Contact form (spec §3, §5): the fields of `contactFields`, then the success or the error message. */
export default function ContactForm(props: FormIslandProps<ContactStrings>) {
  const { strings } = props;
  const submission = useFormSubmission(ContactSchema, props.endpoint, strings);

  return (
    <SubmissionForm form="contact" submission={submission} {...props}>
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
