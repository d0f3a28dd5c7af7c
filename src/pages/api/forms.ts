/**
 * The embedded form receiver (src/forms/server/receiver.ts), served on demand by `npm start` beside the
 * prebuilt pages. The forms post here unless FORMS_ENDPOINT sends them elsewhere.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { config } from '../../config';
import { createReceiver } from '../../forms/server/receiver';
import { storeAccess } from '../../forms/server/store-access';
import { refusedOriginPage } from '../../forms/server/refused-origin-page';
import { siteNotifications } from '../../forms/server/notifications';
import { clientOf } from '../../forms/server/rate-limit';
import { englishMessage } from '../../forms/messages';
import { facts } from '../../site-facts';
import { lessonCatalogueOf, rentalCatalogueOf } from '../../resorts/load';

export const prerender = false;

// Read once: every reference a form makes to the resorts is checked against these.
const resorts = await getCollection('resorts');
const receive = createReceiver({
  ...config.forms,
  // The server's database thread (published before its first request, which loads this module).
  store: storeAccess(config.forms.dbPath),
  describe: englishMessage,
  refusedOriginPage,
  resortIds: resorts.map((resort) => resort.id),
  // A lesson request names its resort as the search does, its days in the resort's season, and
  // may add one of the resort's packs for its sport.
  lessons: {
    ...lessonCatalogueOf(resorts, await getCollection('rentalPacks')),
    rule: facts.lessons,
  },
  rentalCatalogue: rentalCatalogueOf(resorts),
  // Mails to the visitor and the team, the webhook: queued with the row, sent by the server's outbox.
  notify: siteNotifications(),
});

export const POST: APIRoute = (context) => receive(context.request, clientOf(context));
export const OPTIONS: APIRoute = (context) => receive(context.request, clientOf(context));

/** Any other method: the address exists, only for posting (405 says so, a 404 page would not). */
export const ALL: APIRoute = () =>
  Response.json(
    { ok: false, error: 'methodNotAllowed', message: 'Send forms with POST.' },
    { status: 405, headers: { allow: 'POST, OPTIONS', 'cache-control': 'no-store' } },
  );
