/**
 * The live conditions relay (src/pages/api/live-conditions/[resort].ts): resort pages ask the
 * site, at its own origin, with a plain GET the browser and any cache can keep; the Node server
 * asks the marketplace backend (GraphQL, `BACKEND_GRAPHQL_URL`) and keeps its answer in memory
 * for a short time. A page on a mountain connection makes one round trip (no CORS preflight, no
 * second origin to connect to), and a hundred visitors of a resort in a minute make one backend
 * request.
 *
 * The memory cache, per resort: an answer is fresh for `freshMs` and served as it is; then, up to
 * `staleMs` more, it is still served at once while one request in the background replaces it
 * (stale-while-revalidate); older, the next visitor waits for the backend. A failure is an answer
 * too, kept `failureMs` only: a backend that is down is asked once per resort in that time, not
 * once per page view, and is seen again soon after it is back. Concurrent misses share one request.
 */
import { errorToastMessage, graphqlRequest, type GraphqlFailure } from '../graphql/client';
import {
  readResortConditions,
  resortConditionsOperation,
  type ResortConditions,
} from '../graphql/resort-conditions';

/** What the relay knows of a resort: its conditions, or why the page keeps its built values. */
export type RelayAnswer =
  | { live: true; conditions: ResortConditions }
  | {
      live: false;
      /** What went wrong: the backend's GraphQL error, no answer, or an answer without conditions. */
      reason: GraphqlFailure['kind'] | 'no-conditions';
      /** A backend message the visitor is shown in the error toast (spec §8); silent ones are left out. */
      message?: string;
    };

export type RelayTimes = {
  /** How long an answer is served without asking the backend. */
  freshMs: number;
  /** How long after that it is still served while the backend is asked in the background. */
  staleMs: number;
  /** How long a failure is served before the backend is asked again. */
  failureMs: number;
  /** The backend request's time limit. */
  timeoutMs: number;
};

/**
 * The largest backend answer the relay reads: a resort's conditions are a few hundred bytes, so
 * anything near this is a backend gone wrong, and is dropped unread (the page keeps its values).
 */
export const RELAY_MAX_ANSWER_BYTES = 64 * 1024;
/** The longest backend message shown in the error toast (spec §8): a sentence, never a page. */
export const RELAY_MAX_MESSAGE_CHARS = 200;

export const RELAY_TIMES: RelayTimes = {
  freshMs: 60_000,
  staleMs: 600_000,
  failureMs: 10_000,
  timeoutMs: 5_000,
};

/** The Cache-Control of the relay's answers (browsers and caches in front of the server). */
export const relayCacheControl = {
  live: `public, max-age=${RELAY_TIMES.freshMs / 1000}, stale-while-revalidate=${RELAY_TIMES.staleMs / 1000}`,
  fallback: `public, max-age=${RELAY_TIMES.failureMs / 1000}`,
} as const;

type Entry = { answer: RelayAnswer; at: number };

/**
 * A backend message as the visitor is shown it: one line of plain text, cut to a sentence's length
 * (a backend printing a stack trace or a page of HTML into its error shows none of it).
 */
function toastText(message: string | null): string | null {
  if (!message) return null;
  const line = message.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  if (!line || /<[a-z!/]/i.test(line)) return null; // markup: not a message meant for people
  return line.length > RELAY_MAX_MESSAGE_CHARS
    ? `${line.slice(0, RELAY_MAX_MESSAGE_CHARS - 1)}…`
    : line;
}

export type Relay = {
  /** The conditions of the resort with this backend id, from memory or from the backend. */
  conditions(uuid: string): Promise<RelayAnswer>;
  /** Resolves once the backend requests under way, background ones included, have answered. */
  settled(): Promise<void>;
};

export function createRelay({
  backendUrl,
  times = RELAY_TIMES,
  now = Date.now,
  fetch: doFetch = globalThis.fetch,
}: {
  backendUrl: string;
  times?: RelayTimes;
  now?: () => number;
  fetch?: typeof fetch;
}): Relay {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<RelayAnswer>>();

  async function ask(uuid: string): Promise<RelayAnswer> {
    const result = await graphqlRequest(
      { url: backendUrl, timeoutMs: times.timeoutMs, maxBytes: RELAY_MAX_ANSWER_BYTES },
      resortConditionsOperation(uuid),
      { fetch: doFetch },
    );
    if (!result.ok) {
      const message = toastText(errorToastMessage(result.failure));
      return { live: false, reason: result.failure.kind, ...(message ? { message } : {}) };
    }
    const conditions = readResortConditions(result.data);
    return conditions ? { live: true, conditions } : { live: false, reason: 'no-conditions' };
  }

  /** Asks the backend once for all the callers of the moment, and keeps the answer. */
  function refresh(uuid: string): Promise<RelayAnswer> {
    let request = pending.get(uuid);
    if (!request) {
      request = ask(uuid)
        .catch((): RelayAnswer => ({ live: false, reason: 'network' }))
        .then((answer) => {
          entries.set(uuid, { answer, at: now() });
          return answer;
        })
        .finally(() => pending.delete(uuid));
      pending.set(uuid, request);
    }
    return request;
  }

  return {
    async conditions(uuid) {
      const entry = entries.get(uuid);
      if (entry) {
        const age = now() - entry.at;
        const fresh = entry.answer.live ? times.freshMs : times.failureMs;
        if (age < fresh) return entry.answer;
        if (entry.answer.live && age < fresh + times.staleMs) {
          void refresh(uuid);
          return entry.answer;
        }
      }
      return refresh(uuid);
    },
    async settled() {
      await Promise.all(pending.values());
    },
  };
}
