/**
 * What a static host does with the build's own files (`_redirects`, `_headers`, the 404 pages):
 * the redirects of the spec, one address per page, and every security header on every kind of
 * response. The pages themselves (status 200 at their address, SEO, 404s in each language) are
 * pages.spec.ts, run on these hosts too (playwright.config.ts here).
 */
import { expect, test, type APIResponse } from '@playwright/test';
import { defaultLocale, locales } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { builtPagePolicies, headerPolicyFor } from '../../src/security/header-policy';
import { securityHeaders } from '../../src/security/headers';
import { aResort, everyPage } from '../e2e/site';
import { staticOutput, testBuildConfig } from './hosts';

const headerValues = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name.toLowerCase())
    .map((h) => h.value);

test('/ goes to the home page in the default language (302): no server reads Accept-Language here', async ({
  request,
}) => {
  const response = await request.get('/', {
    maxRedirects: 0,
    headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
  });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(
    pathTo('home', defaultLocale),
  );
});

test('a page’s other addresses lead to its one address', async ({ request }, testInfo) => {
  const page = pathTo('instructors', 'fr');
  for (const other of [`${page}/`, `${page}.html`, `${pathTo('home', 'es')}/`]) {
    const response = await request.get(other, { maxRedirects: 0 });
    if (testInfo.project.name === 'cloudflare') {
      // Cloudflare Pages: a permanent redirect to the address without the slash or `.html`.
      expect(response.status(), other).toBe(308);
      expect(response.headers().location, other).toBe(other.replace(/(\.html|\/)$/, ''));
    } else {
      // `netlify dev` serves the file at these addresses as well (Netlify's own "pretty URLs"
      // redirects are not part of its local server): the page names its one address as canonical.
      expect(response.status(), other).toBe(200);
      const canonical = (await response.text()).match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(new URL(canonical!).pathname, other).toBe(other.replace(/(\.html|\/)$/, ''));
    }
  }
});

test('every security header of _headers, on pages, 404s, redirects’ targets and files', async ({
  request,
}) => {
  const headerPolicy = headerPolicyFor(builtPagePolicies(staticOutput));
  const html = await (await request.get(pathTo('home', 'en'))).text();
  const script = html.match(/component-url="(\/_astro\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  const responses: [string, number, APIResponse][] = [
    ['a home page', 200, await request.get(pathTo('home', 'fr'))],
    ['a page with sub-pages', 200, await request.get(pathTo('instructors', 'es'))],
    ['a resort page', 200, await request.get(pathTo('resortRental', 'fr', { resort: aResort.id }))],
    ['an unknown address in French', 404, await request.get('/fr/cette-page-n-existe-pas')],
    ['an unknown address outside the locales', 404, await request.get('/nowhere')],
    ['the favicon', 200, await request.get('/favicon.svg')],
    ['an island’s script', 200, await request.get(script!)],
    ['robots.txt', 200, await request.get('/robots.txt')],
    ['the sitemap', 200, await request.get('/sitemap.xml')],
  ];
  for (const [what, status, response] of responses) {
    expect(response.status(), what).toBe(status);
    for (const [name, value] of Object.entries(securityHeaders))
      expect(headerValues(response, name), `${name} on ${what}`).toContain(value);
    // The build's complete header policy (src/security/header-policy.ts), as `_headers` has it.
    expect(headerValues(response, 'content-security-policy'), what).toContain(headerPolicy);
    expect(headerPolicy).toMatch(/(^|; )default-src 'self'(;|$)/);
  }
});

// One test per locale, each given time in proportion to its pages: an emulated host on a busy
// machine answers a page in anything from 20 ms to a second, and the page count follows the content.
for (const pageLocale of Object.keys(locales) as (keyof typeof locales)[]) {
  const pages = everyPage.filter(({ locale }) => locale === pageLocale);
  test(`every page in ${pageLocale}: 200 at its own address, no redirect, the page named by its canonical link`, async ({
    request,
  }) => {
    test.setTimeout(30_000 + pages.length * 1_000);
    const site = testBuildConfig().siteUrl;
    const problems: string[] = [];
    for (let start = 0; start < pages.length; start += 4) {
      await Promise.all(
        pages.slice(start, start + 4).map(async ({ path, locale }) => {
          const response = await request.get(path, { maxRedirects: 0 });
          const html = await response.text();
          const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
          const lang = html.match(/<html lang="([^"]+)"/)?.[1];
          if (
            response.status() !== 200 ||
            canonical !== new URL(path, site).href ||
            lang !== locales[locale].htmlLang
          ) {
            problems.push(
              `${path}: ${response.status()} ${response.headers().location ?? ''} canonical ${canonical} lang ${lang}`,
            );
          }
        }),
      );
    }
    expect(pages.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
}

test('a resort page keeps its built conditions and asks nothing: no relay without the Node server', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') asked.push(r.url());
  });
  await page.goto(pathTo('resortSkiLessons', 'en', { resort: aResort.id }));
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(page.locator('[data-resort-live]')).toBeEmpty();
  await expect(page.locator('main [data-resort-status]').first()).toHaveAttribute(
    'data-resort-status',
    aResort.status,
  );
});
