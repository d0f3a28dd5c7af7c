/** What the end-to-end tests walk through: every page of the site in every locale. */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { z } from 'astro/zod';
import type { jobSchema } from '../../src/content/schemas';
import type { Teams } from '../../src/content/teams';
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

/**
 * A resort's file as the editor wrote it (docs/content-resorts.md): tests take names, numbers and
 * dates from here, never copies of them, so an editor's change keeps them green.
 */
export type ResortFile = {
  id: string;
  name: string;
  status: 'open' | 'closed';
  country: string;
  region: Record<string, string>;
  range: Record<string, string>;
  elevation: { base: number; top: number };
  season: { opens: string; closes: string };
  snowReport: { baseCm: number; summitCm: number; sample: boolean };
  rental: { offered: boolean; packs?: string[] };
};
export const resorts: Record<string, ResortFile> = Object.fromEntries(
  resortIds.map((id) => [
    id,
    {
      id,
      ...(parse(readFileSync(`content/resorts/${id}.yaml`, 'utf8')) as Omit<ResortFile, 'id'>),
    },
  ]),
);
export const DAY = 86_400_000;
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** Days a visitor can book at a resort today: from tomorrow (or the opening) for three nights. */
export function bookableDays(resort: ResortFile) {
  const from = Math.max(Date.now() + DAY, Date.parse(String(resort.season.opens)));
  const to = from + 3 * DAY;
  return to <= Date.parse(String(resort.season.closes))
    ? { pickUp: isoDay(from), back: isoDay(to) }
    : null;
}

/**
 * A rental a visitor can reserve today, from the content: a resort with packs whose season still
 * has days ahead (the content's seasons must), its first pack and bookable days.
 */
export function bookableRental() {
  const resort = Object.values(resorts).find(
    (r) => r.rental.offered && r.rental.packs?.length && bookableDays(r),
  );
  if (!resort) throw new Error('No resort of content/resorts has packs and days left to book');
  return { resort: resort.id, pack: resort.rental.packs![0]!, ...bookableDays(resort)! };
}

/** Each rental pack's sport, by pack id (content/rental-packs.yaml). */
export const packSports: Record<string, string> = Object.fromEntries(
  (
    parse(readFileSync('content/rental-packs.yaml', 'utf8')) as {
      packs: { id: string; sport: string }[];
    }
  ).packs.map((pack) => [pack.id, pack.sport]),
);

/** An English posting's front matter as its file writes it (docs/content-jobs.md). */
export type PostingFile = {
  slug: string;
  title: string;
  team: string;
  type: z.infer<typeof jobSchema>['type'];
  workplace: z.infer<typeof jobSchema>['workplace'];
  country: string;
  city?: string;
  posted: string;
  validThrough?: string;
  order: number;
};
export function postingFile(locale: string, slug: string): PostingFile {
  const text = readFileSync(`content/jobs/${locale}/${slug}.md`, 'utf8');
  return { slug, ...(parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as Omit<PostingFile, 'slug'>) };
}
/** The teams of the jobs page, each named in every language (content/teams.yaml). */
export const teams = parse(readFileSync('content/teams.yaml', 'utf8')) as Teams;
/** The English postings, in the jobs page's order (`order`, then file name). */
export const englishPostings: PostingFile[] = jobSlugs
  .map((slug) => postingFile('en', slug))
  .sort((a, b) => a.order - b.order);

/** A resort for the tests that need one, whichever resorts the content has. */
/** A learner's review as written in content/reviews.yaml (docs/content-home.md). */
export type ReviewFile = {
  id: string;
  language: Locale;
  translations?: Partial<Record<Locale, string>>;
  example?: boolean;
};
export const reviews: (ReviewFile & { translations: Partial<Record<Locale, string>> })[] = (
  parse(readFileSync('content/reviews.yaml', 'utf8')) as { reviews: ReviewFile[] }
).reviews.map((review) => ({ ...review, translations: review.translations ?? {} }));

export const aResort: ResortFile = resorts[resortIds[0]!]!;
/** The first resort whose file says `status`, for tests of what a closed or open resort shows. */
export const resortWithStatus = (status: ResortFile['status']) =>
  Object.values(resorts).find((r) => r.status === status);

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
