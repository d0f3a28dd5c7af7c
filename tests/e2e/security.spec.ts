/**
 * Security headers and the Content Security Policy, as a browser receives them from the server
 * `npm start` runs: the headers on every kind of response (pages in two locales, an on-demand
 * route, the 404 page, files), the same values in the static hosts' `_headers`, a page policy
 * that runs scripts only by file or hash, and pages that work under it with no violation at all:
 * Partytown and the tags after Accept all, nothing after Reject, a toast, the forms.
 */
import { freePort } from '../free-port';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { consentHeadScript } from '../../src/consent/head-script';
import { pathTo } from '../../src/i18n/routes';
import { builtPagePolicies, headerPolicyFor } from '../../src/security/header-policy';
import {
  headerContentSecurityPolicy,
  headerOnlyDirectives,
  securityHeaders,
} from '../../src/security/headers';
import { builtBackendUrl, scenarioUrl, scenarios } from './fake-backend-data';
import { startServer } from './forms-helpers';
import { aResort, useTranslations } from './site';
import { tagsLoadedOnce, watchNetwork } from './third-party-stubs';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A policy as a map of directive → sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...list]) => [name!.toLowerCase(), list]));
}

/** Every value of a header (a response may carry several Content-Security-Policy lines). */
const headerValues = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name.toLowerCase())
    .map((h) => h.value);

/** The client folder of the build served: the e2e build, or the static hosts' (their config). */
const clientDir = process.env.E2E_CLIENT_DIR ?? 'dist/client';
/** The header policy of the build served: its pages' policies made into one (header-policy.ts). */
const buildHeaderPolicy = () => headerPolicyFor(builtPagePolicies(clientDir));

/**
 * Every header with its value, and one complete Content Security Policy (with `default-src`): the
 * build's, or the 404 page's own with the header-only directives added.
 */
function expectSecurityHeaders(response: APIResponse, what: string) {
  for (const [name, value] of Object.entries(securityHeaders))
    expect(headerValues(response, name), `${name} on ${what}`).toContain(value);
  const policies = headerValues(response, 'content-security-policy');
  expect(policies, `Content-Security-Policy on ${what}`).toHaveLength(1);
  const policy = parsePolicy(policies[0]!);
  expect(policy.get('default-src'), `default-src on ${what}`).toEqual(["'self'"]);
  expect(policy.get('script-src'), `script-src on ${what}`).not.toContain("'unsafe-inline'");
  for (const directive of headerContentSecurityPolicy.split('; '))
    expect(policies[0], `${directive} on ${what}`).toContain(directive);
}

/**
 * A built page: every security header, and as its policy header only what its `<meta>` policy
 * cannot carry (`frame-ancestors`); the `<meta>`, which the browser enforces with it, has the rest.
 */
async function expectPageSecurityHeaders(response: APIResponse, what: string) {
  for (const [name, value] of Object.entries(securityHeaders))
    expect(headerValues(response, name), `${name} on ${what}`).toContain(value);
  expect(headerValues(response, 'content-security-policy'), what).toEqual([
    headerOnlyDirectives.join('; '),
  ]);
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(
    await response.text(),
  )?.[1];
  expect(meta, `the <meta> policy of ${what}`).toBeDefined();
  const policy = parsePolicy(meta!.replaceAll('&#39;', "'"));
  expect(policy.get('default-src'), `default-src on ${what}`).toEqual(["'self'"]);
  expect(policy.get('script-src'), `script-src on ${what}`).not.toContain("'unsafe-inline'");
  expect(policy.get('object-src'), `object-src on ${what}`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `base-uri on ${what}`).toEqual(["'self'"]);
}

test.describe('headers the Node server sends', () => {
  test(
    'on prerendered pages in two locales, an on-demand route, the 404 page and files',
    { tag: '@node-server' },
    async ({ request }) => {
      const responses: [string, APIResponse][] = [
        ['the English home page', await request.get('/en')],
        ['a French page', await request.get(pathTo('rental', 'fr'))],
        [
          'the lesson search (on demand, a redirect)',
          await request.get('/api/lesson-search?locale=fr&where=nowhere', { maxRedirects: 0 }),
        ],
        [
          'the form receiver (on demand, JSON)',
          await request.post('/api/forms', {
            form: { 'form-name': 'SubscribeForm', email: 'not an address' },
            headers: { accept: 'application/json' },
          }),
        ],
        ['the 404 page', await request.get('/es/no-such-page')],
        ['the favicon', await request.get('/favicon.svg')],
        ['Partytown’s service worker', await request.get('/~partytown/partytown-sw.js')],
      ];
      expect(responses.map(([what, r]) => `${what}: ${r.status()}`)).toEqual([
        'the English home page: 200',
        'a French page: 200',
        'the lesson search (on demand, a redirect): 303',
        'the form receiver (on demand, JSON): 400',
        'the 404 page: 404',
        'the favicon: 200',
        'Partytown’s service worker: 200',
      ]);
      const [home, french, ...others] = responses;
      for (const [what, response] of [home!, french!])
        await expectPageSecurityHeaders(response, what);
      for (const [what, response] of others) expectSecurityHeaders(response, what);
      // The other answers: the build's policy, whose script hashes include the pages'.
      const worker = headerValues(responses.at(-1)![1], 'content-security-policy')[0]!;
      expect(worker).toBe(buildHeaderPolicy());
      expect(parsePolicy(worker).get('script-src')).toContain(sha256(consentHeadScript));

      // A built script (an island's), found in the page as a browser would find it.
      const html = await (await request.get('/en')).text();
      const script = html.match(/component-url="(\/_astro\/[^"]+\.js)"/)?.[1];
      expect(script).toBeDefined();
      const asset = await request.get(script!);
      expect(asset.headers()['content-type']).toMatch(/javascript/);
      expectSecurityHeaders(asset, script!);
    },
  );

  test(
    'the 404 page, rendered on demand, sends one policy: its own with frame-ancestors added, and its charset',
    { tag: '@node-server' },
    async ({ request }) => {
      const response = await request.get('/fr/no-such-page');
      const policies = headerValues(response, 'content-security-policy');
      expect(policies).toHaveLength(1);
      const page = parsePolicy(policies[0]!);
      expect(page.get('default-src')).toEqual(["'self'"]);
      expect(page.get('frame-ancestors')).toEqual(["'self'"]);
      expect(page.get('script-src')).toContain(sha256(consentHeadScript));
      expect(page.get('script-src')).not.toContain("'unsafe-inline'");
      expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    },
  );

  test('the static hosts’ _headers file carries the same values as the server, for every path', async ({
    request,
  }) => {
    const file = readFileSync(`${clientDir}/_headers`, 'utf8');
    const lines = file.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines[0]).toBe('/*');
    // The `/*` block, up to the next path (the caching rules: tests/e2e/caching.spec.ts).
    const next = lines.findIndex((line, i) => i > 0 && line.startsWith('/'));
    const block = lines.slice(1, next === -1 ? undefined : next);
    const written = Object.fromEntries(
      block.map((line) =>
        line
          .trim()
          .split(/:\s(.*)/)
          .slice(0, 2),
      ),
    );
    expect(written).toEqual({
      'Content-Security-Policy': buildHeaderPolicy(),
      ...securityHeaders,
    });

    const served = await request.get('/favicon.svg');
    for (const [name, value] of Object.entries(written))
      expect(headerValues(served, name), name).toContain(value);
    // Pages too, but for the policy: on the Node server, their `<meta>` has it (test above).
  });
});

test.describe('the page’s Content Security Policy', () => {
  for (const path of ['/en', pathTo('contact', 'fr')]) {
    test(`is the first thing in <head> and runs scripts only by file or hash (${path})`, async ({
      page,
    }) => {
      await page.goto(path);
      const head = await page
        .locator('head > *')
        .evaluateAll((elements) => elements.map((e) => e.outerHTML.slice(0, 60)));
      expect(head[0]).toMatch(/^<meta charset/);
      expect(head[1]).toMatch(/^<meta http-equiv="content-security-policy"/);

      const policy = parsePolicy(
        (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content'))!,
      );
      const scripts = policy.get('script-src')!;
      expect(scripts).toContain("'self'");
      expect(scripts.filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThan(1);
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'data:'])
        expect(scripts, loose).not.toContain(loose);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);

      // The consent head script as the page serves it, and as its module writes it (the first
      // classic inline script: the whole stylesheet's applying script comes after it).
      const served = await page.locator('head script:not([type]):not([src])').first().textContent();
      expect(served).toBe(consentHeadScript);
      expect(scripts).toContain(sha256(consentHeadScript));

      // Every inline script that runs on this page is in the policy (JSON data blocks do not run).
      const inline = await page
        .locator('script:not([src])')
        .evaluateAll((all) =>
          all
            .filter(
              (s) => !(s as HTMLScriptElement).type || (s as HTMLScriptElement).type === 'module',
            )
            .map((s) => s.textContent ?? ''),
        );
      for (const text of inline) expect(scripts, text.slice(0, 80)).toContain(sha256(text));

      // Pages never ask the marketplace backend (the Node server relays the live conditions).
      expect(policy.get('connect-src')).not.toContain(builtBackendUrl.origin);
    });
  }
});

type Violation = {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  frame: string;
};

/** Records every policy violation of every frame of the page, from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
        frame: location.pathname,
      }),
    );
  });
  // The browser also reports violations in the console (workers' included).
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  return async (): Promise<(Violation | string)[]> => {
    const perFrame = await Promise.all(
      page
        .frames()
        .map((frame) =>
          frame
            .evaluate(
              () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
            )
            .catch(() => []),
        ),
    );
    return [...perFrame.flat(), ...console];
  };
}

const t = useTranslations('en');

test.describe('pages work under the policy, with no violation', () => {
  test.describe('a first visit', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('Accept all: Partytown runs from the site and the tags load and send the page view', async ({
      page,
      context,
    }) => {
      const network = await watchNetwork(context);
      const violations = await watchViolations(page);
      await page.goto('/en/rental');
      await page.locator('[data-consent-banner][data-ready]').waitFor({ state: 'attached' }); // its script is wired
      await page
        .locator('[data-consent-banner]')
        .getByRole('button', { name: t('consent.banner.acceptAll') })
        .click();

      await expect
        .poll(() => network.all.some((u) => u.endsWith('/~partytown/partytown.js')))
        .toBe(true);
      // The service worker, its sandbox iframe, and the tags run in its worker.
      await expect
        .poll(() =>
          page.evaluate(async () =>
            Boolean((await navigator.serviceWorker.getRegistration('/~partytown/'))?.active),
          ),
        )
        .toBe(true);
      await expect(
        page.locator('iframe[src^="/~partytown/partytown-sandbox-sw.html"]'),
      ).toBeAttached();
      // Violations are watched in that iframe too, once its document has replaced the first, blank one.
      const sandboxWatched = async () => {
        const sandbox = page
          .frames()
          .find((frame) => frame.url().includes('/~partytown/partytown-sandbox-sw.html'));
        return (
          (await sandbox
            ?.evaluate(() =>
              Array.isArray((window as unknown as { __cspViolations?: unknown }).__cspViolations),
            )
            .catch(() => false)) ?? false
        );
      };
      await expect.poll(sandboxWatched).toBe(true);
      await tagsLoadedOnce(network);
      // The page view is sent by the tag's code, run by Partytown with `new Function`: it ran.
      await expect.poll(() => network.pageViews().length).toBe(1);

      // The next page: Partytown again, from the installed service worker.
      await page.goto(pathTo('prices', 'fr'));
      await expect.poll(() => network.pageViews().length).toBe(2);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });

    test('Reject: nothing loads, and nothing is refused either', async ({ page, context }) => {
      const network = await watchNetwork(context);
      const violations = await watchViolations(page);
      await page.goto('/fr');
      await page.locator('[data-consent-banner][data-ready]').waitFor({ state: 'attached' }); // its script is wired
      await page
        .locator('[data-consent-banner]')
        .getByRole('button', { name: useTranslations('fr')('consent.banner.rejectAll') })
        .click();
      await page.goto(pathTo('resorts', 'fr'));
      await page.waitForLoadState('networkidle');
      expect(network.thirdParty).toEqual([]);
      expect(network.all.filter((u) => u.includes('/~partytown/'))).toEqual([]);
      expect(await violations()).toEqual([]);
    });
  });

  test(
    'a toast: sonner’s own stylesheet is allowed by its hash',
    { tag: '@node-server' },
    async ({ page }) => {
      // A server of its own, whose live conditions relay gets a GraphQL error from the backend.
      const server = await startServer(await freePort(), {
        BACKEND_GRAPHQL_URL: scenarioUrl(scenarios.error),
      });
      try {
        const violations = await watchViolations(page);
        // The toast follows the relay's answer, the first this new server gives (seconds on a busy
        // machine): awaited on its own, so the toast's wait below is only for its drawing.
        const relayed = page.waitForResponse((r) => r.url().includes('/api/live-conditions/'));
        await page.goto(`${server.url}${pathTo('resortSkiLessons', 'es', { resort: aResort.id })}`);
        await relayed;
        const toast = page.locator('[data-sonner-toast]');
        await expect(toast).toBeVisible();
        // A rule of sonner's injected stylesheet, applied.
        await expect(toast).toHaveCSS('position', 'absolute');
        expect(await violations()).toEqual([]);
      } finally {
        await server.stop();
      }
    },
  );

  const pages = [
    ['the home page (shuffled reviews, the lesson search)', '/pt'],
    [
      'a resort page (live conditions from the backend)',
      pathTo('resortSnowboardLessons', 'fr', { resort: aResort.id }),
    ],
    ['the instructor application', pathTo('instructorApplication', 'en')],
    ['the preferences', pathTo('preferences', 'es')],
    ['the 404 page (its policy in a header)', '/en/no-such-page'],
  ] as const;
  for (const [name, path] of pages) {
    test(`${name}`, async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('the reviews are shuffled by their hashed inline script', async ({ page }) => {
    const orders = new Set<string>();
    for (let visit = 0; visit < 6 && orders.size < 2; visit++) {
      await page.goto('/en');
      orders.add((await page.locator('.review__author').allTextContents()).join('|'));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  test('a form posts to the receiver', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(pathTo('newsletter', 'en'));
    await page
      .locator('main form[data-newsletter-form][data-enhanced]')
      .waitFor({ state: 'attached' });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms') && r.request().method() === 'POST',
    );
    await page.locator('main form input[type="email"]').fill(`csp-${Date.now()}@example.com`);
    await page.locator('main form [type="submit"]').click();
    expect((await answer).status()).toBe(200);
    expect(await violations()).toEqual([]);
  });

  test('the footer’s newsletter dialog loads its code and posts', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(pathTo('about', 'es'));
    await page.locator('[data-newsletter-trigger]').click();
    await page
      .locator('dialog form[data-newsletter-form][data-enhanced]')
      .waitFor({ state: 'attached' });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms') && r.request().method() === 'POST',
    );
    await page.locator('dialog input[type="email"]').fill(`csp-dialog-${Date.now()}@example.com`);
    await page.locator('dialog form[data-newsletter-form] [type="submit"]').click();
    expect((await answer).status()).toBe(200);
    expect(await violations()).toEqual([]);
  });
});
