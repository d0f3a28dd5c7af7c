/**
 * The typed content collections, read from `content/` (see docs/content.md). Their schemas live in
 * src/content/schemas.ts, shared with the editors' check (`npm run content:check`), which the
 * build runs first (src/content/check): a mistake stops the build with the file, the line and the
 * field named in plain words before Astro reads the content.
 *
 * The business numbers (prices, group sizes, stats…) are not here but in `content/site-facts.json`
 * (`src/site-facts.ts`), because islands and the form receiver need them outside Astro.
 */
import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { file, glob, type Loader } from 'astro/loaders';
import {
  articleSchema,
  cookieSchema,
  faqSchema,
  instructorSchema,
  jobSchema,
  priceSchema,
  rentalPackSchema,
  resortSchema,
  reviewSchema,
} from './content/schemas';

export { localized } from './content/schemas';

/**
 * An entry's photo through Astro's image pipeline: `image()` finds the file relative to the content
 * file (as an import would, so a bare name gets its `./`) and gives its size and type, and the pages
 * turn it into AVIF and WebP at the widths they need (src/components/Photo.astro).
 */
const photo = ({ image }: SchemaContext) =>
  z.preprocess(
    (path) => (typeof path === 'string' && !/^\.{1,2}\//.test(path) ? `./${path}` : path),
    image(),
  );

const resorts = defineCollection({
  // One file per resort: content/resorts/baqueira-beret.yaml → id "baqueira-beret" (used in URLs).
  // Editors' guide: docs/content-resorts.md.
  loader: glob({ pattern: '*.yaml', base: './content/resorts' }),
  schema: (context) => resortSchema(reference('rentalPacks'), photo(context)),
});

const jobs = defineCollection({
  // One markdown file per posting and locale: content/jobs/fr/backend-engineer.md → id
  // "fr/backend-engineer". The file name is the posting's slug, the same in every locale, and
  // every posting exists in English (the site map takes the slugs from content/jobs/en).
  // A locale without the file shows the English posting, marked as such (see docs/content-jobs.md).
  loader: glob({ pattern: '*/*.md', base: './content/jobs' }),
  schema: jobSchema,
});

const rentalPacks = defineCollection({
  // Partner shops' packs; resorts list the ones they offer by id. Editors' guide: docs/content-resorts.md.
  loader: file('./content/rental-packs.yaml'),
  schema: (context) => rentalPackSchema(photo(context)),
});

const prices = defineCollection({
  // Rows of the prices page besides lessons (site facts) and rental packs (their collection), one
  // tab per `tab`. Editors' guide: docs/content-resorts.md.
  loader: file('./content/prices.yaml'),
  schema: priceSchema,
});

const faq = defineCollection({
  // One file per audience: content/faq/learners.yaml (the FAQ page), content/faq/instructors.yaml
  // (the instructors page). Questions show in the order written. Questions and answers may use
  // {{brand}}, {{contactEmail}}, site facts and {{fact:euros}} (src/content/markdown-placeholders.ts).
  loader: glob({ pattern: '*.yaml', base: './content/faq' }),
  schema: faqSchema,
});

const cookies = defineCollection({
  // Every cookie the site can set: the cookies policy's tables and the consent banner's categories.
  loader: file('./content/cookies.yaml'),
  schema: cookieSchema,
});

const reviews = defineCollection({
  // Learners' reviews for the home page (docs/content-home.md), each in its author's language.
  loader: file('./content/reviews.yaml'),
  schema: (context) => reviewSchema(reference('resorts'), photo(context)),
});

const articles = defineCollection({
  // Long-form pages written as prose, one markdown file per page and locale:
  // content/articles/fr/privacy.md → id "fr/privacy" (policies, covid-19…). See docs/content-legal.md.
  loader: glob({ pattern: '*/*.md', base: './content/articles' }),
  schema: articleSchema,
});

/**
 * `file()` for a list that may be empty on purpose (the instructors ship with none): Astro would
 * warn "No items found" on every build and `astro sync`, a warning that means nothing here. Every
 * other message, and the file's watching in dev, stay file()'s own.
 */
function mayBeEmpty(loader: Loader): Loader {
  return {
    ...loader,
    load: (context) =>
      loader.load({
        ...context,
        logger: new Proxy(context.logger, {
          get(logger, key) {
            if (key === 'warn')
              return (message: string) => {
                if (!message.startsWith('No items found')) logger.warn(message);
              };
            const value: unknown = Reflect.get(logger, key);
            return typeof value === 'function' ? (value as () => unknown).bind(logger) : value;
          },
        }),
      }),
  };
}

const instructors = defineCollection({
  // Instructors teaching through the platform, on the instructors page (docs/content-home.md).
  loader: mayBeEmpty(file('./content/instructors.yaml')),
  schema: (context) => instructorSchema(reference('resorts'), photo(context)),
});

export const collections = {
  resorts,
  jobs,
  rentalPacks,
  prices,
  faq,
  cookies,
  reviews,
  articles,
  instructors,
};
