/**
 * The newsletter confirmation link's token (newsletter-confirmation.ts has the flow): drawn by the
 * receiver, mailed to the address's owner, stored only as its SHA-256, so a copy of the database
 * (a backup) confirms no one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '../../i18n/locales';

/** A token as `drawConfirmation` writes it: 32 bytes in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link's address on the site, in the language of the page the visitor subscribed on. */
export const confirmationPath = (token: string, locale: Locale) =>
  `/${locale}/newsletter/confirm/${token}`;

/**
 * A new link for a subscription made at `now`: the token for the mail, the columns for the row
 * (newsletter.ts's migration says what each is).
 */
export function drawConfirmation(days: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    columns: {
      token_hash: hashToken(token),
      token_expires_at: new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString(),
      mailed_at: now.toISOString(),
    },
  };
}
