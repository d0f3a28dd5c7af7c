/**
 * Every request reaches a person: the real server (`node server.mjs`), a real SMTP server on this
 * machine (`smtp-server`, the maintained one from the npm registry), a webhook receiver. A rental
 * reserved in French sends the visitor's mail in French with the booking code, the team's mail and
 * the webhook's signed post; mails queued while the mail server is down are sent once it is back;
 * mails queued when the server is killed are sent after its restart, none twice.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from '../e2e/forms-helpers';
import { bookableRental } from '../e2e/site';
import { rentalFields } from '../forms-fixtures';
import { eventually } from '../eventually';
import { freePort } from '../free-port';
import { freshData, json, startServer, type Server } from './server';

type Mailbox = { mails: ParsedMail[]; smtp: SMTPServer; port: number };

/** A mail server on `port` that keeps every mail it accepts. */
async function startMailbox(port?: number, mails: ParsedMail[] = []): Promise<Mailbox> {
  port ??= await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, smtp, port };
}
const stopMailbox = (box: Mailbox) => new Promise<void>((resolve) => box.smtp.close(resolve));

/** A webhook receiver keeping each post's body and signature header. */
async function startHook() {
  const posts: { body: string; signature: string }[] = [];
  const port = await freePort();
  const http: HttpServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      posts.push({ body, signature: String(req.headers['x-pistelink-signature']) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return { posts, url: `http://127.0.0.1:${port}/hook`, close: () => http.close() };
}

const SECRET = 'a-shared-secret-for-tests';
const env = (mailPort: number, hookUrl?: string): Record<string, string> => ({
  SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
  MAIL_FROM: 'Pistelink <hello@pistelink.test>',
  NOTIFY_EMAIL: 'team@pistelink.test',
  ...(hookUrl ? { NOTIFY_WEBHOOK_URL: hookUrl, NOTIFY_WEBHOOK_SECRET: SECRET } : {}),
  // Looked at every 0.2 s, a failed mail tried again after 2 s (15 s in production).
  OUTBOX_TEST_POLL_MS: '200',
  OUTBOX_TEST_RETRY_MS: '2000',
});

const reserve = async (server: Server, email: string) => {
  const response = await fetch(`${server.url}/api/forms`, {
    method: 'POST',
    headers: json,
    body: new URLSearchParams({ ...rentalFields(email, bookableRental()), locale: 'fr' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { bookingCode: string }).bookingCode;
};

let server: Server | undefined;
let box: Mailbox | undefined;
afterEach(async () => {
  await server?.stop();
  if (box) await stopMailbox(box).catch(() => {});
  server = box = undefined;
});

describe('mail and webhook about each submission', () => {
  it('a French rental: the visitor’s mail in French with its code, the team’s, and a signed webhook', async () => {
    box = await startMailbox();
    const hook = await startHook();
    server = await startServer(env(box.port, hook.url));
    const code = await reserve(server, 'lucia@example.es');
    await eventually(
      'two mails and a post',
      () => box!.mails.length === 2 && hook.posts.length === 1,
    );

    const visitor = box.mails.find((m) => m.to && JSON.stringify(m.to).includes('lucia@'))!;
    expect(visitor.subject).toContain(code);
    expect(visitor.subject).toMatch(/^Votre code de réservation/);
    expect(visitor.text).toContain(`/fr/booking/${code}`);
    expect(visitor.html).toContain(code);
    const team = box.mails.find((m) => JSON.stringify(m.to).includes('team@'))!;
    expect(team.replyTo?.text).toContain('lucia@example.es');
    expect(team.text).toContain(code);
    expect(team.attachments).toEqual([]);

    const [post] = hook.posts;
    const [, t, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(post!.signature)!;
    expect(createHmac('sha256', SECRET).update(`${t}.${post!.body}`).digest('hex')).toBe(mac);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(JSON.parse(post!.body)).toMatchObject({ form: 'RentalReservationForm', receipt: code });
    hook.close();
  });

  it('the mail server down during three submissions: all their mails go once it is back', async () => {
    const port = await freePort();
    server = await startServer(env(port));
    const codes = [];
    for (const n of [1, 2, 3]) codes.push(await reserve(server, `down${n}@example.es`));
    // Nothing listens: each try fails and is kept for later.
    await eventually('the first try to fail', () => server!.log().includes('not sent (try 1)'));
    box = await startMailbox(port);
    // The next try of each comes after the retry delay (outbox.ts retryDelayMs).
    await eventually('six mails', () => box!.mails.length === 6);
    for (const code of codes)
      expect(box.mails.filter((m) => m.subject?.includes(code))).toHaveLength(2);
  }, 60_000);

  it('SIGKILL with mails queued: sent after the restart, none twice', async () => {
    const port = await freePort();
    const data = freshData();
    server = await startServer(env(port), data);
    const codes = [
      await reserve(server, 'kill1@example.es'),
      await reserve(server, 'kill2@example.es'),
    ];
    server.process.kill('SIGKILL');
    await new Promise((r) => server!.process.once('exit', r));
    expect(rows(data.dbPath, 'SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL')).toEqual([
      { n: 4 },
    ]);
    box = await startMailbox(port);
    server = await startServer(env(port), data);
    await eventually('four mails', () => box!.mails.length >= 4);
    await new Promise((r) => setTimeout(r, 1000)); // nothing more arrives
    expect(box.mails).toHaveLength(4);
    const ids = box.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(4);
    for (const code of codes)
      expect(box.mails.filter((m) => m.subject?.includes(code))).toHaveLength(2);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { outbox: unknown };
    expect(health.outbox).toEqual({ waiting: 0, stuck: false });
  }, 60_000);
});
