/**
 * `GET /api/live-conditions/<resort>?locale=<locale>`: a resort's live status and snow report for
 * its pages, relayed from the marketplace backend with a short memory cache
 * (src/server/live-conditions.ts) and written in the page's language (src/resorts/live-answer.ts).
 * Served on demand by `npm start`. The answer is always JSON and never a 5xx: when the backend
 * fails, `{ "live": false, "reason": … }` with status 200 tells the page to keep its built values.
 * A resort id the site does not have is a 404.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { config } from '../../../config';
import { defaultLocale, isLocale } from '../../../i18n/locales';
import { liveAnswer } from '../../../resorts/live-answer';
import { createRelay, relayCacheControl } from '../../../server/live-conditions';

export const prerender = false;

/** Backend ids by resort id: only the site's resorts are relayed, so the cache stays this size. */
const uuids = new Map((await getCollection('resorts')).map((r) => [r.id, r.data.uuid]));
const relay = createRelay({ backendUrl: config.backendGraphqlUrl });

export const GET: APIRoute = async ({ params, url }) => {
  const uuid = uuids.get(params.resort ?? '');
  if (!uuid)
    return Response.json(
      { live: false, reason: 'unknown-resort' },
      { status: 404, headers: { 'cache-control': 'public, max-age=300' } },
    );
  const asked = url.searchParams.get('locale');
  const answer = await relay.conditions(uuid);
  return Response.json(liveAnswer(answer, isLocale(asked) ? asked : defaultLocale), {
    headers: {
      'cache-control': answer.live ? relayCacheControl.live : relayCacheControl.fallback,
    },
  });
};

export const HEAD: APIRoute = (context) => GET(context);

/** Any other method: the address exists, only for reading. */
export const ALL: APIRoute = () =>
  Response.json(
    { live: false, reason: 'method-not-allowed' },
    { status: 405, headers: { allow: 'GET, HEAD', 'cache-control': 'no-store' } },
  );
