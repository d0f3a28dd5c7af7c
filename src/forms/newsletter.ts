/**
 * The newsletter subscription (spec §3): an address, one row per address whatever its case.
 * Sent form-encoded by the footer's form, with or without JavaScript.
 */
import * as v from 'valibot';
import { email, localeField, text } from './schemas.ts';
import type { FormDefinition } from './definition.ts';

export const NewsletterSchema = v.object({
  email: email('email.invalid'),
  locale: localeField,
});

export const newsletter = {
  name: 'SubscribeForm',
  key: 'newsletter',
  page: 'newsletter',
  cli: 'newsletter',
  table: 'newsletter_subscriptions',
  migrations: [],
  rules: () => NewsletterSchema,
  toRow: (o) => ({
    email: text(o.email),
    email_key: text(o.email)!.toLowerCase(),
    locale: text(o.locale),
  }),
  onConflict: 'ON CONFLICT (email_key) DO NOTHING',
  keepsClient: true,
} as const satisfies FormDefinition;
