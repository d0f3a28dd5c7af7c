/**
 * sitemap.xml from the route table: every page in every indexed locale, each listing all its
 * language versions (hreflang) and x-default. @astrojs/sitemap pairs pages only when their paths
 * match after the locale prefix, which translated slugs never do, so the table drives it instead.
 */
import { absoluteUrl } from '../config';
import { indexedLocales, locales } from './locales';
import { pathTo, xDefaultOf } from './routes';
import type { SitePage } from './site-pages';

export function sitemapXml(pages: readonly SitePage[]): string {
  const urls = pages.flatMap(({ page, params }) => {
    const links = [
      ...indexedLocales.map(
        (l) =>
          `    <xhtml:link rel="alternate" hreflang="${locales[l].htmlLang}" href="${absoluteUrl(pathTo(page, l, params))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${absoluteUrl(xDefaultOf(page, params))}"/>`,
    ];
    return indexedLocales.map(
      (l) =>
        `  <url>\n    <loc>${absoluteUrl(pathTo(page, l, params))}</loc>\n${links.join('\n')}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
