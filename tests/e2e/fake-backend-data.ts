/**
 * What the fake marketplace backend (fake-backend.ts) answers, shared with the specs that check
 * the page shows it. Test-only: nothing here ships.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The backend the e2e and static-host builds are configured with (tests/e2e/e2e.env, which their
 * npm scripts read over the environment): what the built pages may name.
 */
export const builtBackendUrl = new URL(
  /^BACKEND_GRAPHQL_URL=(.+)$/m
    .exec(readFileSync(new URL('./e2e.env', import.meta.url), 'utf8'))?.[1]
    ?.trim() || 'http://localhost:4398/graphql',
);
/**
 * Where the fake listens and the servers under test ask it (they read the address when they
 * start): the built one, or BACKEND_GRAPHQL_URL, for a run beside another one.
 */
export const fakeBackendUrl = new URL(process.env.BACKEND_GRAPHQL_URL || builtBackendUrl.href);

/** Playwright's web server entry for the fake backend (both Playwright configurations start it). */
export const fakeBackendWebServer = {
  command: 'node tests/e2e/fake-backend.ts',
  url: new URL('/health', fakeBackendUrl).href,
  reuseExistingServer: false,
  timeout: 10_000,
};

/** Each resort's backend uuid, by resort id, read from its content file. */
export const resortUuids: Record<string, string> = Object.fromEntries(
  readdirSync(new URL('../../content/resorts/', import.meta.url))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => [
      name.slice(0, -'.yaml'.length),
      /^uuid: (\S+)/m.exec(
        readFileSync(new URL(`../../content/resorts/${name}`, import.meta.url), 'utf8'),
      )?.[1] ?? '',
    ]),
);

/** The live conditions the fake gives every resort it knows (values no content file uses). */
export const liveConditions = {
  status: 'open',
  snowReport: {
    baseCm: 123,
    summitCm: 234,
    lastSnowfall: '2027-01-04',
    updatedAt: '2027-01-05T07:30:00Z',
  },
} as const;

/**
 * How the fake answers, chosen per request by `?scenario=` on the endpoint's URL (tests start a
 * server of their own whose BACKEND_GRAPHQL_URL names one), so tests running in parallel do not
 * interfere. Without one it answers as a working backend would.
 */
export const scenarios = {
  /** Default: the resort's live conditions; an unknown uuid gets the backend's own error. */
  live: 'live',
  /** A GraphQL error that shows the error toast. */
  error: 'error',
  /** "Not Authorized": silent (any letter case). */
  notAuthorized: 'not-authorized',
  /** "Error Getting resort for uuid": silent. */
  unknownResort: 'unknown-resort',
  /** The live conditions, after `delay` ms (default 1500). */
  slow: 'slow',
  /** The connection closes without an answer. */
  hangUp: 'hang-up',
  /** A JSON answer of `megabytes` MB (default 300), streamed with no length: a backend gone wrong. */
  huge: 'huge',
  /** A GraphQL error whose message is `message` (a long one, a stack trace, HTML…). */
  message: 'message',
} as const;

export const toastErrorMessage = 'Resort service unavailable';

/** The endpoint's URL for a scenario (`tag` names its requests for `requestsTagged`). */
export function scenarioUrl(
  scenario: string,
  params: Record<string, string> = {},
  base: URL = fakeBackendUrl,
): string {
  const url = new URL(base);
  url.search = new URLSearchParams({ scenario, ...params }).toString();
  return url.href;
}

/** How many ResortConditions operations the fake received with this `tag`. */
export async function requestsTagged(tag: string, base: URL = fakeBackendUrl): Promise<number> {
  const answer = await fetch(new URL(`/requests?tag=${encodeURIComponent(tag)}`, base));
  return ((await answer.json()) as { count: number }).count;
}
