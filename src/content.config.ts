/**
 * The typed content collections, read from `content/` (see docs/content.md). What each one is,
 * where its files are and its schema: src/content/collections.ts, the table the editors' check
 * (`npm run content:check`, src/content/check) reads too. The build runs that check first: a
 * mistake stops the build with the file, the line and the field named in plain words before
 * Astro reads the content.
 *
 * The business numbers (prices, group sizes, stats…) are not here but in `content/site-facts.json`
 * (`src/site-facts.ts`), because islands and the form receiver need them outside Astro.
 */
import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  contentCollections,
  entriesOf,
  isListPlace,
  places,
  type FolderPlace,
  type ListPlace,
} from './content/collections';

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

/** The table in a collection's schema context: entries name others by `reference()`. */
const tableIn = (context: SchemaContext) =>
  contentCollections({
    resort: reference('resorts'),
    pack: reference('rentalPacks'),
    photo: photo(context),
  });
type Table = ReturnType<typeof tableIn>;

/**
 * `file()` for a list that may be empty on purpose (the instructors ship with none, a site may
 * rent no packs): Astro would warn "No items found" on every build and `astro sync`, a warning
 * that means nothing here. Every other message, and the file's watching in dev, stay file()'s own.
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

/** A collection of the table: its files' loader, and its schema in Astro's schema context. */
function collection<S extends z.ZodType>(
  place: FolderPlace | ListPlace,
  schema: (context: SchemaContext) => S,
) {
  const loader = isListPlace(place)
    ? mayBeEmpty(file(`./content/${place.file}`, { parser: (text) => entriesOf(place, text) }))
    : glob({ pattern: place.pattern, base: `./content/${place.folder}` });
  return defineCollection({ loader, schema });
}

// Every collection of the table, each keeping its own schema's type (getCollection's data). One
// line each, naming the collection twice: a function generic over the name loses those types
// (Astro then types every entry's data as unknown).
export const collections = {
  resorts: collection(places.resorts, (context) => tableIn(context).resorts.schema),
  jobs: collection(places.jobs, (context) => tableIn(context).jobs.schema),
  jobTranslations: collection(
    places.jobTranslations,
    (context) => tableIn(context).jobTranslations.schema,
  ),
  rentalPacks: collection(places.rentalPacks, (context) => tableIn(context).rentalPacks.schema),
  prices: collection(places.prices, (context) => tableIn(context).prices.schema),
  faq: collection(places.faq, (context) => tableIn(context).faq.schema),
  cookies: collection(places.cookies, (context) => tableIn(context).cookies.schema),
  reviews: collection(places.reviews, (context) => tableIn(context).reviews.schema),
  articles: collection(places.articles, (context) => tableIn(context).articles.schema),
  instructors: collection(places.instructors, (context) => tableIn(context).instructors.schema),
} satisfies Record<keyof Table, unknown>;
