/** Content lookups shared by the resort views. */
import { getCollection, getEntries, getEntry, type CollectionEntry } from 'astro:content';
import type { RentalCatalogue } from '../forms/rental-reservation';
import type { LessonRequestContext } from '../forms/lesson-request';

/** The resort a resort page is for; every resort page is built from a resort id, so it exists. */
export async function resortFor(params: {
  resort?: string | undefined;
}): Promise<CollectionEntry<'resorts'>> {
  const resort = params.resort ? await getEntry('resorts', params.resort) : undefined;
  if (!resort) throw new Error(`No resort "${params.resort}" in content/resorts`);
  return resort;
}

/** Every resort, by name in the visitor's alphabet order. */
export async function allResorts(locale: string): Promise<CollectionEntry<'resorts'>[]> {
  const resorts = await getCollection('resorts');
  return resorts.sort((a, b) => a.data.name.localeCompare(b.data.name, locale));
}

/**
 * The packs a resort lists, in the packs' display order. Astro only logs a reference to a missing
 * entry and builds on, so an unknown pack id stops the build here, naming the file and the field.
 */
export async function packsOf(
  resort: CollectionEntry<'resorts'>,
): Promise<CollectionEntry<'rentalPacks'>[]> {
  const refs = resort.data.rental.packs;
  const packs = await getEntries(refs);
  const missing = refs.filter((_, index) => !packs[index]).map((ref) => ref.id);
  if (missing.length) {
    throw new Error(
      `content/resorts/${resort.id}.yaml: rental.packs lists ${missing.map((id) => `"${id}"`).join(', ')}, not in content/rental-packs.yaml`,
    );
  }
  return packs.sort((a, b) => a.data.order - b.data.order);
}

export async function allPacks(): Promise<CollectionEntry<'rentalPacks'>[]> {
  return (await getCollection('rentalPacks')).sort((a, b) => a.data.order - b.data.order);
}

/** What a resort's rental page can show: packs, none right now, or rental coming soon. */
export type RentalState = 'available' | 'none' | 'coming-soon';
export function rentalStateOf(resort: CollectionEntry<'resorts'>): RentalState {
  if (!resort.data.rental.offered) return 'coming-soon';
  return resort.data.rental.packs.length > 0 ? 'available' : 'none';
}

/** A resort's season, both days included, `YYYY-MM-DD`. */
export const seasonOf = (resort: CollectionEntry<'resorts'>) => ({
  opens: isoDay(resort.data.season.opens),
  closes: isoDay(resort.data.season.closes),
});

/**
 * What the receiver checks a lesson request against (forms/lesson-request.ts): the resorts as the
 * search finds them, each resort's rental packs with their sport, and its season.
 */
export function lessonCatalogueOf(
  resorts: CollectionEntry<'resorts'>[],
  packs: CollectionEntry<'rentalPacks'>[],
): Omit<LessonRequestContext, 'today' | 'rule'> {
  const sportOf = new Map(packs.map((pack) => [pack.id, pack.data.sport]));
  return {
    resorts: resorts.map((r) => ({ id: r.id, name: r.data.name, aliases: r.data.aliases })),
    packsByResort: Object.fromEntries(
      resorts.map((r) => [
        r.id,
        r.data.rental.offered
          ? r.data.rental.packs.map((p) => ({ id: p.id, sport: sportOf.get(p.id) ?? '' }))
          : [],
      ]),
    ),
    seasons: Object.fromEntries(resorts.map((r) => [r.id, seasonOf(r)])),
  };
}

/** One resort's rental for the reservation rules (schemas.ts): its packs and its season. */
export function rentalEntryOf(resort: CollectionEntry<'resorts'>): RentalCatalogue {
  if (rentalStateOf(resort) !== 'available') return {};
  return {
    [resort.id]: {
      packs: resort.data.rental.packs.map((pack) => pack.id),
      season: seasonOf(resort),
    },
  };
}

/** Every resort where a pack can be reserved: what the receiver checks a reservation against. */
export function rentalCatalogueOf(resorts: CollectionEntry<'resorts'>[]): RentalCatalogue {
  return Object.assign({}, ...resorts.map(rentalEntryOf));
}

const isoDay = (day: Date | string) =>
  typeof day === 'string' ? day : day.toISOString().slice(0, 10);
