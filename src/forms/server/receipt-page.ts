/**
 * The server side of a receipt page (a rental booking, a lesson request: receipts.ts): the row of
 * a code, looked up on each visit, and how the page is answered. A row deleted by retention is
 * simply no longer found.
 *
 * The lookup is a read-only query on the server's database thread (store-access.ts), bounded in
 * time: the page never waits on the database from the event loop, never writes, and says "try
 * again in a minute" (503) when the database cannot answer in time. Lookups are rate-limited per
 * client, as the form posts are: a receipt's address is a secret, and a client walking through
 * addresses is stopped (429).
 */
import { getEntry } from 'astro:content';
import { config } from '../../config';
import { isLocale } from '../../i18n/locales';
import { clientOf, createRateLimiter } from './rate-limit';
import { formsWithReceipt } from '../all';
import { isStoreBusy, type FormWithReceipt, type Row } from './store';
import { storeAccess } from './store-access';

/** How long a lookup may wait for the database thread (slow writes ahead of it) before a 503. */
const LOOKUP_WAIT_MS = 2000;
/** Lookups per client and minute: a visitor opening their receipt again and again stays far below. */
export const RECEIPT_LOOKUPS_PER_MINUTE = 30;
const limiter = createRateLimiter({ max: RECEIPT_LOOKUPS_PER_MINUTE, windowSeconds: 60 });
const RETRY_AFTER_SECONDS = 60;

export type Lookup =
  | { found: true; row: Row }
  | { found: false; unavailable?: 'busy' | 'limited'; retryAfterSeconds?: number };

/** The row whose visitor keeps `code` (a code of the wrong shape is not looked up). */
export async function lookUpReceipt(
  form: FormWithReceipt,
  code: string,
  client: string,
): Promise<Lookup> {
  const limit = limiter.hit(client);
  if (!limit.allowed)
    return { found: false, unavailable: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
  const kind = formsWithReceipt.find((f) => f.name === form)!.receipt;
  if (!kind.pattern.test(code)) return { found: false };
  try {
    const row = await storeAccess(config.forms.dbPath).byReceipt(form, code, LOOKUP_WAIT_MS);
    return row ? { found: true, row } : { found: false };
  } catch (error) {
    console.error(
      `Receipt page: the lookup failed${isStoreBusy(error) ? ' (the database thread was busy)' : ''}.`,
      error,
    );
    return { found: false, unavailable: 'busy', retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
}

/**
 * What a receipt page shows, from its address (`/<locale>/…/<code>`, the code under `codeParam`):
 * the locale, the code, the lookup, its row and the resort and rental pack the row names (the
 * resort's name stays the stored id when the resort has left the content). Undefined when the
 * locale is not one of the site's, which is a 404 before anything is looked up.
 */
export async function readReceipt(
  astro: { readonly params: Record<string, string | undefined>; readonly clientAddress: string },
  form: FormWithReceipt,
  codeParam: string,
) {
  const { locale = '', [codeParam]: code = '' } = astro.params;
  if (!isLocale(locale)) return undefined;
  const lookup = await lookUpReceipt(form, code, clientOf(astro));
  const row = lookup.found ? lookup.row : undefined;
  const resort = row ? await getEntry('resorts', String(row.resort)) : undefined;
  const pack = row?.pack ? await getEntry('rentalPacks', String(row.pack)) : undefined;
  const resortName = resort?.data.name ?? String(row?.resort ?? '');
  return { locale, code, lookup, row, resort, pack, resortName };
}

/**
 * A receipt page is never cached (it changes when the row is deleted) nor indexed (its address
 * is the visitor's); a 404 when no row has its code, a 503 or 429 with Retry-After when it could
 * not be looked up.
 */
export function answerReceipt(
  response: { status?: number; readonly headers: Headers },
  lookup: Lookup,
) {
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex');
  if (lookup.found) return;
  if (lookup.unavailable) {
    response.status = lookup.unavailable === 'limited' ? 429 : 503;
    response.headers.set('retry-after', String(lookup.retryAfterSeconds ?? RETRY_AFTER_SECONDS));
  } else response.status = 404;
}
