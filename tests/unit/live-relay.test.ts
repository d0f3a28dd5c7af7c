/**
 * The live conditions relay (src/server/live-conditions.ts) against the fake marketplace backend
 * the end-to-end tests use (tests/e2e/fake-backend.ts, started here on a port of its own): what it
 * makes of each answer, and how often it asks. Time is the relay's clock, moved by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELAY_MAX_MESSAGE_CHARS,
  RELAY_TIMES,
  createRelay,
  relayCacheControl,
  type RelayTimes,
} from '../../src/server/live-conditions';
import { liveAnswer } from '../../src/resorts/live-answer';
import { freePort } from '../free-port';
import {
  liveConditions,
  requestsTagged,
  resortUuids,
  scenarioUrl,
  scenarios,
  toastErrorMessage,
} from '../e2e/fake-backend-data';

const backend = new URL('http://localhost:4397/graphql');
const uuid = Object.values(resortUuids)[0]!;
let fake: ChildProcess;

beforeAll(async () => {
  fake = spawn(process.execPath, ['tests/e2e/fake-backend.ts'], {
    env: { ...process.env, BACKEND_GRAPHQL_URL: backend.href },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(new URL('/health', backend))).ok) return;
    } catch {
      if (tries > 100) throw new Error('the fake backend did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});
afterAll(() => {
  fake.kill();
});

let tags = 0;
/** A relay on a scenario of the fake, its requests counted under a tag of its own, and its clock. */
function relayOn(scenario: string, params: Record<string, string> = {}, times?: RelayTimes) {
  const tag = `unit-${process.pid}-${++tags}`;
  const clock = { now: 1_000_000 };
  const relay = createRelay({
    backendUrl: scenarioUrl(scenario, { ...params, tag }, backend),
    now: () => clock.now,
    ...(times ? { times } : {}),
  });
  return { relay, clock, asked: () => requestsTagged(tag, backend) };
}

describe('the live conditions relay', () => {
  it('passes on the backend’s conditions, written in the page’s language', async () => {
    const { relay } = relayOn(scenarios.live);
    const answer = await relay.conditions(uuid);
    expect(answer).toEqual({ live: true, conditions: { ...liveConditionsRead() } });
    expect(liveAnswer(answer, 'fr')).toEqual({
      live: true,
      status: 'open',
      statusText: 'Ouverte',
      snow: {
        baseCm: 123,
        base: '123\u202fcm',
        summitCm: 234,
        summit: '234\u202fcm',
        lastSnowfall: '2027-01-04',
        lastSnowfallText: '4 janvier 2027',
        updatedAt: '2027-01-05T07:30:00.000Z',
        updatedText: '5 janvier 2027 à 08:30',
      },
    });
  });

  it('asks the backend once for any number of page views while the answer is fresh', async () => {
    const { relay, clock, asked } = relayOn(scenarios.live);
    // Ten visitors at the same moment share one request; more in the following minute ask nothing.
    await Promise.all(Array.from({ length: 10 }, () => relay.conditions(uuid)));
    for (let view = 0; view < 10; view++) {
      clock.now += (RELAY_TIMES.freshMs - 1) / 10;
      expect((await relay.conditions(uuid)).live).toBe(true);
    }
    await relay.settled(); // nothing in the background either
    expect(await asked()).toBe(1);
  });

  it('serves a stale answer at once while one request in the background replaces it', async () => {
    const { relay, clock, asked } = relayOn(scenarios.live);
    await relay.conditions(uuid);
    clock.now += RELAY_TIMES.freshMs + 1;
    const views = await Promise.all([relay.conditions(uuid), relay.conditions(uuid)]);
    expect(views.every((answer) => answer.live)).toBe(true);
    await relay.settled();
    expect(await asked()).toBe(2);
    // Fresh again: nothing more is asked.
    await relay.conditions(uuid);
    await relay.settled();
    expect(await asked()).toBe(2);
    // Past the stale window the visitor waits for the backend.
    clock.now += RELAY_TIMES.freshMs + RELAY_TIMES.staleMs + 1;
    expect((await relay.conditions(uuid)).live).toBe(true);
    expect(await asked()).toBe(3);
  });

  it(
    'does not make the visitor wait for a slow backend while it has a stale answer',
    { timeout: 15_000 },
    async () => {
      const { relay, clock } = relayOn(scenarios.slow, { delay: '2000' });
      expect((await relay.conditions(uuid)).live).toBe(true); // the first visitor waits
      clock.now += RELAY_TIMES.freshMs + 1;
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 1000));
      expect(await Promise.race([relay.conditions(uuid).then(() => 'answered'), waited])).toBe(
        'answered',
      );
      await relay.settled();
    },
  );

  it('passes on a GraphQL error’s message for the error toast, and not the silent ones', async () => {
    expect(await relayOn(scenarios.error).relay.conditions(uuid)).toEqual({
      live: false,
      reason: 'graphql',
      message: toastErrorMessage,
    });
    for (const silent of [scenarios.notAuthorized, scenarios.unknownResort])
      expect(await relayOn(silent).relay.conditions(uuid)).toEqual({
        live: false,
        reason: 'graphql',
      });
  });

  it('says why when the backend gives no answer: closed connection, nothing listening, too slow', async () => {
    expect(await relayOn(scenarios.hangUp).relay.conditions(uuid)).toEqual({
      live: false,
      reason: 'network',
    });
    const nobody = createRelay({ backendUrl: `http://localhost:${await freePort()}/graphql` });
    expect(await nobody.conditions(uuid)).toEqual({ live: false, reason: 'network' });
    const { relay } = relayOn(
      scenarios.slow,
      { delay: '2000' },
      { ...RELAY_TIMES, timeoutMs: 200 },
    );
    expect(await relay.conditions(uuid)).toEqual({ live: false, reason: 'timeout' });
  });

  it('drops an answer larger than any conditions unread, and keeps its memory', async () => {
    const before = process.memoryUsage().rss;
    const { relay } = relayOn(scenarios.huge, { megabytes: '300' });
    expect(await relay.conditions(uuid)).toEqual({ live: false, reason: 'tooLarge' });
    // Read whole, 300 MB would have grown the process by more than that.
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('shows a backend’s message as one short line of text, and never its markup', async () => {
    const shown = async (message: string) => {
      const answer = await relayOn(scenarios.message, { message }).relay.conditions(uuid);
      return answer.live ? undefined : answer.message;
    };
    expect(await shown('Resort service\nunavailable')).toBe('Resort service unavailable');
    const long = await shown(`Error: ${'at frame (x.js:1:1) '.repeat(100)}`);
    expect(long!.length).toBeLessThanOrEqual(RELAY_MAX_MESSAGE_CHARS);
    expect(long).toMatch(/^Error: at frame.*…$/);
    expect(await shown('<html><body><h1>502 Bad Gateway</h1></body></html>')).toBeUndefined();
  });

  it('keeps a failure for a short time only, then asks again', async () => {
    const { relay, clock, asked } = relayOn(scenarios.error);
    await relay.conditions(uuid);
    clock.now += RELAY_TIMES.failureMs - 1;
    await relay.conditions(uuid);
    expect(await asked()).toBe(1);
    clock.now += 2;
    await relay.conditions(uuid);
    expect(await asked()).toBe(2);
  });

  it('tells browsers and caches the same times', () => {
    expect(relayCacheControl.live).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(relayCacheControl.fallback).toBe('public, max-age=10');
  });
});

/** The fake's conditions as the relay reads them. */
function liveConditionsRead() {
  return { status: liveConditions.status, snow: { ...liveConditions.snowReport } };
}
