/** The content-driven parts of the pages, read from the collections (Astro build only). */
import { getCollection } from 'astro:content';
import { parse } from 'yaml';
import teamsFile from '../../content/teams.yaml?raw';
import type { Locale } from '../i18n/locales';
import { sitePages } from '../i18n/site-pages';
import { postingsFor, slugOf } from './postings';
import type { Teams } from './teams';

/** Job slugs are the English postings' file names; every posting exists in English. */
export async function contentSitePages() {
  const resorts = (await getCollection('resorts')).map((r) => r.id);
  const jobs = (await getCollection('jobs')).map(slugOf);
  return sitePages({ resorts, jobs });
}

/**
 * Every posting as a locale's pages show it: the translation's words when there is one, and
 * always the English posting's facts (src/content/postings.ts). The one way the pages read postings.
 */
export async function postingsIn(locale: Locale) {
  return postingsFor(await getCollection('jobs'), await getCollection('jobTranslations'), teams(), locale);
}

/**
 * The teams' file, parsed once: every job page reads it, and parsing it again on each was most of
 * what a job page spent here in a build of thousands of pages. Only read, never changed; a change
 * of the file under `astro dev` loads this module again.
 */
let parsedTeams: Teams | undefined;
const teams = () => (parsedTeams ??= parse(teamsFile) as Teams);
