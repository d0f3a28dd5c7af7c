/**
 * What the tests of "every request reaches a person" start beside the real server: a mail server
 * on this machine (`smtp-server`, the maintained one from the npm registry) keeping every mail it
 * accepts, parsed (`mailparser`), and a webhook receiver keeping each post; and the server's
 * environment that sends to them.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export type Mailbox = { mails: ParsedMail[]; smtp: SMTPServer; port: number };

/** A mail server on `port` that keeps every mail it accepts in `mails`. */
export async function startMailbox(port?: number, mails: ParsedMail[] = []): Promise<Mailbox> {
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

export const stopMailbox = (box: Mailbox) =>
  new Promise<void>((resolve) => box.smtp.close(() => resolve()));

/** The mails of `box` to `address`. */
export const mailsTo = (box: Mailbox, address: string) =>
  box.mails.filter((mail) =>
    [mail.to]
      .flat()
      .some((to) => to?.value.some((a) => a.address?.toLowerCase() === address.toLowerCase())),
  );

export type Hook = {
  posts: { body: string; signature: string }[];
  url: string;
  close: () => void;
};

/** A webhook receiver keeping each post's body and signature header. */
export async function startHook(): Promise<Hook> {
  const posts: Hook['posts'] = [];
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

export const WEBHOOK_SECRET = 'a-shared-secret-for-tests';

/**
 * Whether a webhook post is signed as docs/forms.md tells a receiver to check it: the HMAC of
 * "<t>.<body>" with the shared secret, and a timestamp within 5 minutes.
 */
export function validlySigned(post: Hook['posts'][number], secret = WEBHOOK_SECRET) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(post.signature);
  if (!match) return false;
  const [, t, mac] = match;
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && createHmac('sha256', secret).update(`${t}.${post.body}`).digest('hex') === mac;
}

/** The server's environment sending mail to `mailPort` (and webhook posts to `hookUrl`). */
export const mailEnv = (mailPort: number, hookUrl?: string): Record<string, string> => ({
  SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
  MAIL_FROM: 'Pistelink <hello@pistelink.test>',
  NOTIFY_EMAIL: 'team@pistelink.test',
  ...(hookUrl ? { NOTIFY_WEBHOOK_URL: hookUrl, NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET } : {}),
  // Looked at every 0.2 s, a failed mail tried again after 2 s (15 s in production).
  OUTBOX_TEST_POLL_MS: '200',
  OUTBOX_TEST_RETRY_MS: '2000',
});
