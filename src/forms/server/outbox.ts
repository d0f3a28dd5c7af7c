/**
 * The outbox's sender: what the receiver stored to send about a submission (mails, webhook posts,
 * store.ts `outbox`, written in the row's transaction) goes out from here, on the server's main
 * thread, never inside a visitor's request. A message is taken (marked on the database thread),
 * sent, then marked sent; one that fails is tried again later, each time after a longer wait (15 s,
 * 30 s, 1 min… at most an hour), so a mail server down for a day loses nothing, and a restart or a
 * killed process sends what was left.
 *
 * What is guaranteed: every message is sent at least once. A message taken by a process that was
 * killed before marking it is taken again by the next process at once (a claim made before this
 * process started is no one's), or by the same process once the claim is stale (5 minutes). A
 * process killed between the mail server's acceptance and the mark "sent" has its mail sent
 * again: SMTP has no way to ask a server whether it already has a message, so that one mail may
 * arrive twice, with the same Message-ID (mail programs show it once). Nothing else is sent twice.
 *
 * Plain Node TypeScript (server.mjs imports it): imports name their `.ts` files.
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { OutboxItem, OutboxMessage, OutboxState } from './store.ts';

export type OutboxJobs = {
  claim(now: string, limit: number, staleMs: number, waitMs: number): Promise<OutboxItem[]>;
  sent(id: number, at: string, waitMs: number): Promise<void>;
  failed(id: number, error: string, dueAt: string, waitMs: number): Promise<void>;
  state(waitMs: number): Promise<OutboxState>;
};

export type OutboxSettings = {
  /** `smtp://user:pass@host:port` or `smtps://…`; none: mails are not queued (notifications.ts). */
  smtpUrl: string | null;
  /** The mails' sender, `Name <address>`. */
  from: string;
  /** Where the webhook posts and the secret its signature is made with; none: not queued. */
  webhook: { url: string; secret: string } | null;
  /** How often the queue is looked at. */
  pollMs?: number;
  /** The wait before a second try (doubling after); tests shorten it. */
  retryBaseMs?: number;
};

/** A claim older than this is taken for a process that died while sending (or hangs). */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
const BATCH = 20;
const JOB_WAIT_MS = 10_000;
const MAX_DELAY_MS = 60 * 60 * 1000;

/** The wait before the next try of a message tried `attempts` times: 15 s, doubling, at most 1 h. */
export const retryDelayMs = (attempts: number, baseMs = 15_000) =>
  Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * The webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The
 * receiver recomputes it with the shared secret and refuses a timestamp more than 5 minutes old
 * (a replayed post). docs/forms.md has an example receiver.
 */
export function webhookSignature(body: string, secret: string, seconds: number) {
  const mac = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

export function startOutbox(jobs: OutboxJobs, settings: OutboxSettings) {
  // Claims older than this process were made by another one: after a restart (a SIGKILL, a
  // crash), what it had taken and not marked is sent now, not five minutes later.
  const startedAt = Date.now();
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  const domain = /@([^>\s]+)/.exec(settings.from)?.[1] ?? 'localhost';

  async function send(item: OutboxItem) {
    const message: OutboxMessage = item.message;
    if (message.channel === 'mail') {
      if (!transport) throw new Error('SMTP_URL is not set');
      await transport.sendMail({
        from: settings.from,
        ...message.mail,
        // The same for every try: a mail sent twice (see above) is recognised as one.
        messageId: `<outbox-${item.id}-${Date.parse(item.createdAt)}@${domain}>`,
      });
      return;
    }
    if (!settings.webhook) throw new Error('NOTIFY_WEBHOOK_URL is not set');
    const body = JSON.stringify(message.body);
    const response = await fetch(settings.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-pistelink-signature': webhookSignature(
          body,
          settings.webhook.secret,
          Math.floor(Date.now() / 1000),
        ),
        'x-pistelink-delivery': String(item.id),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
  }

  let running = false;
  async function tick() {
    if (running) return; // one pass at a time
    running = true;
    try {
      for (;;) {
        const now = Date.now();
        const items = await jobs.claim(
          new Date(now).toISOString(),
          BATCH,
          Math.min(STALE_CLAIM_MS, now - startedAt),
          JOB_WAIT_MS,
        );
        if (items.length === 0) break;
        await Promise.all(
          items.map(async (item) => {
            try {
              await send(item);
              await jobs.sent(item.id, new Date().toISOString(), JOB_WAIT_MS);
            } catch (error) {
              const due = new Date(
                Date.now() + retryDelayMs(item.attempts, settings.retryBaseMs),
              ).toISOString();
              console.error(
                `Outbox: ${item.message.channel} ${item.id} not sent (try ${item.attempts}), next at ${due}: ${(error as Error).message}`,
              );
              await jobs.failed(item.id, (error as Error).message, due, JOB_WAIT_MS);
            }
          }),
        );
      }
    } catch (error) {
      // The database busy or gone: the next pass tries again.
      console.error('Outbox: the queue could not be read:', (error as Error).message);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(tick, settings.pollMs ?? 2000);
  timer.unref();
  void tick();
  return {
    /** Sends what is due now (tests, and the server's shutdown). */
    flush: tick,
    stop: () => {
      clearInterval(timer);
      transport?.close();
    },
  };
}
