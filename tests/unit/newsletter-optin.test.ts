/**
 * The newsletter's double opt-in, at the receiver and the database: a subscription is stored
 * unconfirmed and mails its owner one link; the link's token is stored only hashed, expires and
 * works once; a repeated subscription does not mail again within the resend interval; a
 * confirmed address gets nothing; the retention deletes what was never confirmed once its link
 * has expired.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Row } from '../../src/forms/definition';
import { englishMessage } from '../../src/forms/messages';
import {
  CONFIRMATION_DAYS,
  CONFIRMATION_RESEND_MINUTES,
  newsletter,
} from '../../src/forms/newsletter';
import { hashToken } from '../../src/forms/server/newsletter-token';
import {
  confirmedNotifications,
  notifications,
  receiverUrl,
} from '../../src/forms/server/notifications';
import { createReceiver } from '../../src/forms/server/receiver';
import { purgeExpiredRows } from '../../src/forms/server/retention';
import {
  formTables,
  openStore,
  type OutboxMessage,
  type SubmissionStore,
} from '../../src/forms/server/store';
import { inThisThread } from '../../src/forms/server/store-access';
import { useTranslations } from '../../src/i18n/translate';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const settings = {
  smtpUrl: 'smtp://mail.test:587',
  teamEmail: 'team@pistelink.test',
  teamEmailByForm: {},
  webhookUrl: 'https://hooks.example/pistelink',
  siteUrl: new URL('https://pistelink.test'),
  brand: 'Pistelink',
};

let store: SubmissionStore;
let clock: Date;
const receive = () =>
  createReceiver({
    maxFileBytes: 1000,
    maxBodyBytes: 5000,
    rateLimit: { max: 1000, windowSeconds: 60 },
    uploadDir: mkdtempSync(join(tmpdir(), 'optin-unit-')),
    allowedOrigins: [],
    store: inThisThread(() => store),
    describe: englishMessage,
    notify: notifications(settings),
    now: () => clock,
  });

const subscribe = async (email: string, locale = 'fr') => {
  const response = await receive()(
    new Request('http://site.test/api/forms', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ 'form-name': 'SubscribeForm', email, locale }),
    }),
    '1.1.1.1',
  );
  expect(response.status).toBe(200);
};
const queued = () =>
  store.db
    .prepare('SELECT message FROM outbox ORDER BY id')
    .all()
    .map((row) => JSON.parse(String(row.message)) as OutboxMessage);
const mails = () => queued().flatMap((m) => (m.channel === 'mail' ? [m.mail] : []));
const tokenOf = (text: string) => /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})\b/.exec(text)![1]!;
// The stored row as it is, token hash included (the store's reads leave it out).
const subscription = () =>
  store.db.prepare(`SELECT * FROM ${formTables.SubscribeForm} ORDER BY id`).get() as Row;

beforeEach(() => {
  store = openStore(':memory:');
  clock = new Date('2026-12-01T10:00:00.000Z');
});

describe('newsletter double opt-in', () => {
  it('stores the address unconfirmed and mails its owner one link in the page’s language, nothing to the team or the webhook', async () => {
    await subscribe('Marie@Example.fr');
    const fr = useTranslations('fr');
    expect(mails()).toEqual([
      expect.objectContaining({
        to: 'Marie@Example.fr',
        subject: fr('forms.newsletter.mail.subject', { brand: 'Pistelink' }),
      }),
    ]);
    expect(queued()).toHaveLength(1);
    const [mail] = mails();
    expect(mail!.text).toContain('https://pistelink.test/fr/newsletter/confirm/');
    const token = tokenOf(mail!.text);
    // Stored hashed only: the database holds no link that works.
    expect(subscription()).toMatchObject({
      confirmed_at: null,
      token_hash: hashToken(token),
      token_expires_at: new Date(clock.getTime() + CONFIRMATION_DAYS * DAY).toISOString(),
    });
    expect(JSON.stringify(subscription())).not.toContain(token);
  });

  it('confirms once, queueing the webhook’s post without the address', async () => {
    await subscribe('marie@example.fr');
    const token = tokenOf(mails()[0]!.text);
    const hook = confirmedNotifications(settings, 'fr');
    expect(store.confirmSubscription(hashToken(token), clock.toISOString(), hook)).toEqual({
      locale: 'fr',
    });
    expect(subscription()).toMatchObject({ confirmed_at: clock.toISOString(), token_hash: null });
    expect(queued().at(-1)).toEqual(hook[0]);
    expect(JSON.stringify(hook)).not.toContain('marie@');
    // The same link again: nothing (a link works once).
    expect(store.confirmSubscription(hashToken(token), clock.toISOString(), hook)).toBeUndefined();
    expect(queued()).toHaveLength(2);
  });

  it('an expired link confirms nothing', async () => {
    await subscribe('late@example.fr');
    const token = tokenOf(mails()[0]!.text);
    const later = new Date(clock.getTime() + CONFIRMATION_DAYS * DAY + MINUTE).toISOString();
    expect(store.confirmSubscription(hashToken(token), later, [])).toBeUndefined();
    expect(subscription().confirmed_at).toBeNull();
  });

  it('subscribing again mails a new link only after the resend interval; the old link then stops working', async () => {
    await subscribe('again@example.fr');
    await subscribe('AGAIN@example.fr');
    expect(mails()).toHaveLength(1);
    const first = tokenOf(mails()[0]!.text);

    clock = new Date(clock.getTime() + (CONFIRMATION_RESEND_MINUTES + 1) * MINUTE);
    await subscribe('again@example.fr', 'es');
    expect(mails()).toHaveLength(2);
    const second = tokenOf(mails()[1]!.text);
    expect(mails()[1]!.subject).toBe(
      useTranslations('es')('forms.newsletter.mail.subject', { brand: 'Pistelink' }),
    );
    expect(store.list('SubscribeForm')).toHaveLength(1);
    const now = clock.toISOString();
    expect(store.confirmSubscription(hashToken(first), now, [])).toBeUndefined();
    expect(store.confirmSubscription(hashToken(second), now, [])).toEqual({ locale: 'es' });
  });

  it('a confirmed address subscribed again is mailed nothing and stays confirmed', async () => {
    await subscribe('done@example.fr');
    store.confirmSubscription(hashToken(tokenOf(mails()[0]!.text)), clock.toISOString(), []);
    clock = new Date(clock.getTime() + 2 * DAY);
    await subscribe('done@example.fr');
    expect(mails()).toHaveLength(1);
    expect(subscription()).toMatchObject({ token_hash: null, confirmed_at: expect.any(String) });
  });

  it('retention deletes a subscription never confirmed once its link has expired, never a confirmed one', async () => {
    await subscribe('never@example.fr');
    await subscribe('yes@example.fr');
    const yes = mails().find((m) => m.to === 'yes@example.fr')!;
    store.confirmSubscription(hashToken(tokenOf(yes.text)), clock.toISOString(), []);
    const days = newsletter.retention.days();

    expect(purgeExpiredRows(store, newsletter, days, clock)).toBe(0);
    const expired = new Date(clock.getTime() + (CONFIRMATION_DAYS + 1) * DAY);
    expect(purgeExpiredRows(store, newsletter, days, expired)).toBe(1);
    expect(store.list('SubscribeForm').map((row) => row.email)).toEqual(['yes@example.fr']);
  });
});

describe('the links of the mails', () => {
  const site = new URL('https://www.example.com');
  it('go to the site when it runs the receiver', () =>
    expect(receiverUrl('/api/forms', site).href).toBe('https://www.example.com/'));
  it('go to the receiver when the pages are on a CDN and post elsewhere', () =>
    expect(receiverUrl('https://forms.example.com/api/forms', site).href).toBe(
      'https://forms.example.com/',
    ));
});
