/** What the end-to-end tests walk through: every page of the site in every locale. */
import { readdirSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { readConfig } from '../../src/config';
import { allLocales, type Locale } from '../../src/i18n/locales';
import { pathTo, type PageId, type RouteParams } from '../../src/i18n/routes';
import { sitePages } from '../../src/i18n/site-pages';
import { useTranslations } from '../../src/i18n/translate';

export type SitePage = { locale: Locale; page: PageId; params: RouteParams; path: string };

/** Resort ids and job slugs, read from the content folder as Astro's loaders do. */
const filesIn = (dir: string, extension: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .map((name) => name.slice(0, -extension.length));
export const resortIds = filesIn('content/resorts', '.yaml');
export const jobSlugs = filesIn('content/jobs/en', '.md');

export const everyPage: SitePage[] = allLocales.flatMap((locale) =>
  sitePages({ resorts: resortIds, jobs: jobSlugs }).map(({ page, params }) => ({
    locale,
    page,
    params,
    path: pathTo(page, locale, params),
  })),
);

export { useTranslations };

/** Waits until a React island has hydrated (Astro drops its `ssr` attribute then). */
export const hydrated = (component: string) =>
  `astro-island[component-url*="${component}"]:not([ssr])`;

/**
 * The configuration the e2e build was made with (tests/e2e/e2e.env), where it differs from this
 * process's own: the company's facts, for instance.
 */
export const e2eConfig = readConfig(parseEnv(readFileSync('tests/e2e/e2e.env', 'utf8')));
