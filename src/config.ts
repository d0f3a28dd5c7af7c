/**
 * Site configuration: every deployment-specific value, read from environment variables once,
 * validated, with documented defaults. `.env.example` lists the same variables.
 *
 * Most values are baked into the static pages at build time (change them, rebuild); the Node
 * server reads the same module at start for its on-demand routes.
 */
import { existsSync } from 'node:fs';
import * as v from 'valibot';
import { facts } from './site-facts.ts';

// A local `.env` is honoured in development; real deployments set the environment directly.
if (existsSync('.env')) process.loadEnvFile('.env');

const url = (fallback: string) => v.optional(v.pipe(v.string(), v.trim(), v.url()), fallback);
const text = (fallback: string) => v.optional(v.pipe(v.string(), v.trim()), fallback);
/** An optional id or URL: empty means "not configured". */
const optionalText = () => v.optional(v.pipe(v.string(), v.trim()), '');
/** An optional value that, when given, must match `pattern`. */
const optionalMatching = (pattern: RegExp, message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => value === '' || pattern.test(value), message),
    ),
    '',
  );
/** A positive whole number given as text, e.g. `FORMS_RATE_LIMIT=20`. */
const count = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'expected a whole number'),
      v.transform(Number),
      v.minValue(1),
    ),
    String(fallback),
  );
const MB = 1024 * 1024;

/** The address the site has when SITE_URL is not set: the Node server's on this machine. */
export const LOCAL_SITE_URL = 'http://localhost:4321';

const EnvSchema = v.object({
  /** Public origin of the site, used for canonical URLs, hreflang, Open Graph and the sitemap. */
  SITE_URL: url(LOCAL_SITE_URL),
  /** Brand name shown everywhere until the company settles its name. */
  BRAND: text('Pistelink'),
  /** Domain the consent cookies are written for; empty means the current host only. */
  COOKIE_DOMAIN: optionalText(),
  /** Address shown to visitors when a form fails, and on the contact and legal pages. */
  CONTACT_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email()), 'hello@pistelink.com'),
  /** External careers site linked from the footer; empty links to the site's own jobs page. */
  CAREERS_URL: optionalText(),
  FACEBOOK_URL: url('https://www.facebook.com/pistelink'),
  LINKEDIN_URL: url('https://www.linkedin.com/company/pistelink'),
  YOUTUBE_URL: url('https://www.youtube.com/@pistelink'),
  INSTAGRAM_URL: url('https://www.instagram.com/pistelink'),
  /** Store pages of the learners' app and the instructors' app (default: a store search for the brand). */
  CLIENT_APP_IOS_URL: url('https://apps.apple.com/search?term=Pistelink'),
  CLIENT_APP_ANDROID_URL: url('https://play.google.com/store/search?q=Pistelink&c=apps'),
  INSTRUCTOR_APP_IOS_URL: url('https://apps.apple.com/search?term=Pistelink%20Instructor'),
  INSTRUCTOR_APP_ANDROID_URL: url(
    'https://play.google.com/store/search?q=Pistelink%20Instructor&c=apps',
  ),
  /** Where the site's forms post (the embedded receiver by default; any URL for another one). */
  FORMS_ENDPOINT: text('/api/forms'),
  /** The embedded receiver's SQLite database, created on first start (relative to the working directory). */
  FORMS_DB_PATH: text('data/submissions.sqlite'),
  /** Where uploaded application files are kept, named by content hash; never a public folder. */
  FORMS_UPLOAD_DIR: text('data/uploads'),
  /** Largest accepted file (licence, CV), in bytes. */
  FORMS_MAX_FILE_BYTES: count(10 * MB),
  /** Largest accepted request body, in bytes: two files at the limit plus the text fields. */
  FORMS_MAX_BODY_BYTES: count(21 * MB),
  /** Submissions accepted per client address per window; more get 429 with Retry-After. */
  FORMS_RATE_LIMIT: count(20),
  FORMS_RATE_WINDOW_SECONDS: count(600),
  /**
   * Uploaded files (CVs, licences) older than this many days are deleted, at start and daily.
   * Default: the privacy policy's period (`legal.cvRetentionMonths` in the site facts, one year).
   */
  FORMS_FILE_RETENTION_DAYS: count(Math.round((facts.legal.cvRetentionMonths * 365) / 12)),
  /** Contact messages older than this many days are deleted (default: `legal.contactRetentionMonths`). */
  FORMS_CONTACT_RETENTION_DAYS: count(Math.round((facts.legal.contactRetentionMonths * 365) / 12)),
  /** What the honeypot caught is deleted after this many days (kept only to see what bots send). */
  FORMS_SPAM_RETENTION_DAYS: count(30),
  /** Other sites allowed to post to the receiver (comma-separated origins); the site's own always is. */
  FORMS_ALLOWED_ORIGINS: optionalText(),
  /**
   * The mail server the site sends through (`smtp://user:pass@host:587`, `smtps://…:465`); empty:
   * no mail is sent (nor queued). Read by the server at start, never built into a page.
   */
  SMTP_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^smtps?:\/\/\S+$/, 'must be smtp://… or smtps://…')),
    '',
  ),
  /** The mails' sender; empty: "<BRAND> <CONTACT_EMAIL>". */
  MAIL_FROM: optionalText(),
  /** The team's address for every submission's mail; empty: no team mail. */
  NOTIFY_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^[^\s@]+@[^\s@]+$/, 'must be an address')),
    '',
  ),
  /** Where each submission is posted as signed JSON (outbox.ts); empty: no webhook. */
  NOTIFY_WEBHOOK_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^https?:\/\/\S+$/, 'must be an http(s) address')),
    '',
  ),
  /** The webhook signature's shared secret (at least 16 characters when the webhook is set). */
  NOTIFY_WEBHOOK_SECRET: optionalText(),
  /**
   * Marketplace backend (GraphQL). The Node server asks it for the resorts' live conditions
   * (read at start); the site works when it is not running.
   */
  BACKEND_GRAPHQL_URL: url('http://localhost:4000/graphql'),
  /**
   * Where resort pages get their live conditions: a path on this site, served by the Node server
   * (src/pages/api/live-conditions), or `none` for pages that keep their built values and ask
   * nothing (pages on a static host without the Node server at the same origin).
   */
  LIVE_CONDITIONS_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(none|\/[\w\-/]*[\w-])$/,
        'expected a path on this site (/api/live-conditions) or none',
      ),
    ),
    '/api/live-conditions',
  ),
  /** Chat API (GraphQL), a separate service. */
  CHAT_GRAPHQL_URL: url('http://localhost:4040/graphql'),
  /** Tag manager container id (GTM-…); empty loads nothing. Loaded only after tracking consent. */
  GTM_ID: optionalText(),
  /** The two analytics configurations (G-…); empty loads nothing. */
  GA_MEASUREMENT_ID: optionalText(),
  GA_SECONDARY_MEASUREMENT_ID: optionalText(),
  /**
   * Version of the consent text and categories. A choice recorded under a lower revision no longer
   * counts: raising it shows the banner to everyone again.
   */
  CONSENT_REVISION: count(1),
  /** Booking app that takes over a lesson search (Book button on resort lessons pages); empty hides the button. */
  BOOKING_APP_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.url())]), ''),
  /**
   * The legal entity that runs the site, as the legal notice, the footer and the structured data
   * name it. Default: the brand and the legal form of the site facts (`Pistelink B.V.`). The
   * numbers have no default: a made-up registration or VAT number on a legal notice is worse than
   * none. What is unset is left out of the pages, and the build lists it (company-facts-guard).
   */
  COMPANY_NAME: optionalText(),
  /** Chamber of Commerce (Kamer van Koophandel, KvK) number: eight digits. */
  COMPANY_REGISTRATION: optionalMatching(/^\d{8}$/, 'expected the eight digits of a KvK number'),
  /** VAT identification number, country prefix first: NL123456789B01. */
  COMPANY_VAT: optionalMatching(
    /^[A-Z]{2}[0-9A-Z]{2,12}$/,
    'expected a VAT number such as NL123456789B01',
  ),
  /** The registered office: street and number, postal code, city (all three or none), country. */
  COMPANY_ADDRESS: optionalText(),
  COMPANY_POSTAL_CODE: optionalText(),
  COMPANY_CITY: optionalText(),
  COMPANY_COUNTRY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Z]{2}$/, 'expected a two-letter country code such as NL'),
    ),
    'NL',
  ),
  /** A telephone number for visitors, in international form: +31 20 123 4567. */
  COMPANY_PHONE: optionalMatching(
    /^\+\d[\d ]{5,18}\d$/,
    'expected an international number such as +31 20 123 4567',
  ),
});

type AppStores = Readonly<{ ios: string; android: string }>;

/** Settings of the embedded form receiver (src/forms, src/pages/api/forms.ts). */
export type FormsReceiverConfig = Readonly<{
  dbPath: string;
  uploadDir: string;
  maxFileBytes: number;
  maxBodyBytes: number;
  rateLimit: Readonly<{ max: number; windowSeconds: number }>;
  fileRetentionDays: number;
  contactRetentionDays: number;
  spamRetentionDays: number;
  /** Origins (scheme://host[:port]) allowed to post besides the site's own. */
  allowedOrigins: readonly string[];
}>;

/** The registered office, for the legal notice, the footer and schema.org's PostalAddress. */
export type CompanyAddress = Readonly<{
  street: string;
  postalCode: string;
  city: string;
  country: string;
}>;

/** The legal entity behind the site. Empty strings and an undefined address mean "not configured". */
export type CompanyConfig = Readonly<{
  name: string;
  /** Kamer van Koophandel number. */
  registration: string;
  vatId: string;
  address: CompanyAddress | undefined;
  phone: string;
}>;

export type SiteConfig = Readonly<{
  siteUrl: URL;
  brand: string;
  cookieDomain: string;
  contactEmail: string;
  careersUrl: string;
  social: Readonly<{ facebook: string; linkedin: string; youtube: string; instagram: string }>;
  apps: Readonly<{ client: AppStores; instructor: AppStores }>;
  formsEndpoint: string;
  forms: FormsReceiverConfig;
  /** What is sent about submissions (src/forms/server/notifications.ts, outbox.ts). */
  notify: Readonly<{
    smtpUrl: string | null;
    from: string;
    teamEmail: string | null;
    /** A form's own team address (`NOTIFY_EMAIL_<CLI NAME>`, e.g. NOTIFY_EMAIL_RENTAL). */
    teamEmailByForm: Readonly<Record<string, string>>;
    webhook: Readonly<{ url: string; secret: string }> | null;
  }>;
  backendGraphqlUrl: string;
  /** The live conditions' path on this site, or null when pages keep their built values. */
  liveConditionsEndpoint: string | null;
  chatGraphqlUrl: string;
  analytics: Readonly<{ gtmId: string; measurementIds: readonly string[] }>;
  consentRevision: number;
  bookingAppUrl: string;
  company: CompanyConfig;
}>;

/** The webhook's secret: a webhook anyone could forge is refused at start. */
function webhookSecret(secret: string) {
  if (secret.length < 16)
    throw new Error(
      'Invalid site configuration:\n  NOTIFY_WEBHOOK_SECRET: set it (at least 16 characters) when NOTIFY_WEBHOOK_URL is set',
    );
  return secret;
}

/** Parses an environment; throws a readable error naming each wrong variable. */
export function readConfig(env: Record<string, string | undefined>): SiteConfig {
  // Treat empty strings as unset so `FOO=` in a .env file means "use the default".
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = v.safeParse(EnvSchema, defined);
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue)}: ${issue.message}`);
    throw new Error(`Invalid site configuration:\n${problems.join('\n')}`);
  }
  const e = result.output;
  const addressParts = [e.COMPANY_ADDRESS, e.COMPANY_POSTAL_CODE, e.COMPANY_CITY];
  if (addressParts.some(Boolean) && !addressParts.every(Boolean)) {
    throw new Error(
      'Invalid site configuration:\n  COMPANY_ADDRESS, COMPANY_POSTAL_CODE, COMPANY_CITY: set all three or none',
    );
  }
  return {
    siteUrl: new URL(e.SITE_URL),
    brand: e.BRAND,
    cookieDomain: e.COOKIE_DOMAIN,
    contactEmail: e.CONTACT_EMAIL,
    careersUrl: e.CAREERS_URL,
    social: {
      facebook: e.FACEBOOK_URL,
      linkedin: e.LINKEDIN_URL,
      youtube: e.YOUTUBE_URL,
      instagram: e.INSTAGRAM_URL,
    },
    apps: {
      client: { ios: e.CLIENT_APP_IOS_URL, android: e.CLIENT_APP_ANDROID_URL },
      instructor: { ios: e.INSTRUCTOR_APP_IOS_URL, android: e.INSTRUCTOR_APP_ANDROID_URL },
    },
    formsEndpoint: e.FORMS_ENDPOINT,
    forms: {
      dbPath: e.FORMS_DB_PATH,
      uploadDir: e.FORMS_UPLOAD_DIR,
      maxFileBytes: e.FORMS_MAX_FILE_BYTES,
      maxBodyBytes: e.FORMS_MAX_BODY_BYTES,
      rateLimit: { max: e.FORMS_RATE_LIMIT, windowSeconds: e.FORMS_RATE_WINDOW_SECONDS },
      fileRetentionDays: e.FORMS_FILE_RETENTION_DAYS,
      contactRetentionDays: e.FORMS_CONTACT_RETENTION_DAYS,
      spamRetentionDays: e.FORMS_SPAM_RETENTION_DAYS,
      allowedOrigins: [
        new URL(e.SITE_URL).origin,
        ...e.FORMS_ALLOWED_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .map((o) => new URL(o).origin),
      ],
    },
    notify: {
      smtpUrl: e.SMTP_URL || null,
      from: e.MAIL_FROM || `${e.BRAND} <${e.CONTACT_EMAIL}>`,
      teamEmail: e.NOTIFY_EMAIL || null,
      teamEmailByForm: Object.fromEntries(
        Object.entries(defined)
          .filter(([name, value]) => /^NOTIFY_EMAIL_[A-Z]+$/.test(name) && value)
          .map(([name, value]) => [
            name.slice('NOTIFY_EMAIL_'.length).toLowerCase(),
            String(value),
          ]),
      ),
      webhook: e.NOTIFY_WEBHOOK_URL
        ? { url: e.NOTIFY_WEBHOOK_URL, secret: webhookSecret(e.NOTIFY_WEBHOOK_SECRET) }
        : null,
    },
    backendGraphqlUrl: e.BACKEND_GRAPHQL_URL,
    liveConditionsEndpoint:
      e.LIVE_CONDITIONS_ENDPOINT === 'none' ? null : e.LIVE_CONDITIONS_ENDPOINT,
    chatGraphqlUrl: e.CHAT_GRAPHQL_URL,
    analytics: {
      gtmId: e.GTM_ID,
      measurementIds: [e.GA_MEASUREMENT_ID, e.GA_SECONDARY_MEASUREMENT_ID].filter(Boolean),
    },
    consentRevision: e.CONSENT_REVISION,
    bookingAppUrl: e.BOOKING_APP_URL,
    company: {
      name: e.COMPANY_NAME || `${e.BRAND} ${facts.legal.legalForm}`,
      registration: e.COMPANY_REGISTRATION,
      vatId: e.COMPANY_VAT,
      address: e.COMPANY_ADDRESS
        ? {
            street: e.COMPANY_ADDRESS,
            postalCode: e.COMPANY_POSTAL_CODE,
            city: e.COMPANY_CITY,
            country: e.COMPANY_COUNTRY,
          }
        : undefined,
      phone: e.COMPANY_PHONE,
    },
  };
}

/**
 * The company facts a legal notice needs that this configuration leaves out, by variable name.
 * The pages go without them; the build says which (src/integrations/company-facts-guard.ts).
 */
export function missingCompanyFacts(company: CompanyConfig): string[] {
  return [
    ...(company.registration ? [] : ['COMPANY_REGISTRATION']),
    ...(company.vatId ? [] : ['COMPANY_VAT']),
    ...(company.address ? [] : ['COMPANY_ADDRESS, COMPANY_POSTAL_CODE, COMPANY_CITY']),
    ...(company.phone ? [] : ['COMPANY_PHONE']),
  ];
}

export const config: SiteConfig = readConfig(process.env);

/**
 * What a build does about an unset SITE_URL: every canonical, hreflang, Open Graph and sitemap
 * URL would name `http://localhost:4321`, and search engines would index nothing. On a developer's
 * machine the build goes on with a warning (`npm run up` needs no configuration); under CI
 * (`CI=true`, which CI services and the static hosts' build machines set) it stops. NODE_ENV
 * cannot tell: Astro sets it to `production` in every build. Setting SITE_URL, even to the local
 * address, is a choice the build respects (the test builds set it in tests/e2e/e2e.env).
 */
export function siteUrlVerdict(env: Record<string, string | undefined>): 'set' | 'warn' | 'refuse' {
  if ((env.SITE_URL ?? '').trim() !== '') return 'set';
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0' ? 'refuse' : 'warn';
}

/** A site-relative path as an absolute URL on the public origin (canonical, hreflang, sitemap). */
export function absoluteUrl(path: string): string {
  return new URL(path, config.siteUrl).href;
}
