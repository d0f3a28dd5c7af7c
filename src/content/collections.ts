/**
 * The content collections in one table: where each one's files are in content/ and the schema
 * of an entry. Astro loads them from it (src/content.config.ts) and the editors' check reads the
 * same files with the same schemas (src/content/check), so the two cannot drift apart.
 *
 * Two kinds of places: a folder of files, one entry per file (`folder`, `pattern`), and a list
 * file, every entry in one YAML file under a top-level key (`file`, `key`). The key is what lets
 * the editing UI (src/cms/lists.ts) edit the whole list as one form: a Keystatic singleton holds
 * an object, never a bare list.
 */
import { z } from 'astro/zod';
import { parse } from 'yaml';
import { allLocales, defaultLocale } from '../i18n/locales';
import {
  articleSchema,
  cookieSchema,
  faqSchema,
  instructorSchema,
  jobSchema,
  jobTranslationSchema,
  priceSchema,
  rentalPackSchema,
  resortSchema,
  reviewSchema,
} from './schemas';

/** A folder of content/ with one entry per file. `what` is what the site calls one entry. */
export type FolderPlace = { folder: string; pattern: string; what: string };
/** A YAML file of content/ holding its entries as a list under `key`, each with an `id`. */
export type ListPlace = { file: string; key: string; what: string };

/**
 * How entries name entries of other collections and their photos: Astro's `reference()` and
 * `image()` in the collections; in the editors' check, a plain id (checked there with a "did you
 * mean") and a photo checked against the files next to the content file (check/photos.ts).
 */
export type References<Resort extends z.ZodType, Pack extends z.ZodType, Photo extends z.ZodType> = {
  resort: Resort;
  pack: Pack;
  photo: Photo;
};

/** A collection read from a folder, one entry per file. */
const inFolder = <S extends z.ZodType>(folder: string, pattern: FolderPlace['pattern'], what: string, schema: S) => ({
  place: { folder, pattern, what },
  schema,
});
/** A collection read from one list file, its entries under `key`. */
const inList = <S extends z.ZodType>(file: string, key: string, what: string, schema: S) => ({
  place: { file, key, what },
  schema,
});

export function contentCollections<
  Resort extends z.ZodType,
  Pack extends z.ZodType,
  Photo extends z.ZodType,
>(refs: References<Resort, Pack, Photo>) {
  return {
    // content/resorts/baqueira-beret.yaml → id "baqueira-beret" (its address). docs/content-resorts.md.
    resorts: inFolder('resorts', '*.yaml', 'resort', resortSchema(refs.pack, refs.photo)),
    // content/jobs/en/backend-engineer.md → id "en/backend-engineer": the file name is the posting's
    // slug, the same in every locale, and every posting exists in English (the site map takes the
    // slugs from here). The English file holds the posting's facts for every language.
    jobs: inFolder('jobs', `${defaultLocale}/*.md`, 'posting', jobSchema),
    // content/jobs/fr/backend-engineer.md → id "fr/backend-engineer": the words of the English
    // posting of the same file name in another language; the pages take every fact from the English
    // file (src/content/postings.ts). A locale without the file shows the English posting, marked
    // as such (docs/content-jobs.md).
    jobTranslations: inFolder(
      'jobs',
      `{${allLocales.filter((locale) => locale !== defaultLocale).join(',')}}/*.md`,
      'translated posting',
      jobTranslationSchema,
    ),
    // Partner shops' packs; resorts list the ones they offer by id. docs/content-resorts.md.
    rentalPacks: inList('rental-packs.yaml', 'packs', 'pack', rentalPackSchema(refs.photo)),
    // Rows of the prices page besides lessons (site facts) and rental packs (their collection), one
    // tab per `tab`. docs/content-resorts.md.
    prices: inList('prices.yaml', 'prices', 'price', priceSchema),
    // One file per audience: content/faq/learners.yaml (the FAQ page), content/faq/instructors.yaml
    // (the instructors page). Questions show in the order written. They may use {{brand}},
    // {{contactEmail}}, site facts and {{fact:euros}} (src/content/markdown-placeholders.ts).
    faq: inFolder('faq', '*.yaml', 'question list', faqSchema),
    // Every cookie the site can set: the cookies policy's tables and the consent banner's categories.
    cookies: inList('cookies.yaml', 'cookies', 'cookie', cookieSchema),
    // Learners' reviews for the home page (docs/content-home.md), each in its author's language.
    reviews: inList('reviews.yaml', 'reviews', 'review', reviewSchema(refs.resort, refs.photo)),
    // Instructors teaching through the platform, on the instructors page (docs/content-home.md):
    // only those who agreed to be shown, so the list may be empty.
    instructors: inList(
      'instructors.yaml',
      'instructors',
      'instructor',
      instructorSchema(refs.resort, refs.photo),
    ),
    // Long-form pages written as prose, one markdown file per page and locale:
    // content/articles/fr/privacy.md → id "fr/privacy" (policies, covid-19…). docs/content-legal.md.
    articles: inFolder('articles', '*/*.md', 'page', articleSchema),
  };
}

type Table = ReturnType<typeof contentCollections>;

/**
 * Where each collection's files are, for code that reads the files themselves. The places do not
 * depend on how entries name others: any references give the same.
 */
export const places = Object.fromEntries(
  Object.entries(contentCollections({ resort: z.string(), pack: z.string(), photo: z.string() })).map(
    ([name, { place }]) => [name, place],
  ),
) as { [Name in keyof Table]: Table[Name]['place'] };

export const isListPlace = (place: FolderPlace | ListPlace): place is ListPlace => 'file' in place;

/**
 * A list file's entries, for Astro's file loader: the list under the file's key, read as the
 * editors' check reads it (YAML 1.2: a date stays text until the schema reads it).
 */
export function entriesOf(place: ListPlace, text: string): Record<string, unknown>[] {
  const data = parse(text) as Record<string, unknown> | null;
  const entries = data?.[place.key];
  if (!Array.isArray(entries)) {
    throw new Error(`content/${place.file} has no list "${place.key}:" (npm run content:check)`);
  }
  return entries as Record<string, unknown>[];
}
