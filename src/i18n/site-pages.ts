/**
 * Every page the site builds, as (page id, parameters): the route table's fixed pages, plus one
 * page per resort for each of the three resort templates, plus one page per job posting. The
 * views' routes, the sitemap and the end-to-end tests all walk this one list.
 *
 * It is pure: callers pass the resort ids and job slugs (from the content collections in Astro,
 * from the `content/` folder in tests).
 */
import {
  alternatesOf,
  pathTo,
  staticPageIds,
  xDefaultOf,
  type PageId,
  type RouteParams,
} from './routes';
import type { Locale } from './locales';

export type SitePage = { page: PageId; params: RouteParams };

export const resortPageIds = [
  'resortSkiLessons',
  'resortSnowboardLessons',
  'resortRental',
] as const satisfies PageId[];
export type ResortPageId = (typeof resortPageIds)[number];

export function sitePages(content: {
  resorts: readonly string[];
  jobs: readonly string[];
}): SitePage[] {
  return [
    ...staticPageIds.map((page) => ({ page, params: {} })),
    ...content.resorts.flatMap((resort) =>
      resortPageIds.map((page) => ({ page, params: { resort } })),
    ),
    ...content.jobs.map((job) => ({ page: 'job' as const, params: { job } })),
  ];
}

/** A page's path, its versions in every locale and its x-default: what the `<head>` needs. */
export function addressesOf({ page, params }: SitePage, locale: Locale) {
  return {
    path: pathTo(page, locale, params),
    alternates: alternatesOf(page, params),
    xDefault: xDefaultOf(page, params),
  };
}
