/**
 * What the site sends about a submission, composed when it is stored (and queued in its
 * transaction, outbox.ts sends it): the visitor's receipt by mail, in the language of the page they
 * used (a rental's booking code and what to show at the shop, a lesson request's reference and what
 * happens next, an application's receipt); the team's mail with every field, `Reply-To` the visitor
 * (never the uploaded files: they stay on the server); the webhook's post. A newsletter
 * subscription sends only its owner's confirmation link (double opt-in), and the webhook a post
 * without the address once it is confirmed; consent records send nothing: an address is told to no
 * one but its owner.
 */
import { config } from '../../config';
import { defaultLocale, isLocale } from '../../i18n/locales';
import { useTranslations } from '../../i18n/translate';
import type { FormDefinition } from '../definition';
import { newsletter } from '../newsletter';
import { escapeHtml } from '../../lib/escape-html';
import { inboxPath, ROW_ID_SLOT } from '../../team/links';
import type { OutboxMessage } from './store';
import { confirmationPath } from './newsletter-token';

export type NotifySettings = {
  smtpUrl: string | null;
  /** The team's address; a form may have its own (`NOTIFY_EMAIL_<FORM>`). */
  teamEmail: string | null;
  teamEmailByForm: Readonly<Record<string, string>>;
  webhookUrl: string | null;
  /** Where the links of the mails go (`receiverUrl`): the pages they open are the receiver's. */
  siteUrl: URL;
  brand: string;
};

/** The forms whose visitor gets a mail, and the text keys of that mail. */
const visitorMails = {
  rentalReservation: 'forms.rentalReservation.mail',
  lessonRequest: 'forms.lessonRequest.mail',
  application: 'forms.application.mail',
} as const;

const silent = new Set(['consentRecord']);

/** Text as paragraphs of HTML, links kept as links. */
const htmlOf = (text: string) =>
  text
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`,
    )
    .join('\n');

/** A submission's fields as lines `field: value` (nested values as JSON), files named only. */
function fieldLines(output: Record<string, unknown>) {
  return Object.entries(output)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([field, value]) =>
      value instanceof File
        ? `${field}: ${value.name} (${value.size} bytes, kept on the server)`
        : `${field}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
}

export function notifications(settings: NotifySettings) {
  return (
    definition: FormDefinition,
    output: Record<string, unknown>,
    receipt: string | null,
    confirmationToken?: string,
  ): OutboxMessage[] => {
    if (definition.confirmation)
      return confirmationMail(settings, output, confirmationToken, definition.confirmation.days);
    if (silent.has(definition.key)) return [];
    const messages: OutboxMessage[] = [];
    const locale = isLocale(output.locale) ? output.locale : defaultLocale;
    const email = typeof output.email === 'string' ? output.email : undefined;
    const receiptUrl =
      receipt && definition.receipt
        ? new URL(definition.receipt.page(receipt, locale), settings.siteUrl).href
        : null;

    const mailKey = visitorMails[definition.key as keyof typeof visitorMails];
    if (settings.smtpUrl && email && mailKey) {
      const t = useTranslations(locale);
      const values = { brand: settings.brand, code: receipt ?? '', url: receiptUrl ?? '' };
      const text = t(`${mailKey}.body`, values);
      messages.push({
        channel: 'mail',
        mail: { to: email, subject: t(`${mailKey}.subject`, values), text, html: htmlOf(text) },
      });
    }

    const team = settings.teamEmailByForm[definition.cli] ?? settings.teamEmail;
    const lines = [
      ...(receipt ? [`receipt: ${receipt}${receiptUrl ? ` (${receiptUrl})` : ''}`] : []),
      ...fieldLines(output),
    ];
    if (settings.smtpUrl && team) {
      // The row's id is known once stored: the store fills the slot (src/team/links.ts).
      const inbox = new URL(inboxPath(definition.cli, ''), settings.siteUrl).href + ROW_ID_SLOT;
      const text = `A new ${definition.name} arrived on ${settings.brand}.\n\nIn the team inbox: ${inbox}\n\n${lines.join('\n')}`;
      messages.push({
        channel: 'mail',
        mail: {
          to: team,
          ...(email ? { replyTo: email } : {}),
          subject: `[${settings.brand}] ${definition.name}${receipt ? ` ${receipt}` : ''}`,
          text,
          html: htmlOf(text),
        },
      });
    }
    if (settings.webhookUrl)
      messages.push({
        channel: 'webhook',
        body: {
          form: definition.name,
          receipt,
          fields: Object.fromEntries(
            Object.entries(output).map(([k, v]) => [k, v instanceof File ? v.name : v]),
          ),
          // A Slack incoming webhook shows this.
          text: `New ${definition.name} on ${settings.brand}${receipt ? ` (${receipt})` : ''}`,
        },
      });
    return messages;
  };
}

/**
 * A newsletter subscription's one mail: to the address's owner, in the page's language, the link
 * that confirms it (nothing to the team nor the webhook: the address is not confirmed yet, and is
 * the owner's).
 */
function confirmationMail(
  settings: NotifySettings,
  output: Record<string, unknown>,
  token: string | undefined,
  days: number,
): OutboxMessage[] {
  if (!settings.smtpUrl || !token || typeof output.email !== 'string') return [];
  const locale = isLocale(output.locale) ? output.locale : defaultLocale;
  const t = useTranslations(locale);
  const values = {
    brand: settings.brand,
    url: new URL(confirmationPath(token, locale), settings.siteUrl).href,
    days: String(days),
  };
  const text = t('forms.newsletter.mail.body', values);
  return [
    {
      channel: 'mail',
      mail: {
        to: output.email,
        subject: t('forms.newsletter.mail.subject', values),
        text,
        html: htmlOf(text),
      },
    },
  ];
}

/**
 * What is sent when a newsletter subscription is confirmed: the webhook's post, which says that
 * one was confirmed and in which language, never the address (the team reads the confirmed
 * addresses with `npm run submissions -- export --form newsletter`).
 */
export function confirmedNotifications(
  settings: Pick<NotifySettings, 'webhookUrl' | 'brand'>,
  locale: string | null,
): OutboxMessage[] {
  if (!settings.webhookUrl) return [];
  return [
    {
      channel: 'webhook',
      body: {
        form: newsletter.name,
        event: 'confirmed',
        receipt: null,
        fields: { locale },
        text: `A newsletter subscription was confirmed on ${settings.brand}`,
      },
    },
  ];
}

/**
 * The receiver's public address: where the pages post (`FORMS_ENDPOINT`), which is the site itself
 * unless the pages are on a CDN and the receiver elsewhere (docs/deploy.md, B). The pages a mail
 * links to (a receipt page, the newsletter's confirmation) are rendered by the receiver, so their
 * links are made from it: on a CDN, the site's address would give a 404.
 */
export const receiverUrl = (formsEndpoint: string, siteUrl: URL) =>
  new URL('/', new URL(formsEndpoint, siteUrl));

/** The settings of this site (config.ts). */
export const siteNotifications = () =>
  notifications({
    smtpUrl: config.notify.smtpUrl,
    teamEmail: config.notify.teamEmail,
    teamEmailByForm: config.notify.teamEmailByForm,
    webhookUrl: config.notify.webhook?.url ?? null,
    siteUrl: receiverUrl(config.formsEndpoint, config.siteUrl),
    brand: config.brand,
  });

/** What the confirmation of a newsletter subscription sends, with this site's settings. */
export const siteConfirmedNotifications = (locale: string | null) =>
  confirmedNotifications(
    { webhookUrl: config.notify.webhook?.url ?? null, brand: config.brand },
    locale,
  );
