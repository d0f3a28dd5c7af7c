import { describe, expect, it } from 'vitest';
import { staticHostRedirectsFile } from '../../src/integrations/static-host-redirects';
import { sitePages } from '../../src/i18n/site-pages';
import { staticPageIds } from '../../src/i18n/routes';
import { sitemapXml } from '../../src/i18n/sitemap';

describe('sitemap', () => {
  const xml = sitemapXml(
    sitePages({ resorts: ['astun', 'la-molina'], jobs: ['backend-engineer'] }),
  );

  it('pairs translated slugs as alternates of one another', () => {
    const entry = xml
      .split('<url>')
      .find((u) => u.includes('<loc>http://localhost:4321/fr/instructeurs</loc>'));
    expect(entry).toContain('hreflang="en" href="http://localhost:4321/en/instructors"');
    expect(entry).toContain('hreflang="es" href="http://localhost:4321/es/instructores"');
    expect(entry).toContain('hreflang="x-default" href="http://localhost:4321/en/instructors"');
  });

  it('leaves out Portuguese, which is not indexed', () => {
    expect(xml).not.toContain('/pt');
    expect(xml).not.toContain('hreflang="pt"');
  });

  it('lists every page of every indexed locale once', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain('http://localhost:4321/es/instructores/unete-a-nosotros');
    expect(locs.length).toBe((staticPageIds.length + 2 * 3 + 1) * 3);
  });

  it('lists resort and job pages under their translated slugs', () => {
    const entry = xml
      .split('<url>')
      .find((u) => u.includes('<loc>http://localhost:4321/es/resorts/astun/clases-de-esqui</loc>'));
    expect(entry).toContain(
      'hreflang="fr" href="http://localhost:4321/fr/resorts/astun/cours-de-ski"',
    );
    expect(xml).toContain('<loc>http://localhost:4321/fr/emplois/backend-engineer</loc>');
  });
});

describe('static host redirects', () => {
  it('says what the Node server does: /, unprefixed addresses, localized 404s', () => {
    const file = staticHostRedirectsFile();
    expect(file).toContain('/ /en 302');
    expect(file).toContain('/instructors /en/instructors 301');
    expect(file).toContain('/download /en/download 301');
    expect(file).toContain('/fr/* /fr/404 404');
  });
});
