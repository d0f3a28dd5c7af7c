/**
 * The embedded form receiver (src/forms/receiver.ts), served on demand by `npm start` beside the
 * prebuilt pages. The forms post here unless FORMS_ENDPOINT sends them elsewhere.
 */
import type { APIRoute } from 'astro';
import { config } from '../../config';
import { createReceiver } from '../../forms/receiver';
import { openStore, type SubmissionStore } from '../../forms/store';
import { englishMessage } from '../../components/forms/strings';

export const prerender = false;

let store: SubmissionStore | undefined;

const receive = createReceiver({
  ...config.forms,
  // Opened on first use, not at import: an unwritable path answers 500 instead of stopping the site.
  store: () => (store ??= openStore(config.forms.dbPath)),
  describe: englishMessage,
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
