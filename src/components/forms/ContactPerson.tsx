import type { ReactNode } from 'react';
import { limits } from '../../forms/schemas';
import { TextField, type FieldOf } from './fields';

/** The texts of the contact person's fields (part of a lesson request's and a rental's strings). */
export type ContactPersonStrings = {
  aboutYou: string;
  name: string;
  nameHint: string;
  email: string;
  phone: string;
  phoneHint: string;
  required: string;
  optional: string;
};

/**
 * How every form takes a person's name, email address and phone number: the receiver's limits
 * (src/forms) and what the browser may fill in. Whether one is required is the form's to say.
 */
export const personInputs = {
  name: { minLength: 3, maxLength: limits.name, autoComplete: 'name' },
  email: { type: 'email', maxLength: limits.email, autoComplete: 'email' },
  phone: { type: 'tel', maxLength: limits.phone, autoComplete: 'tel' },
} as const;

/**
 * Who to reach about a lesson request or a rental: name and email required, phone optional.
 * Anything else about the visitor goes after, as children.
 */
export function ContactPersonFields({
  strings,
  field,
  children,
}: {
  strings: ContactPersonStrings;
  field: FieldOf;
  children?: ReactNode;
}) {
  const required = { requiredText: strings.required, required: true } as const;
  return (
    <fieldset className="form-section">
      <legend>{strings.aboutYou}</legend>
      <TextField
        {...field('name')}
        {...personInputs.name}
        label={strings.name}
        hint={strings.nameHint}
        {...required}
      />
      <TextField {...field('email')} {...personInputs.email} label={strings.email} {...required} />
      <TextField
        {...field('phone')}
        {...personInputs.phone}
        label={`${strings.phone} (${strings.optional})`}
        hint={strings.phoneHint}
      />
      {children}
    </fieldset>
  );
}
