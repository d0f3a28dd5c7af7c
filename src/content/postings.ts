/**
 * Job postings as the pages need them, without Astro: which file a locale shows (its own, else the
 * English one, marked as such) with the English posting's facts, listing order and teams, the
 * apply link, and the schema.org JobPosting that search engines read. Pure, so the rules are
 * unit-tested.
 */
import { defaultLocale, type Locale } from '../i18n/locales';
import { teamIn, type Teams } from './teams';

export type JobType = 'full-time' | 'part-time' | 'seasonal' | 'contract' | 'internship';
export type Workplace = 'remote' | 'hybrid' | 'on-site';

/** An English posting's front matter (`content/jobs/en/<slug>.md`), as the collection schema gives it. */
export type JobFields = {
  title: string;
  team: string;
  location: string;
  country: string;
  city?: string | undefined;
  applicantCountries?: string[] | undefined;
  type: JobType;
  workplace: Workplace;
  salary?: { min: number; max: number; per: 'year' | 'month' } | undefined;
  posted: Date;
  validThrough?: Date | undefined;
  order: number;
};

/** A translation's front matter (`content/jobs/fr/<slug>.md`…): the words only. */
export type JobTranslationFields = Pick<JobFields, 'title' | 'location'>;

/** One file of a collection: `id` is "<locale>/<slug>". */
export type JobEntry<T = JobFields> = { id: string; data: T };

/** A posting as one locale shows it. */
export type LocalizedPosting<E extends JobEntry = JobEntry, T extends JobEntry<JobTranslationFields> = E> = {
  slug: string;
  /** The file whose words (title, location, body) the page shows: the translation, else the English posting. */
  entry: E | T;
  /** What the page says: the file's words and the English posting's facts, the team named in `lang`. */
  job: JobFields;
  /** The language the words are written in. */
  lang: Locale;
  /** True when the locale has no file of its own and shows the English posting. */
  fallback: boolean;
};

export const slugOf = (entry: JobEntry<unknown>) => entry.id.slice(entry.id.indexOf('/') + 1);
const localeOf = (entry: JobEntry<unknown>) => entry.id.slice(0, entry.id.indexOf('/'));

/**
 * Every posting (one per English file), each in the locale's language when translated, else in
 * English. A translation gives only its words: the facts are always the English posting's, and
 * the team is the English posting's team under its name in the locale (content/teams.yaml).
 */
export function postingsFor<E extends JobEntry, T extends JobEntry<JobTranslationFields>>(
  english: readonly E[],
  translations: readonly T[],
  teams: Teams,
  locale: Locale,
): LocalizedPosting<E, T>[] {
  const inLocale = new Map(
    translations.filter((t) => localeOf(t) === locale).map((t) => [slugOf(t), t]),
  );
  return english
    .map((original): LocalizedPosting<E, T> => {
      const slug = slugOf(original);
      const own = locale === defaultLocale ? undefined : inLocale.get(slug);
      if (!own) {
        const fallback = locale !== defaultLocale;
        return { slug, entry: original, job: original.data, lang: defaultLocale, fallback };
      }
      const job = {
        ...original.data,
        title: own.data.title,
        location: own.data.location,
        team: teamIn(teams, original.data.team, locale),
      };
      return { slug, entry: own, job, lang: locale, fallback: false };
    })
    .sort(
      (a, b) => a.job.order - b.job.order || a.job.title.localeCompare(b.job.title, locale),
    );
}

/** Postings grouped by team, teams in the order of their first posting. */
export function byTeam<P extends { job: Pick<JobFields, 'team'> }>(
  postings: readonly P[],
): { team: string; postings: P[] }[] {
  const teams = new Map<string, P[]>();
  for (const posting of postings) {
    const team = posting.job.team;
    teams.set(team, [...(teams.get(team) ?? []), posting]);
  }
  return [...teams].map(([team, list]) => ({ team, postings: list }));
}

/** Applications are open until the end of `validThrough` (UTC), or for as long as the posting is up. */
export function isOpen(job: Pick<JobFields, 'validThrough'>, today: Date): boolean {
  if (!job.validThrough) return true;
  const lastDay = new Date(job.validThrough);
  lastDay.setUTCHours(23, 59, 59, 999);
  return today <= lastDay;
}

/** The external careers site when one is configured, else an email to us with the job title as subject. */
export function applyHref(
  site: { careersUrl: string; contactEmail: string },
  jobTitle: string,
): string {
  if (site.careersUrl) return site.careersUrl;
  return `mailto:${site.contactEmail}?subject=${encodeURIComponent(jobTitle)}`;
}

const employmentTypes: Record<JobType, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  seasonal: 'TEMPORARY',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * schema.org JobPosting, as Google's job search reads it: the hiring organization is the site's
 * Organization (by `@id`, see SeoHead), a remote job is TELECOMMUTE with the countries candidates
 * may live in, an on-site or hybrid job names its place. Candidates apply by email or on the
 * careers site, never on this page, so `directApply` is false. The `identifier` is the posting's
 * own id (its file name, the same in every language), under the brand's name.
 */
export function jobPostingData(input: {
  job: JobFields;
  /** The posting's id: its slug, the same in every language. */
  id: string;
  /** The posting's body as HTML (Google wants the full description). */
  descriptionHtml: string;
  url: string;
  organizationId: string;
  brand: string;
  lang: string;
}) {
  const { job } = input;
  const place = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressCountry: job.country,
      ...(job.city && { addressLocality: job.city }),
    },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    identifier: { '@type': 'PropertyValue', name: input.brand, value: input.id },
    description: input.descriptionHtml,
    inLanguage: input.lang,
    url: input.url,
    datePosted: isoDate(job.posted),
    ...(job.validThrough && { validThrough: isoDate(job.validThrough) }),
    employmentType: employmentTypes[job.type],
    hiringOrganization: { '@type': 'Organization', '@id': input.organizationId, name: input.brand },
    ...(job.workplace === 'remote'
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: (job.applicantCountries ?? [job.country]).map((name) => ({
            '@type': 'Country',
            name,
          })),
        }
      : { jobLocation: place }),
    ...(job.salary && {
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: job.salary.min,
          maxValue: job.salary.max,
          unitText: job.salary.per.toUpperCase(),
        },
      },
    }),
    directApply: false,
  };
}
