/**
 * Every request reaches a person, end to end: the real server (`node server.mjs`, its own database)
 * with a real mail server on this machine and a webhook receiver started here (tests/mail-helpers.ts).
 *
 * - A rental reserved in French in the browser: the visitor's mail in French with the booking code,
 *   the team's (Reply-To the visitor, no attachment), the webhook's signed post.
 * - A newsletter subscription in the browser: one mail, to its owner only, in the page's language;
 *   its link confirms (once), and the webhook hears of the confirmation, without the address.
 * - The mail server down during three submissions: all their mails arrive once it is back.
 * - SIGKILL with mails queued: sent after the restart, none twice.
 */
import { expect, test } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { eventually } from '../eventually';
import { rentalFields } from '../forms-fixtures';
import { freePort } from '../free-port';
import {
  mailEnv,
  mailsTo,
  startHook,
  startMailbox,
  stopMailbox,
  validlySigned,
  type Hook,
  type Mailbox,
} from '../mail-helpers';
import { expectNoViolations } from './axe';
import {
  fillRentalReservation,
  expectValidHtml,
  freshData,
  rows,
  startServer,
  uniqueEmail,
  type OwnServer,
} from './forms-helpers';
import { bookableRental, e2eConfig, useTranslations } from './site';

// Each test starts its own servers (two for the restart): one at a time, and time enough for a
// server to start on a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const launch = { startupMs: 30_000 };

const fr = useTranslations('fr');
const rental = bookableRental();

/** The list when it has something (what `eventually` waits for), else undefined. */
const some = <T>(list: T[]) => (list.length > 0 ? list : undefined);

/** A rental reservation posted as the French form does; its booking code. */
async function reserve(server: OwnServer, email: string) {
  const response = await fetch(`${server.url}/api/forms`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: new URLSearchParams({ ...rentalFields(email, rental), locale: 'fr' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { bookingCode: string }).bookingCode;
}

/** The link of a mail's text that starts with the site's address, opened on `server` instead. */
function linkIn(text: string, server: OwnServer) {
  const link = text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => url.startsWith(e2eConfig.siteUrl.href.replace(/\/$/, '')));
  expect(link, `a link to the site in: ${text}`).toBeDefined();
  const url = new URL(link!);
  return `${server.url}${url.pathname}`;
}

test.describe('with the mail server and the webhook up', () => {
  let server: OwnServer;
  let box: Mailbox;
  let hook: Hook;
  test.beforeAll(async () => {
    box = await startMailbox();
    hook = await startHook();
    server = await startServer(await freePort(), mailEnv(box.port, hook.url), freshData(), launch);
  });
  test.afterAll(async () => {
    await server?.stop();
    if (box) await stopMailbox(box);
    hook?.close();
  });

  test('a rental reserved in French: the visitor’s mail in French with its code, the team’s, a signed webhook', async ({
    page,
  }) => {
    // With `?pack=` the island hydrates at once and chooses that pack.
    await page.goto(
      `${server.url}${pathTo('resortRental', 'fr', { resort: rental.resort })}?pack=${rental.pack}`,
    );
    await expect(page.locator('#rental-pack')).toHaveValue(rental.pack);
    const email = uniqueEmail('lucia');
    await fillRentalReservation(page, email, rental);
    await page.getByRole('button', { name: fr('forms.rentalReservation.submit') }).click();
    const code = (await page.locator('[data-booking-code]').first().textContent())!.trim();

    const [mail] = (await eventually('the visitor’s mail', () => some(mailsTo(box, email))))!;
    const values = { brand: e2eConfig.brand, code };
    expect(mail!.subject).toBe(fr('forms.rentalReservation.mail.subject', values));
    expect(mail!.text).toContain(code);
    expect(mail!.html).toContain(code);
    expect(linkIn(mail!.text!, server)).toBe(`${server.url}/fr/booking/${code}`);

    const [team] = (await eventually('the team’s mail', () =>
      some(mailsTo(box, 'team@pistelink.test').filter((m) => m.subject?.includes(code))),
    ))!;
    expect(team!.replyTo?.value.map((a) => a.address)).toEqual([email]);
    expect(team!.text).toContain(code);
    expect(team!.attachments).toEqual([]);

    const post = (await eventually('the webhook’s post', () =>
      hook.posts.find((p) => (JSON.parse(p.body) as { receipt?: string }).receipt === code),
    ))!;
    expect(validlySigned(post)).toBe(true);
    expect(validlySigned(post, 'another-secret-entirely')).toBe(false);
    expect(JSON.parse(post.body)).toMatchObject({ form: 'RentalReservationForm', receipt: code });
  });

  test('a newsletter subscription: one mail to its owner in French; its link confirms once', async ({
    page,
  }) => {
    await page.goto(`${server.url}${pathTo('newsletter', 'fr')}`);
    const form = page.locator('main form[data-newsletter-form]');
    const email = uniqueEmail('abonne');
    await form.getByLabel(fr('forms.newsletter.email')).fill(email);
    await form.getByRole('button', { name: fr('forms.newsletter.submit') }).click();
    await expect(form.getByRole('status').locator('p')).toHaveText([
      fr('forms.newsletter.success'),
      fr('forms.newsletter.checkInbox'),
    ]);
    const stored = () =>
      rows(
        server.dbPath,
        'SELECT confirmed_at FROM newsletter_subscriptions WHERE email = ?',
        email,
      );
    expect(stored()).toEqual([{ confirmed_at: null }]);

    const [mail, ...more] = (await eventually('the confirmation mail', () =>
      some(mailsTo(box, email)),
    ))!;
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(fr('forms.newsletter.mail.subject', { brand: e2eConfig.brand }));
    const link = linkIn(mail!.text!, server);
    expect(link).toMatch(/\/fr\/newsletter\/confirm\/[A-Za-z0-9_-]{43}$/);
    // The address is told to no one else: no team mail, no webhook post names it.
    expect(box.mails.filter((m) => JSON.stringify(m).includes(email))).toHaveLength(1);
    expect(hook.posts.filter((p) => p.body.includes(email))).toEqual([]);

    // Subscribing again at once sends no second link (the owner's inbox is not flooded).
    const again = await fetch(`${server.url}/api/forms`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ 'form-name': 'SubscribeForm', email, locale: 'fr' }),
    });
    expect(again.status).toBe(200);

    const confirmed = await page.goto(link);
    expect(confirmed!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fr('forms.newsletter.confirmed.heading'),
    );
    expect(confirmed!.headers()['cache-control']).toBe('no-store');
    expect(confirmed!.headers()['x-robots-tag']).toBe('noindex');
    await expectValidHtml(await confirmed!.text());
    await expectNoViolations(page);
    expect(stored()[0]!.confirmed_at).toEqual(expect.any(String));
    const post = (await eventually('the confirmation’s webhook post', () =>
      hook.posts.find((p) => (JSON.parse(p.body) as { event?: string }).event === 'confirmed'),
    ))!;
    expect(validlySigned(post)).toBe(true);
    expect(JSON.parse(post.body)).toMatchObject({
      form: 'SubscribeForm',
      fields: { locale: 'fr' },
    });
    expect(post.body).not.toContain(email);

    // A link works once: followed again, it says so, in the page's language.
    const second = await page.goto(link);
    expect(second!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fr('forms.newsletter.notConfirmed.heading'),
    );
    await expectNoViolations(page);
    expect(mailsTo(box, email)).toHaveLength(1);
  });
});

test('the mail server down during three submissions: all their mails go once it is back', async () => {
  const port = await freePort();
  const server = await startServer(await freePort(), mailEnv(port), freshData(), launch);
  let box: Mailbox | undefined;
  try {
    const codes = [];
    for (const n of [1, 2, 3]) codes.push(await reserve(server, uniqueEmail(`down${n}`)));
    // Nothing listens: each try fails and is kept for later.
    await eventually('the first try to fail', () => server.log().includes('not sent (try 1)'));
    box = await startMailbox(port);
    // The next try of each comes after the retry delay (outbox.ts retryDelayMs).
    await eventually('six mails', () => box!.mails.length === 6);
    for (const code of codes)
      expect(box.mails.filter((m) => m.subject?.includes(code))).toHaveLength(2);
  } finally {
    await server.stop();
    if (box) await stopMailbox(box);
  }
});

test('SIGKILL with mails queued: sent after the restart, none twice', async () => {
  const port = await freePort();
  const data = freshData();
  let server = await startServer(await freePort(), mailEnv(port), data, launch);
  let box: Mailbox | undefined;
  try {
    const codes = [
      await reserve(server, uniqueEmail('kill1')),
      await reserve(server, uniqueEmail('kill2')),
    ];
    server.process.kill('SIGKILL');
    await new Promise((r) => server.process.once('exit', r));
    expect(rows(data.dbPath, 'SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL')).toEqual([
      { n: 4 },
    ]);
    box = await startMailbox(port);
    server = await startServer(await freePort(), mailEnv(port), data, launch);
    await eventually('four mails', () => box!.mails.length >= 4);
    await new Promise((r) => setTimeout(r, 1000)); // nothing more arrives
    expect(box.mails).toHaveLength(4);
    expect(new Set(box.mails.map((m) => m.messageId)).size).toBe(4);
    for (const code of codes)
      expect(box.mails.filter((m) => m.subject?.includes(code))).toHaveLength(2);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { outbox: unknown };
    expect(health.outbox).toEqual({ waiting: 0, stuck: false });
  } finally {
    await server.stop();
    if (box) await stopMailbox(box);
  }
});
