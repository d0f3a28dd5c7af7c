/**
 * The contact form (spec §3, §5). Its fields are listed once, here, in the order the form shows
 * them: the island draws each by its `input` kind (ContactForm.tsx), its texts are
 * `forms.contact.<field>` and `forms.contact.errors.<field>.invalid`, and its row has one column
 * per field, named as the field. Adding a field: docs/recipes.md, "Add a field to a form".
 */
import * as v from 'valibot';
import { email, limits, localeField, NAME_PATTERN, textField, text } from './schemas.ts';
import type { FormDefinition } from './definition.ts';

/**
 * How the island draws a field: a person's name (with its hint) or email, a phone number, a line
 * of text or a paragraph (both held to `maxLength` as typed, the bound its rule checks).
 */
export type ContactInput = 'personName' | 'email' | 'phone' | 'line' | 'paragraph';

export const contactFields = {
  name: {
    rule: textField('name.invalid', { min: 3, max: limits.name, pattern: NAME_PATTERN }),
    input: 'personName',
  },
  email: { rule: email('email.invalid'), input: 'email' },
  title: {
    rule: textField('title.invalid', { max: limits.title }),
    input: 'line',
    maxLength: limits.title,
  },
  message: {
    rule: textField('message.invalid', { max: limits.message, multiline: true }),
    input: 'paragraph',
    maxLength: limits.message,
  },
} as const satisfies Record<
  string,
  { rule: v.GenericSchema<unknown, string>; input: ContactInput; maxLength?: number }
>;
export type ContactField = keyof typeof contactFields;
export const contactFieldNames = Object.keys(contactFields) as ContactField[];

export const ContactSchema = v.object({
  ...(Object.fromEntries(contactFieldNames.map((field) => [field, contactFields[field].rule])) as {
    [F in ContactField]: (typeof contactFields)[F]['rule'];
  }),
  locale: localeField,
});

export const contact = {
  name: 'ContactForm',
  key: 'contact',
  page: 'contact',
  cli: 'contact',
  table: 'contact_messages',
  // A new field's column: `ALTER TABLE contact_messages ADD COLUMN <field> TEXT`.
  migrations: [],
  rules: () => ContactSchema,
  // One column per field, named as the field.
  toRow: (o) => ({
    ...Object.fromEntries(contactFieldNames.map((field) => [field, text(o[field])])),
    locale: text(o.locale),
  }),
  keepsClient: true,
  // The privacy policy's period (`legal.contactRetentionMonths` in the site facts).
  retention: {
    from: 'created_at',
    days: (settings) => settings.contactRetentionDays,
    rows: 'contact message(s)',
  },
} as const satisfies FormDefinition;
