/**
 * What an operator relies on when running the receiver as a service (docs/deploy.md): the health
 * endpoint a load balancer polls, and a shutdown (SIGTERM) that lets a visitor's post finish.
 * Each test runs a server of its own, on a free port.
 */
import { freePort } from '../free-port';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { freshData, rows, startServer, uniqueEmail, unwritableData } from './forms-helpers';

test('/healthz answers 200 when a submission would be stored', async () => {
  const server = await startServer(await freePort(), {}, freshData());
  try {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ready',
      outbox: { waiting: 0, stuck: false },
    });
  } finally {
    await server.stop();
  }
});

test('/healthz answers 503 when the database cannot be written, and the pages are still served', async () => {
  const server = await startServer(await freePort(), {}, unwritableData());
  try {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      problem: 'the submissions database cannot be written',
    });
    expect((await fetch(`${server.url}/en`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});

test('SIGTERM: no new connection is taken, the post under way is stored and answered, then the server exits', async () => {
  const server = await startServer(await freePort());
  const email = uniqueEmail('shutdown');
  const body = new URLSearchParams({ 'form-name': 'SubscribeForm', email }).toString();
  const half = Math.floor(body.length / 2);

  // A visitor's post, its body half sent when the server is told to stop.
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const post = httpRequest(`${server.url}/api/forms`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(body.length),
        accept: 'application/json',
      },
    });
    post.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    post.on('error', reject);
    post.write(body.slice(0, half));
    setTimeout(() => {
      server.process.kill('SIGTERM');
      setTimeout(() => post.end(body.slice(half)), 500);
    }, 300);
  });
  const exited = new Promise<number | null>((resolve) =>
    server.process.once('exit', (code) => resolve(code)),
  );

  // Once the server has taken the signal (on a busy machine that may be more than 300 ms later).
  await expect.poll(() => server.log(), { timeout: 10_000 }).toMatch(/SIGTERM: finishing/);
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

  const { status, text } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(text)).toEqual({ ok: true });
  expect(await exited).toBe(0);
  expect(rows(server.dbPath, 'SELECT email FROM newsletter_subscriptions')).toEqual([{ email }]);
});
