/**
 * The outbox after a restart: a message the previous process had taken and not marked sent (it
 * was killed while sending) goes out at once from the next process, not once its claim is five
 * minutes old. The real store (node:sqlite) and a real webhook receiver on this machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startOutbox, type OutboxJobs } from '../../src/forms/server/outbox';
import { openStore } from '../../src/forms/server/store';
import { eventually } from '../eventually';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('sends at once what a killed process had taken, and nothing twice', async () => {
  const posts: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      posts.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => receiver.close(resolve)));

  const store = openStore(':memory:');
  const queued = new Date(Date.now() - 60_000).toISOString();
  store.db
    .prepare(
      `INSERT INTO outbox (channel, message, due_at, created_at) VALUES ('webhook', ?, ?, ?)`,
    )
    .run(JSON.stringify({ channel: 'webhook', body: { form: 'contact' } }), queued, queued);
  // The previous process took it a few seconds ago, then was killed before marking it sent.
  expect(store.claimOutbox(new Date(Date.now() - 5_000).toISOString(), 20, 300_000)).toHaveLength(
    1,
  );

  const jobs: OutboxJobs = {
    claim: async (now, limit, staleMs) => store.claimOutbox(now, limit, staleMs),
    sent: async (id, at) => store.outboxSent(id, at),
    failed: async (id, error, dueAt) => store.outboxFailed(id, error, dueAt),
    state: async () => store.outboxState(),
  };
  const outbox = startOutbox(jobs, {
    smtpUrl: null,
    from: 'Pistelink <hello@pistelink.test>',
    webhook: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret: 'a webhook secret of the tests',
    },
    pollMs: 50,
  });
  closers.push(() => outbox.stop());

  await eventually('the post the killed process had taken', () => posts.length === 1, 20_000);
  expect(JSON.parse(posts[0]!)).toEqual({ form: 'contact' });
  // Marked sent: later passes of this process leave it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(posts).toHaveLength(1);
  expect(store.outboxState().waiting).toBe(0);
}, 30_000);
