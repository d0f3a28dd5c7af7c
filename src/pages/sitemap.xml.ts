/** sitemap.xml: every page of every indexed locale, with its language versions (see i18n/sitemap). */
import type { APIRoute } from 'astro';
import { contentSitePages } from '../content/site-content';
import { sitemapXml } from '../i18n/sitemap';

export const GET: APIRoute = async () =>
  new Response(sitemapXml(await contentSitePages()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
