import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { parseHTML } from 'linkedom';
import { lessonPriceValues } from '../../src/lessons/price-values';
import { seoLengthProblems } from '../../src/lib/seo-lengths';
import { locales } from '../../src/i18n/locales';
import { everyPage, useTranslations } from './site';

// Every page's content as the server sends it: what a visitor without JavaScript and a search
// engine get. Read from the HTML itself, without a browser (a browser adds nothing here and costs
// a page load each); axe loads every page in a browser (accessibility.spec.ts). On the static
// hosts, tests/static-hosts checks instead that each page is served at its address.
test.describe('every page in every locale', { tag: '@content' }, () => {
  for (const { locale, page: id, params, path } of everyPage) {
    test(`${path} is the ${id} page in ${locale}`, async ({ request }) => {
      const t = useTranslations(locale);
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const { document } = parseHTML(await response.text());
      const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content');
      expect(document.documentElement.getAttribute('lang')).toBe(locales[locale].htmlLang);
      expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
        `http://localhost:4321${path}`,
      );
      const headings = document.querySelectorAll('h1');
      expect(headings).toHaveLength(1);
      expect(headings[0]?.textContent?.trim()).not.toBe('');
      const title = document.title;
      const description = meta('meta[name=description]') ?? '';
      if (Object.keys(params).length === 0) {
        // Fixed pages take their title and description from the translations, word for word
        // (the prices page fills in the lesson prices from the site facts).
        const values = id === 'prices' ? lessonPriceValues(locale) : {};
        expect(title).toBe(t(`pages.${id}.title`, values));
        expect(description).toBe(t(`pages.${id}.description`, values));
      } else {
        // Resort and job pages name their resort or posting; each view's own spec checks the words.
        expect(title.length).toBeGreaterThan(10);
        expect(description).toMatch(/\S{3,}/);
      }
      // Whole in search results: the title and description as rendered, brand and names included.
      expect(seoLengthProblems({ title, description })).toEqual([]);
    });
  }
});

test.describe('search engines', () => {
  test('translated slugs are paired as alternates, with x-default, and Portuguese left out', async ({
    page,
  }) => {
    await page.goto('/fr/instructeurs');
    const alternates = await page
      .locator('link[rel=alternate][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
      );
    expect(alternates).toEqual([
      'en http://localhost:4321/en/instructors',
      'es http://localhost:4321/es/instructores',
      'fr http://localhost:4321/fr/instructeurs',
      'x-default http://localhost:4321/en/instructors',
    ]);
    await expect(page.locator('meta[name=robots]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'http://localhost:4321/fr/instructeurs',
    );
  });

  test('the home page’s x-default is the language-neutral root', async ({ page }) => {
    await page.goto('/es');
    await expect(page.locator('link[hreflang=x-default]')).toHaveAttribute(
      'href',
      'http://localhost:4321/',
    );
  });

  test('Portuguese pages exist but are noindex and outside hreflang', async ({ page }) => {
    await page.goto('/pt/instrutores');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(0);
  });

  test('robots.txt names the sitemap, which lists the alternates', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>http://localhost:4321/es/sobre-nosotros</loc>');
    expect(xml).toContain('hreflang="fr" href="http://localhost:4321/fr/a-propos"');
    expect(xml).not.toContain('/pt/');
  });
});

test.describe('addresses outside the locale tree', () => {
  const cases: [string, string][] = [
    ['fr-CH,fr;q=0.9,en;q=0.8', '/fr'],
    ['es-ES,es;q=0.9', '/es'],
    ['de-DE,de;q=0.9', '/en'],
    ['pt-BR,pt;q=0.9', '/en'],
  ];
  for (const [acceptLanguage, home] of cases) {
    // Static hosts have no code to read Accept-Language: their `/` goes to English.
    test(
      `/ sends Accept-Language "${acceptLanguage}" to ${home}`,
      { tag: '@node-server' },
      async ({ request }) => {
        const response = await request.get('/', {
          maxRedirects: 0,
          headers: { 'Accept-Language': acceptLanguage },
        });
        expect(response.status()).toBe(302);
        expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(home);
        expect(response.headers().vary).toContain('Accept-Language');
      },
    );
  }

  test(
    '/ without Accept-Language goes to English, and a browser lands on the home page',
    { tag: '@node-server' },
    async ({ request, browser }) => {
      const response = await request.get('/', {
        maxRedirects: 0,
        headers: { 'Accept-Language': '' },
      });
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe('/en');
      const context = await browser.newContext({ locale: 'es-ES' });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(/\/es$/);
      await expect(page.locator('h1')).toHaveText(useTranslations('es')('pages.home.heading'));
      await context.close();
    },
  );

  test('/instructors and /download move permanently to their English pages, keeping the query', async ({
    request,
  }) => {
    for (const [from, to] of [
      ['/instructors', '/en/instructors'],
      ['/download?utm_source=store', '/en/download?utm_source=store'],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toMatch(new RegExp(`${escapeRegExp(to!)}$`));
    }
  });

  test('/temp-landing is the instructor landing page, without header or footer', async ({
    page,
  }) => {
    const response = await page.goto('/temp-landing');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('header, footer')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveText(useTranslations('en')('instructorLanding.heading'));
    await expect(
      page.getByRole('link', { name: useTranslations('en')('instructorLanding.apply') }),
    ).toHaveAttribute('href', '/en/instructors/join-us');
  });
});

test.describe('unknown addresses', () => {
  const cases: [string, 'en' | 'fr' | 'es' | 'pt'][] = [
    ['/fr/cette-page-n-existe-pas', 'fr'],
    ['/es/instructores/nadie', 'es'],
    ['/pt/nada', 'pt'],
    ['/en/instructeurs', 'en'],
    ['/nowhere', 'en'],
  ];
  for (const [path, locale] of cases) {
    test(`${path} answers 404 in ${locale}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('h1')).toHaveText(useTranslations(locale)('notFound.heading'));
      await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
      await expect(
        page.getByRole('link', { name: useTranslations(locale)('notFound.home') }),
      ).toHaveAttribute('href', `/${locale}`);
    });
  }

  test('the 404 page’s links stand clear of the footer, at 390 and 1280 px', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/fr/introuvable');
      const links = await page.locator('main nav ul').boundingBox();
      const footer = await page.locator('footer.site-footer').boundingBox();
      // At least the space between two sections of a page (--space-12, 48 px).
      expect(footer!.y - (links!.y + links!.height), `${width} px`).toBeGreaterThanOrEqual(48);
    }
  });

  test('the 404 page is valid HTML', async ({ request }) => {
    const html = await (await request.get('/fr/introuvable')).text();
    // The project's .htmlvalidate.json, as for the prebuilt pages.
    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(
      html,
      'dist/client/404.html',
    );
    expect(
      report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)),
    ).toEqual([]);
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('the server', { tag: '@node-server' }, () => {
  test('compresses pages, 404s and scripts for browsers that accept it', async ({ request }) => {
    const page = await request.get('/en', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    // As the build compressed it (scripts/precompress.mjs), not again per request.
    expect(Number(page.headers()['content-length'])).toBe(statSync('dist/client/en.html.br').size);
    const notFound = await request.get('/fr/introuvable', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()['content-encoding']).toBe('gzip');
    const script = (await page.text()).match(/component-url="([^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});
