import type { ReactNode } from 'react';
import { limits } from '../../forms/schemas';
import { TextField } from './fields';

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
 * Who to reach about a lesson request or a rental: name and email required, phone optional, with
 * the receiver's limits (src/forms). Anything else about the visitor goes after, as children.
 */
export function ContactPersonFields({
  strings,
  idOf,
  error,
  children,
}: {
  strings: ContactPersonStrings;
  idOf: (field: string) => string;
  error: (field: string) => string | undefined;
  children?: ReactNode;
}) {
  const required = { requiredText: strings.required, required: true } as const;
  return (
    <fieldset className="form-section">
      <legend>{strings.aboutYou}</legend>
      <TextField
        id={idOf('name')}
        name="name"
        label={strings.name}
        hint={strings.nameHint}
        minLength={3}
        maxLength={limits.name}
        autoComplete="name"
        error={error('name')}
        {...required}
      />
      <TextField
        id={idOf('email')}
        name="email"
        type="email"
        label={strings.email}
        maxLength={limits.email}
        autoComplete="email"
        error={error('email')}
        {...required}
      />
      <TextField
        id={idOf('phone')}
        name="phone"
        type="tel"
        label={`${strings.phone} (${strings.optional})`}
        hint={strings.phoneHint}
        maxLength={limits.phone}
        autoComplete="tel"
        error={error('phone')}
      />
      {children}
    </fieldset>
  );
}
