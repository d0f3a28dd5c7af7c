/**
 * The server side of a receipt page (a rental booking, a lesson request: receipts.ts): the row of
 * a code, read from the submissions database on each visit, and how the page is answered. A row
 * deleted by retention is simply no longer found.
 */
import { getEntry } from 'astro:content';
import { config } from '../config';
import { isLocale } from '../i18n/locales';
import { receiptKinds } from './receipts';
import { openStore, type FormWithReceipt, type Row, type SubmissionStore } from './store';

/** The row whose visitor keeps `code`, or undefined (a code of the wrong shape is not looked up). */
export function storedReceipt(form: FormWithReceipt, code: string): Row | undefined {
  if (!receiptKinds[form].pattern.test(code)) return undefined;
  let store: SubmissionStore | undefined;
  try {
    store = openStore(config.forms.dbPath, { busyTimeoutMs: 1000 });
    return store.byReceipt(form, code);
  } finally {
    store?.close();
  }
}

/**
 * What a receipt page shows, from its address (`/<locale>/…/<code>`, the code under `codeParam`):
 * the locale, the code, its row and the resort and rental pack the row names (the resort's name
 * stays the stored id when the resort has left the content). Undefined when the locale is not one
 * of the site's, which is a 404 before anything is looked up.
 */
export async function readReceipt(
  params: Record<string, string | undefined>,
  form: FormWithReceipt,
  codeParam: string,
) {
  const { locale = '', [codeParam]: code = '' } = params;
  if (!isLocale(locale)) return undefined;
  const row = storedReceipt(form, code);
  const resort = row ? await getEntry('resorts', String(row.resort)) : undefined;
  const pack = row?.pack ? await getEntry('rentalPacks', String(row.pack)) : undefined;
  const resortName = resort?.data.name ?? String(row?.resort ?? '');
  return { locale, code, row, resort, pack, resortName };
}

/**
 * A receipt page is never cached (it changes when the row is deleted) nor indexed (its address
 * is the visitor's), and is a 404 when no row has its code.
 */
export function answerReceipt(
  response: { status?: number; readonly headers: Headers },
  found: boolean,
) {
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex');
  if (!found) response.status = 404;
}
