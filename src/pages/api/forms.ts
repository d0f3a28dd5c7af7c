/**
 * The embedded form receiver (src/forms/receiver.ts), served on demand by `npm start` beside the
 * prebuilt pages. The forms post here unless FORMS_ENDPOINT sends them elsewhere.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { config } from '../../config';
import { createReceiver } from '../../forms/receiver';
import { openStore, type SubmissionStore } from '../../forms/store';
import { inThisThread, publishedWriter } from '../../forms/writer';
import { refusedOriginPage } from '../../forms/refused-origin-page';
import { englishMessage } from '../../components/forms/strings';
import { facts } from '../../site-facts';
import { rentalCatalogueOf } from '../../resorts/load';

export const prerender = false;

let store: SubmissionStore | undefined;

/**
 * Outside `npm start` (astro dev), the writes run in this thread: SQLite's own wait for a lock
 * would block it (every page with it), so it is a few milliseconds, and a locked database is
 * waited for with timers instead (store.ts). Opened on first use, not at import: an unwritable
 * path answers 500 instead of stopping the site.
 */
const BUSY_TIMEOUT_MS = 5;
const inThread = inThisThread(
  () => (store ??= openStore(config.forms.dbPath, { busyTimeoutMs: BUSY_TIMEOUT_MS })),
);
/** The server's database thread when `server.mjs` runs (it starts before the first request). */
const writer = () => publishedWriter() ?? inThread;

// Read once: every reference a form makes to the resorts is checked against these.
const resorts = await getCollection('resorts');
const receive = createReceiver({
  ...config.forms,
  store: {
    insert: (...args) => writer().insert(...args),
    removeUnreferencedUpload: (...args) => writer().removeUnreferencedUpload(...args),
  },
  describe: englishMessage,
  refusedOriginPage,
  resortIds: resorts.map((resort) => resort.id),
  // A lesson request names its resort as the search does, and may add one of the resort's packs.
  lessons: {
    resorts: resorts.map((r) => ({ id: r.id, name: r.data.name, aliases: r.data.aliases })),
    packsByResort: Object.fromEntries(
      resorts.map((r) => [r.id, r.data.rental.offered ? r.data.rental.packs.map((p) => p.id) : []]),
    ),
    rule: facts.lessons,
  },
  rentalCatalogue: rentalCatalogueOf(resorts),
});

/** The sender's address, for the rate limit (Astro throws when the adapter cannot tell). */
function clientOf(context: Parameters<APIRoute>[0]) {
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

export const POST: APIRoute = (context) => receive(context.request, clientOf(context));
export const OPTIONS: APIRoute = (context) => receive(context.request, clientOf(context));

/** Any other method: the address exists, only for posting (405 says so, a 404 page would not). */
export const ALL: APIRoute = () =>
  Response.json(
    { ok: false, error: 'methodNotAllowed', message: 'Send forms with POST.' },
    { status: 405, headers: { allow: 'POST, OPTIONS', 'cache-control': 'no-store' } },
  );
