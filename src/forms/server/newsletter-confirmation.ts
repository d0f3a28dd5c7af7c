/**
 * The newsletter's double opt-in, server side (the form: newsletter.ts). A subscription's link
 * carries a token of 256 random bits; the database keeps only its SHA-256, so a copy of the
 * database (a backup) confirms no one. The link works once, until it expires.
 *
 * The confirmation page (`/<locale>/newsletter/confirm/<token>`, rendered on demand by the
 * receiver's server) calls `confirm`: on the database thread, bounded in time, rate-limited per
 * client like the receipt pages.
 */
import { config } from '../../config';
import { isLocale, type Locale } from '../../i18n/locales';
import { createRateLimiter } from './rate-limit';
import { isStoreBusy } from './store';
import { storeAccess } from './store-access';
import type { OutboxMessage } from './store';
import { hashToken, TOKEN_PATTERN } from './newsletter-token';

/** How long the page waits for the database thread before "try again in a minute". */
const CONFIRM_WAIT_MS = 2000;
/** Per client and minute: a visitor following their link stays far below. */
const limiter = createRateLimiter({ max: 30, windowSeconds: 60 });
export const RETRY_AFTER_SECONDS = 60;

export type Confirmation =
  | { confirmed: true; locale: Locale | null }
  | { confirmed: false; unavailable?: 'busy' | 'limited'; retryAfterSeconds?: number };

/**
 * Follows a confirmation link: the subscription counts from now, and `outbox` (the webhook's
 * post) is queued with it. Not confirmed when the token is of the wrong shape, unknown, used or
 * expired, or when it could not be checked now (`unavailable`).
 */
export async function confirm(
  token: string,
  client: string,
  outbox: readonly OutboxMessage[],
  now = new Date(),
): Promise<Confirmation> {
  const limit = limiter.hit(client);
  if (!limit.allowed)
    return { confirmed: false, unavailable: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
  if (!TOKEN_PATTERN.test(token)) return { confirmed: false };
  try {
    const found = await storeAccess(config.forms.dbPath).confirmSubscription(
      hashToken(token),
      now.toISOString(),
      outbox,
      CONFIRM_WAIT_MS,
    );
    if (!found) return { confirmed: false };
    return { confirmed: true, locale: isLocale(found.locale) ? found.locale : null };
  } catch (error) {
    console.error(
      `Newsletter confirmation: the database did not answer${isStoreBusy(error) ? ' (busy)' : ''}.`,
      error,
    );
    return { confirmed: false, unavailable: 'busy', retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
}
