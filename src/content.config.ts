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
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import type { z } from 'astro/zod';
import {
  contentCollections,
  entriesOf,
  isListPlace,
  type FolderPlace,
  type ListPlace,
} from './content/collections';

export { localized } from './content/schemas';

const table = contentCollections({ resort: reference('resorts'), pack: reference('rentalPacks') });

function collection<S extends z.ZodType>({
  place,
  schema,
}: {
  place: FolderPlace | ListPlace;
  schema: S;
}) {
  const loader = isListPlace(place)
    ? file(`./content/${place.file}`, { parser: (text) => entriesOf(place, text) })
    : glob({ pattern: place.pattern, base: `./content/${place.folder}` });
  return defineCollection({ loader, schema });
}

// Every collection of the table, each keeping its own schema's type (getCollection's data).
export const collections = {
  resorts: collection(table.resorts),
  jobs: collection(table.jobs),
  rentalPacks: collection(table.rentalPacks),
  prices: collection(table.prices),
  faq: collection(table.faq),
  cookies: collection(table.cookies),
  reviews: collection(table.reviews),
  articles: collection(table.articles),
} satisfies Record<keyof typeof table, unknown>;
