/** The content-driven part of the site map, read from the collections (Astro build only). */
import { getCollection } from 'astro:content';
import { sitePages } from '../i18n/site-pages';

/** Job slugs are the English postings' file names; every posting exists in English. */
export async function contentSitePages() {
  const resorts = (await getCollection('resorts')).map((r) => r.id);
  const jobs = (await getCollection('jobs')).filter((j) => j.id.startsWith('en/')).map((j) => j.id.slice(3));
  return sitePages({ resorts, jobs });
}
