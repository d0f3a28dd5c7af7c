/**
 * Consent rules, cookie writing and clearing, the head script, the tracking plan, campaign values
 * and the consent record as the receiver stores it.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { englishMessage } from '../../src/forms/messages';
import { deleteCookies, readCookies, writeCookie } from '../../src/consent/browser-cookies';
import {
  campaignFromUrl,
  campaignParameters,
  carryCampaign,
  writeCampaignCookies,
} from '../../src/consent/campaign';
import {
  acceptAll,
  consentCookie,
  consentCookieValues,
  consentModeState,
  cookieDomains,
  cookiesToClear,
  readConsent,
  rejectAll,
  withdrawnCategories,
  type ConsentChoice,
  type ConsentMethod,
  type CookieCatalogue,
} from '../../src/consent/consent';
import { consentHeadScript } from '../../src/consent/head-script';
import { consentRecordFields } from '../../src/consent/record';
import { loadsNothing, trackingPlan, workerBootstrap } from '../../src/consent/tracking-plan';
import { ensureVisitorId, VISITOR_COOKIE } from '../../src/consent/visitor';
import { createReceiver } from '../../src/forms/server/receiver';
import { openStore, type SubmissionStore } from '../../src/forms/server/store';
import { inThisThread } from '../../src/forms/server/store-access';
import { facts } from '../../src/site-facts';

const catalogueFile = (
  parse(readFileSync('content/cookies.yaml', 'utf8')) as {
    cookies: { name: string; category: keyof CookieCatalogue }[];
  }
).cookies;
const catalogue: CookieCatalogue = {
  necessary: catalogueFile.filter((c) => c.category === 'necessary').map((c) => c.name),
  functionality: catalogueFile.filter((c) => c.category === 'functionality').map((c) => c.name),
  tracking: catalogueFile.filter((c) => c.category === 'tracking').map((c) => c.name),
  targeting: catalogueFile.filter((c) => c.category === 'targeting').map((c) => c.name),
};

const jar = (choice = acceptAll, revision = 3) =>
  consentCookieValues(choice, revision, 'f6a1c7b2-1d4e-4c8a-9b1f-2a3b4c5d6e7f');

describe('reading a choice from the cookies', () => {
  it('is pending with no cookie, and for a first visit everything optional is refused', () => {
    expect(readConsent({}, 1)).toEqual({ status: 'pending' });
  });

  it('reads each category, the revision and the record id', () => {
    const state = readConsent(jar({ functionality: true, tracking: false, targeting: true }), 3);
    expect(state).toEqual({
      status: 'chosen',
      choice: { functionality: true, tracking: false, targeting: true },
      revision: 3,
      id: 'f6a1c7b2-1d4e-4c8a-9b1f-2a3b4c5d6e7f',
    });
  });

  it('asks again when the revision was raised, or when the revision cookie is missing or garbled', () => {
    expect(readConsent(jar(acceptAll, 2), 3)).toEqual({ status: 'pending' });
    const { [consentCookie.revision]: _, ...noRevision } = jar();
    expect(readConsent(noRevision, 1)).toEqual({ status: 'pending' });
    expect(readConsent({ ...jar(), [consentCookie.revision]: 'x' }, 1)).toEqual({
      status: 'pending',
    });
    // A choice under a newer revision (a rollback of the setting) still counts.
    expect(readConsent(jar(acceptAll, 4), 3).status).toBe('chosen');
  });

  it('counts anything but "true" as a refusal', () => {
    const state = readConsent(
      { ...jar(), [consentCookie.tracking]: 'yes', [consentCookie.targeting]: '' },
      3,
    );
    expect(state.status === 'chosen' && state.choice).toEqual({
      functionality: true,
      tracking: false,
      targeting: false,
    });
  });

  it('accept all writes the five cookies true, reject writes accepted and necessary true and the rest false', () => {
    const five = [
      consentCookie.accepted,
      consentCookie.necessary,
      consentCookie.functionality,
      consentCookie.tracking,
      consentCookie.targeting,
    ];
    expect(five.map((name) => jar(acceptAll)[name])).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
    ]);
    expect(five.map((name) => jar(rejectAll)[name])).toEqual([
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(jar(rejectAll)[consentCookie.revision]).toBe('3');
  });

  it('knows which categories a new choice withdraws', () => {
    const before = readConsent(jar({ functionality: true, tracking: true, targeting: false }), 3);
    expect(
      withdrawnCategories(before, { functionality: true, tracking: false, targeting: true }),
    ).toEqual(['tracking']);
    expect(withdrawnCategories({ status: 'pending' }, rejectAll)).toEqual([]);
  });
});

describe('clearing', () => {
  const present = [
    'consent_accepted',
    'consent_tracking',
    'consent_id',
    'visitor_id',
    '_ga',
    '_ga_ABC123',
    '_gid',
    '_gcl_au',
    '_gcl_aw',
    'utm_source',
    'utm_campaign',
    'other',
  ];

  it('deletes the cookies of a withdrawn category, with Google’s wildcard names, and never a consent cookie', () => {
    expect(cookiesToClear(['tracking'], catalogue, present)).toEqual([
      'visitor_id',
      '_ga',
      '_ga_ABC123',
      '_gid',
    ]);
    expect(cookiesToClear(['targeting'], catalogue, present)).toEqual([
      '_gcl_au',
      '_gcl_aw',
      'utm_source',
      'utm_campaign',
    ]);
    expect(
      cookiesToClear(['functionality', 'tracking', 'targeting'], catalogue, present).filter((n) =>
        n.startsWith('consent_'),
      ),
    ).toEqual([]);
    expect(cookiesToClear([], catalogue, present)).toEqual([]);
  });

  it('covers the host, each parent domain (where _ga lives) and the configured domain', () => {
    expect(cookieDomains('www.pistelink.com', '')).toEqual([
      undefined,
      'www.pistelink.com',
      'pistelink.com',
    ]);
    expect(cookieDomains('www.pistelink.com', '.pistelink.com')).toEqual([
      undefined,
      'www.pistelink.com',
      'pistelink.com',
    ]);
    expect(cookieDomains('localhost', '')).toEqual([undefined]);
    expect(cookieDomains('127.0.0.1', '')).toEqual([undefined]);
    expect(cookieDomains('preview.host.example', 'pistelink.com')).toContain('pistelink.com');
  });
});

/** A browser's cookie jar, enough for js-cookie: one host, expiry and Max-Age honoured. */
class FakeCookieJar {
  cookies = new Map<
    string,
    { value: string; domain: string | undefined; expires: number | undefined }
  >();
  writes: string[] = [];
  get cookie() {
    return [...this.cookies].map(([key, c]) => `${key.split('|')[0]}=${c.value}`).join('; ');
  }
  set cookie(text: string) {
    this.writes.push(text);
    const [pair, ...attributes] = text.split(';').map((part) => part.trim());
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split('=')[1];
    const domain = attribute('domain');
    const maxAge = attribute('max-age');
    const expires =
      maxAge !== undefined
        ? Date.now() + Number(maxAge) * 1000
        : attribute('expires')
          ? Date.parse(attribute('expires')!)
          : undefined;
    const key = `${name}|${domain ?? ''}`;
    if (expires !== undefined && expires <= Date.now()) this.cookies.delete(key);
    else this.cookies.set(key, { value, domain, expires });
  }
}

describe('cookies in the browser', () => {
  let cookieJar: FakeCookieJar;
  const g = globalThis as Record<string, unknown>;
  const setHost = (href: string) => {
    const url = new URL(href);
    g.location = { href, protocol: url.protocol, hostname: url.hostname };
  };
  beforeEach(() => {
    cookieJar = new FakeCookieJar();
    g.document = cookieJar;
    setHost('https://www.pistelink.com/en');
  });
  afterEach(() => {
    delete g.document;
    delete g.location;
  });

  it('writes a consent cookie for the consent lifetime on the configured domain, SameSite=Lax, Secure over https', () => {
    writeCookie('consent_tracking', 'true', {
      domain: 'pistelink.com',
      days: facts.cookies.consentDays,
    });
    const written = cookieJar.writes[0]!;
    expect(written).toMatch(/^consent_tracking=true; /);
    expect(written).toContain('path=/');
    expect(written).toContain('domain=pistelink.com');
    expect(written).toContain('sameSite=Lax');
    expect(written).toMatch(/; secure/);
    const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!);
    expect(Math.abs(expires - (Date.now() + facts.cookies.consentDays * 86_400_000))).toBeLessThan(
      5_000,
    );
    expect(readCookies()).toEqual({ consent_tracking: 'true' });
  });

  it('leaves out Domain when none is configured, and Secure over plain http', () => {
    setHost('http://localhost:4321/en');
    writeCookie('consent_accepted', 'true', { domain: '', days: facts.cookies.consentDays });
    expect(cookieJar.writes[0]).not.toMatch(/domain=|secure/i);
  });

  it('writes the visitor id once: a UUID for exactly the one-year lifetime, path /', () => {
    const id = ensureVisitorId({ domain: '', seconds: facts.cookies.visitorIdSeconds });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cookieJar.writes[0]).toContain(`Max-Age=${facts.cookies.visitorIdSeconds}`);
    expect(cookieJar.writes[0]).toContain('Path=/');
    expect(ensureVisitorId({ domain: '', seconds: facts.cookies.visitorIdSeconds })).toBe(id);
    expect(cookieJar.writes).toHaveLength(1);
  });

  it('deletes a cookie on the host and on every parent domain', () => {
    cookieJar.cookie = '_ga=GA1.1.1; path=/; domain=pistelink.com';
    cookieJar.cookie = `${VISITOR_COOKIE}=x; path=/`;
    deleteCookies(['_ga', VISITOR_COOKIE], '');
    expect(readCookies()).toEqual({});
  });

  it('writes a new campaign whole: a value it lacks is deleted, not left from the last one', () => {
    writeCampaignCookies(
      { utm_source: 'newsletter', utm_campaign: 'spring' },
      { domain: '', days: 30 },
    );
    writeCampaignCookies({ utm_source: 'ads' }, { domain: '', days: 30 });
    expect(readCookies()).toEqual({ utm_source: 'ads' });
    writeCampaignCookies({}, { domain: '', days: 30 });
    expect(readCookies()).toEqual({ utm_source: 'ads' });
  });
});

describe('the head script', () => {
  /** Runs the inline script over a cookie string; returns what it marked and what it added. */
  function run(cookie: string, search = '', revision = 3, tags = true) {
    const added: { type: string; src: string }[] = [];
    const html = { dataset: {} as Record<string, string> };
    const settings = {
      textContent: JSON.stringify({
        revision,
        tags,
        banner: '/_astro/banner-x.js',
        loader: '/_astro/tracking-loader-x.js',
      }),
    };
    const document = {
      cookie,
      documentElement: html,
      getElementById: () => settings,
      createElement: () => ({ type: '', src: '' }),
      head: { appendChild: (script: { type: string; src: string }) => added.push(script) },
    };
    runInNewContext(consentHeadScript, { document, location: { search } });
    return { consent: html.dataset.consent, added };
  }
  const cookieString = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

  it('marks the choice pending exactly when readConsent says so', () => {
    const cases = [
      {},
      jar(acceptAll, 2),
      jar(acceptAll, 3),
      jar(rejectAll, 3),
      { ...jar(acceptAll, 3), [consentCookie.revision]: '' },
      { ...jar(), [consentCookie.accepted]: 'false' },
    ];
    for (const values of cases) {
      expect(run(cookieString(values)).consent, JSON.stringify(values)).toBe(
        readConsent(values, 3).status === 'pending' ? 'pending' : 'given',
      );
    }
  });

  it("adds the banner's script only while the choice is pending, and nothing else then", () => {
    const banner = [{ type: 'module', src: '/_astro/banner-x.js' }];
    expect(run('').added).toEqual(banner);
    expect(run(cookieString(jar(acceptAll, 2))).added).toEqual(banner);
    expect(run(cookieString(jar(rejectAll))).added).toEqual([]);
  });

  it('adds the tracking loader only with tracking allowed, or targeting on an address with campaign values', () => {
    expect(run(cookieString(jar(acceptAll))).added).toEqual([
      { type: 'module', src: '/_astro/tracking-loader-x.js' },
    ]);
    expect(run(cookieString(jar(rejectAll))).added).toEqual([]);
    const targetingOnly = cookieString(
      jar({ functionality: false, tracking: false, targeting: true }),
    );
    expect(run(targetingOnly).added).toEqual([]);
    expect(run(targetingOnly, '?utm_source=news').added).toHaveLength(1);
  });

  it('adds no tracking loader when the build has no tag to load, except for campaign values', () => {
    expect(run(cookieString(jar(acceptAll)), '', 3, false).added).toEqual([]);
    expect(run(cookieString(jar(acceptAll)), '?utm_source=news', 3, false).added).toHaveLength(1);
  });

  it('is the same text whatever the build: a Content Security Policy can allow it by one hash', () => {
    expect(consentHeadScript).not.toMatch(/GTM-|G-[A-Z0-9]{6}|_astro/);
  });
});

describe('what the tracking loader loads', () => {
  it('loads nothing, not even Partytown, when no id is configured', () => {
    const plan = trackingPlan({ gtmId: '', measurementIds: [] });
    expect(plan.scripts).toEqual([]);
    expect(loadsNothing(plan)).toBe(true);
    expect(loadsNothing(trackingPlan({ gtmId: ' ', measurementIds: ['', ' '] }))).toBe(true);
  });

  it('loads one Google tag for both analytics configurations, and the tag manager', () => {
    const plan = trackingPlan({
      gtmId: 'GTM-TEST01',
      measurementIds: ['G-TEST000001', 'G-TEST000002'],
    });
    expect(plan.scripts).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST000001',
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST01',
    ]);
    expect(plan.measurementIds).toEqual(['G-TEST000001', 'G-TEST000002']);
    expect(trackingPlan({ gtmId: 'GTM-X', measurementIds: [] }).scripts).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-X',
    ]);
  });

  it('tells Consent Mode "denied" first, then the choice, before any configuration or page view', () => {
    const plan = trackingPlan({
      gtmId: 'GTM-TEST01',
      measurementIds: ['G-TEST000001', 'G-TEST000002'],
    });
    const code = workerBootstrap(
      plan,
      { default: consentModeState(undefined), update: consentModeState(acceptAll) },
      'visitor-1',
    );
    const order = [
      "'consent', 'default'",
      "'consent', 'update'",
      '\'config\', "G-TEST000001"',
      '\'config\', "G-TEST000002"',
      "'event', 'page_view'",
      "'gtm.js'",
    ].map((s) => code.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(code.match(/'page_view'/g)).toHaveLength(1);
    expect(code).toContain('send_page_view: false');
    expect(code).toContain('"visitor_id":"visitor-1"');
    expect(workerBootstrap(plan, { default: {}, update: {} }, undefined)).not.toContain(
      'visitor_id',
    );
  });

  it('maps the categories onto Consent Mode v2, everything optional denied by default', () => {
    expect(consentModeState(undefined)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    const tracking = consentModeState({ functionality: false, tracking: true, targeting: false });
    expect([
      tracking.analytics_storage,
      tracking.ad_storage,
      tracking.ad_user_data,
      tracking.ad_personalization,
    ]).toEqual(['granted', 'denied', 'denied', 'denied']);
    expect(consentModeState(acceptAll).ad_personalization).toBe('granted');
  });
});

describe('campaign values', () => {
  it('reads the three parameters from the landing address, trimmed and bounded', () => {
    expect(
      campaignFromUrl(
        'https://x.test/en?utm_source=news&utm_medium=%20email%20&utm_campaign=spring&utm_term=ski',
      ),
    ).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
    expect(campaignFromUrl('https://x.test/en?utm_source=')).toEqual({});
    expect(
      campaignFromUrl(`https://x.test/?utm_source=${'a'.repeat(500)}`).utm_source,
    ).toHaveLength(200);
  });

  it('carries them to the next page of the site only', () => {
    const base = 'https://x.test/en?utm_source=news';
    const campaign = { utm_source: 'news', utm_campaign: 'spring' };
    expect(carryCampaign('/en/rental', base, campaign)).toBe(
      'https://x.test/en/rental?utm_source=news&utm_campaign=spring',
    );
    expect(carryCampaign('/fr/prix?tab=ski#top', base, campaign)).toBe(
      'https://x.test/fr/prix?tab=ski&utm_source=news&utm_campaign=spring#top',
    );
    expect(carryCampaign('https://www.facebook.com/pistelink', base, campaign)).toBeNull();
    expect(carryCampaign('mailto:hello@pistelink.com', base, campaign)).toBeNull();
    expect(carryCampaign('#main', base, campaign)).toBeNull();
    expect(carryCampaign('/en?utm_source=other', base, campaign)).toBeNull();
    expect(carryCampaign('/en/rental', base, {})).toBeNull();
  });
});

describe('the cookie catalogue matches the code', () => {
  const byName = new Map(catalogueFile.map((c) => [c.name, c.category]));
  it('lists every consent cookie as necessary, the visitor id as tracking, the campaign cookies as targeting', () => {
    for (const name of Object.values(consentCookie))
      expect(byName.get(name), name).toBe('necessary');
    expect(byName.get(VISITOR_COOKIE)).toBe('tracking');
    for (const name of campaignParameters) expect(byName.get(name), name).toBe('targeting');
  });
});

describe('the consent record', () => {
  let store: SubmissionStore;
  beforeEach(() => {
    store = openStore(':memory:');
  });
  afterEach(() => store.close());

  const receive = createReceiver({
    maxFileBytes: 1000,
    maxBodyBytes: 5000,
    rateLimit: { max: 1000, windowSeconds: 60 },
    uploadDir: '/nonexistent',
    allowedOrigins: [],
    store: inThisThread(() => store),
    describe: englishMessage,
    now: () => new Date('2026-11-21T10:00:00.000Z'),
  });
  const post = (fields: Record<string, string>) =>
    receive(
      new Request('http://site.test/api/forms', {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { accept: 'application/json' },
      }),
      '203.0.113.9',
    );
  const id = 'f6a1c7b2-1d4e-4c8a-9b1f-2a3b4c5d6e7f';
  const visitor = '0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3';
  /** A French visitor's record at revision 2, sent with their visitor id. */
  const record = (choice: ConsentChoice, method: ConsentMethod) =>
    consentRecordFields({ id, choice, revision: 2, method, visitorId: visitor, locale: 'fr' });

  it('keeps the visitor id only with tracking allowed', () => {
    expect(record(acceptAll, 'accept-all')).toMatchObject({ visitorId: visitor, tracking: 'true' });
    expect(record(rejectAll, 'reject-all')).not.toHaveProperty('visitorId');
  });

  it('is stored with its id, categories, revision and time, and no IP address', async () => {
    const response = await post(record(acceptAll, 'accept-all'));
    expect(response.status).toBe(200);
    const [row] = store.list('ConsentRecord');
    expect(row).toEqual({
      id: 1,
      consent_id: id,
      necessary: 1,
      functionality: 1,
      tracking: 1,
      targeting: 1,
      revision: 2,
      method: 'accept-all',
      visitor_id: visitor,
      locale: 'fr',
      created_at: '2026-11-21T10:00:00.000Z',
    });
    expect(JSON.stringify(store.list('ConsentRecord'))).not.toContain('203.0.113.9');
  });

  it('drops a visitor id sent without tracking allowed, and keeps a resent record once', async () => {
    const fields = {
      ...consentRecordFields({
        id,
        choice: rejectAll,
        revision: 2,
        method: 'reject-all',
        locale: 'en',
      }),
      visitorId: visitor,
    };
    expect((await post(fields)).status).toBe(200);
    expect((await post(fields)).status).toBe(200);
    expect(store.list('ConsentRecord').map((r) => [r.tracking, r.visitor_id])).toEqual([[0, null]]);
  });

  it('refuses a record that is not one', async () => {
    const bad = await post({
      'form-name': 'ConsentRecord',
      consentId: 'not-a-uuid',
      functionality: 'maybe',
      tracking: 'true',
      targeting: 'false',
      revision: '0',
      method: 'shrug',
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { errors: Record<string, unknown> };
    expect(Object.keys(body.errors).sort()).toEqual([
      'consentId',
      'functionality',
      'method',
      'revision',
    ]);
    expect(store.list('ConsentRecord')).toEqual([]);
  });
});
