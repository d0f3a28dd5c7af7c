/**
 * The one client for the marketplace's GraphQL APIs (spec §7): the backend and the chat API are
 * two endpoints (`config.backendGraphqlUrl`, `config.chatGraphqlUrl`), each passed to the page
 * that needs it; the client itself never reads configuration, so it runs in the browser.
 *
 * A request is a POST of JSON `{ operationName, variables, query }`. An Authorization header is
 * sent only when a token exists (spec §6); the public site never has one. The answer is the
 * data, or a typed failure: the server's GraphQL errors, an HTTP answer that is not GraphQL, a
 * body that is not JSON, no answer at all (network), or no answer in time. The client never
 * throws for those and never shows anything: the caller decides, with `errorToastMessage` for
 * the spec's rule.
 */

export type GraphqlOperation = {
  operationName: string;
  query: string;
  variables?: Record<string, unknown>;
};

export type GraphqlEndpoint = {
  url: string;
  /** A bearer token; without one no Authorization header is sent. */
  token?: string | null | undefined;
  /** Milliseconds before the request is abandoned (default 8000). */
  timeoutMs?: number | undefined;
  /**
   * The largest answer read, in bytes: past it the answer is dropped unread (`tooLarge`), so a
   * backend gone wrong cannot fill the reader's memory (the server's relay sets it).
   */
  maxBytes?: number | undefined;
};

export type GraphqlErrorEntry = {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
};

export type GraphqlFailure =
  /** The server answered with GraphQL errors (any HTTP status). */
  | { kind: 'graphql'; errors: GraphqlErrorEntry[] }
  /** An answer that is not GraphQL: a proxy's 502, a 404 page… */
  | { kind: 'http'; status: number }
  /** A 2xx answer whose body is not a GraphQL response. */
  | { kind: 'invalid' }
  /** No answer: nothing listens, the connection closed, DNS, CORS, offline. */
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; afterMs: number }
  /** An answer larger than the endpoint's `maxBytes`, dropped unread. */
  | { kind: 'tooLarge'; maxBytes: number };

export type GraphqlResult<T> = { ok: true; data: T } | { ok: false; failure: GraphqlFailure };

export const DEFAULT_TIMEOUT_MS = 8000;

/** The request `graphqlRequest` sends: method, headers and body (exported for the tests). */
export function requestInit(operation: GraphqlOperation, token?: string | null): RequestInit {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const { operationName, variables = {}, query } = operation;
  return { method: 'POST', headers, body: JSON.stringify({ operationName, variables, query }) };
}

function isErrorList(value: unknown): value is GraphqlErrorEntry[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (e) => e && typeof e === 'object' && typeof (e as GraphqlErrorEntry).message === 'string',
    )
  );
}

export async function graphqlRequest<T>(
  endpoint: GraphqlEndpoint,
  operation: GraphqlOperation,
  {
    fetch: doFetch = globalThis.fetch,
    signal,
  }: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<GraphqlResult<T>> {
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });

  try {
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(endpoint.url, {
        ...requestInit(operation, endpoint.token),
        signal: controller.signal,
      });
      body = await readJson(response, endpoint.maxBytes);
      if (body === TOO_LARGE)
        return { ok: false, failure: { kind: 'tooLarge', maxBytes: endpoint.maxBytes! } };
    } catch (error) {
      if (timedOut) return { ok: false, failure: { kind: 'timeout', afterMs: timeoutMs } };
      return {
        ok: false,
        failure: {
          kind: 'network',
          message: error instanceof Error ? error.message : String(error),
        },
      };
    }
    const payload =
      body && typeof body === 'object' ? (body as { data?: unknown; errors?: unknown }) : undefined;
    if (payload && isErrorList(payload.errors))
      return { ok: false, failure: { kind: 'graphql', errors: payload.errors } };
    if (!response.ok) return { ok: false, failure: { kind: 'http', status: response.status } };
    if (!payload || payload.data === undefined || payload.data === null)
      return { ok: false, failure: { kind: 'invalid' } };
    return { ok: true, data: payload.data as T };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

const TOO_LARGE = Symbol('too large');

/** The answer's JSON (undefined when it is not JSON), or TOO_LARGE past `maxBytes`. */
async function readJson(response: Response, maxBytes?: number): Promise<unknown> {
  if (maxBytes === undefined) return response.json().catch(() => undefined);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return TOO_LARGE;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) return TOO_LARGE; // leaving the loop cancels the rest of the body
      chunks.push(chunk);
    }
  }
  try {
    return JSON.parse(new TextDecoder().decode(concat(chunks, total)));
  } catch {
    return undefined;
  }
}

function concat(chunks: Uint8Array[], total: number) {
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * Messages the spec (§8) keeps silent: the visitor is anonymous, so "not authorized" (in any
 * letter case) is expected, and a resort the backend does not know yet keeps its built values.
 * "not authorized" is compared whole, after trimming ("not authorized to see this" is another
 * problem). The resort message is matched as a prefix: backends often append the id
 * ("… for uuid 3f6b…"), and it is the same case of a resort the backend does not know.
 */
const SILENT_MESSAGES = [/^not authorized$/i, /^Error Getting resort for uuid\b/];

/**
 * The spec's rule for GraphQL errors (§8): any GraphQL error shows the error toast with the first
 * error's message, unless that message is one of the silent ones. Returns the message to show,
 * or null for nothing. Failures without a GraphQL answer (network, timeout, HTTP, invalid) are
 * not GraphQL errors: they show nothing either; the page keeps what it has.
 */
export function errorToastMessage(failure: GraphqlFailure): string | null {
  if (failure.kind !== 'graphql') return null;
  const message = failure.errors[0]?.message.trim() ?? '';
  if (SILENT_MESSAGES.some((silent) => silent.test(message))) return null;
  return message;
}
