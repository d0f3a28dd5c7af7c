/**
 * The newsletter subscription (spec §3): an address, one row per address whatever its case.
 * Sent form-encoded by the footer's form, with or without JavaScript.
 *
 * Double opt-in (EU practice): a subscription is stored unconfirmed and its owner is mailed a link
 * (notifications.ts); only following it makes the address count (`confirmed_at`). The link's token
 * is stored hashed, expires, and works once (newsletter-confirmation.ts). An unconfirmed row whose
 * link has expired is deleted by the retention job.
 */
import * as v from 'valibot';
import { email, localeField, text } from './schemas.ts';
import type { FormDefinition } from './definition.ts';

export const NewsletterSchema = v.object({
  email: email('email.invalid'),
  locale: localeField,
});

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7;
/**
 * A second subscription of an address not yet confirmed mails a new link at most this often: a
 * form posted again and again does not fill its owner's inbox.
 */
export const CONFIRMATION_RESEND_MINUTES = 60;

export const newsletter = {
  name: 'SubscribeForm',
  key: 'newsletter',
  page: 'newsletter',
  cli: 'newsletter',
  table: 'newsletter_subscriptions',
  migrations: [
    // 1: double opt-in. Rows stored before it have no token: unconfirmed, and kept until deleted
    // by hand (their owners were never asked).
    `ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT;
     ALTER TABLE newsletter_subscriptions ADD COLUMN token_hash TEXT; -- SHA-256 of the link's token, NULL once used
     ALTER TABLE newsletter_subscriptions ADD COLUMN token_expires_at TEXT;
     ALTER TABLE newsletter_subscriptions ADD COLUMN mailed_at TEXT; -- the last confirmation mail
     CREATE UNIQUE INDEX newsletter_subscriptions_token ON newsletter_subscriptions (token_hash);`,
  ],
  rules: () => NewsletterSchema,
  toRow: (o) => ({
    email: text(o.email),
    email_key: text(o.email)!.toLowerCase(),
    locale: text(o.locale),
  }),
  confirmation: { days: CONFIRMATION_DAYS },
  // A known address: a confirmed one is left as it is and mailed nothing; an unconfirmed one gets a
  // new link (and the page's language) unless one was mailed within the resend interval. Either
  // way the answer is the same 200, so nobody learns whether an address is known.
  onConflict: `ON CONFLICT (email_key) DO UPDATE SET
     token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at,
     mailed_at = excluded.mailed_at, locale = excluded.locale
   WHERE newsletter_subscriptions.confirmed_at IS NULL
     AND (newsletter_subscriptions.mailed_at IS NULL
       OR newsletter_subscriptions.mailed_at < strftime('%Y-%m-%dT%H:%M:%fZ', excluded.mailed_at, '-${CONFIRMATION_RESEND_MINUTES} minutes'))`,
  keepsClient: true,
  // Columns the team never sees (the team command leaves them out).
  privateColumns: ['token_hash'],
  // An address never confirmed is not kept once its link has expired.
  retention: {
    from: { day: 'token_expires_at' },
    only: 'confirmed_at IS NULL',
    days: () => 0,
    rows: 'unconfirmed newsletter subscription(s)',
  },
} as const satisfies FormDefinition;
