import { Fragment, type ReactNode } from 'react';
import {
  contact,
  contactFieldNames,
  contactFields,
  ContactSchema,
  type ContactField,
  type ContactInput,
} from '../../forms/contact';
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

type FieldProps = {
  id: string;
  name: ContactField;
  label: string;
  requiredText: string;
  required: true;
  error: string | undefined;
  maxLength: number | undefined;
};

/** How each kind of field is drawn; the form's definition (forms/contact.ts) says which fields there are. */
const inputs: Record<ContactInput, (props: FieldProps, strings: ContactStrings) => ReactNode> = {
  personName: (props, strings) => (
    <TextField {...props} hint={strings.nameHint} {...personInputs.name} />
  ),
  email: (props) => <TextField {...props} {...personInputs.email} />,
  phone: (props) => <TextField {...props} {...personInputs.phone} />,
  line: (props) => <TextField {...props} />,
  paragraph: (props) => <TextArea {...props} />,
};

/** Contact form (spec §3, §5): the fields of `contactFields`, then the success or the error message. */
export default function ContactForm(props: FormIslandProps<ContactStrings>) {
  const { strings } = props;
  const submission = useFormSubmission(ContactSchema, props.endpoint, strings);

  return (
    <SubmissionForm form={contact} submission={submission} {...props}>
      {contactFieldNames.map((name) => {
        const field: { input: ContactInput; maxLength?: number } = contactFields[name];
        const draw = inputs[field.input];
        return (
          <Fragment key={name}>
            {draw(
              {
                id: fieldId('contact', name),
                name,
                label: strings.labels[name],
                requiredText: strings.required,
                required: true,
                error: submission.errorText(name),
                maxLength: field.maxLength,
              },
              strings,
            )}
          </Fragment>
        );
      })}
      <SubmitButton sending={submission.state === 'sending'} strings={strings} />
    </SubmissionForm>
  );
}
