/**
 * Finding a resort by what people type in the search's Where: its name, its id (the address) or
 * one of its other names (`aliases` in content/resorts/*.yaml), in any case, with or without
 * accents or punctuation, whole or in part ("molina" finds La Molina). Shared by the search
 * island and the search without JavaScript (`/api/lesson-search`), so both find the same resort.
 */

import { foldAccents } from '../lib/slug.ts';

/** A resort the search can find: by its id, its name or one of its aliases. */
export type SearchableResort = { id: string; name: string; aliases?: readonly string[] };

/** Lowercase, no accents, punctuation as spaces: "Baqueira Beret" finds "Baqueira-Beret", "astun" finds "Astún". */
export function searchKey(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Shorter than this, a part of a name is too common to name one resort ("la", "b"). */
const MIN_PART = 3;

const keysOf = (resort: SearchableResort) =>
  [resort.name, resort.id, ...(resort.aliases ?? [])].map(searchKey);

/**
 * How well `key` names the resort: 4 a whole name, 3 the start of one, 2 the start of one of its
 * words ("molina" in "la molina"), 1 anywhere inside, 0 not at all.
 */
function score(key: string, resort: SearchableResort): number {
  let best = 0;
  for (const name of keysOf(resort)) {
    if (name === key) return 4;
    if (key.length < MIN_PART) continue;
    const rank = name.startsWith(key)
      ? 3
      : ` ${name}`.includes(` ${key}`)
        ? 2
        : name.includes(key)
          ? 1
          : 0;
    best = Math.max(best, rank);
  }
  return best;
}

/** The resorts the text names, best first (whole names, then starts, then parts; ties by name). */
export function matchResorts<R extends SearchableResort>(text: string, resorts: readonly R[]): R[] {
  const key = searchKey(text);
  if (!key) return [];
  return resorts
    .map((resort) => ({ resort, rank: score(key, resort) }))
    .filter(({ rank }) => rank > 0)
    .sort((a, b) => b.rank - a.rank || a.resort.name.localeCompare(b.resort.name))
    .map(({ resort }) => resort);
}

/**
 * The one resort the text names: its best match when no other resort matches as well ("sierra"
 * is Sierra Nevada; a part two resorts share names neither), else none.
 */
export function findResort<R extends SearchableResort>(
  where: string,
  resorts: readonly R[],
): R | undefined {
  const key = searchKey(where);
  if (!key) return undefined;
  const ranked = resorts
    .map((resort) => ({ resort, rank: score(key, resort) }))
    .filter(({ rank }) => rank > 0);
  const top = Math.max(0, ...ranked.map(({ rank }) => rank));
  const best = ranked.filter(({ rank }) => rank === top);
  return best.length === 1 ? best[0]!.resort : undefined;
}

/** Edits (insert, delete, replace a letter) from one text to another: "baqera" is 2 from "baqueira". */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** How far the text is from a resort: from its closest name, word of a name, or start of a name. */
function distance(key: string, resort: SearchableResort): number {
  const candidates = keysOf(resort).flatMap((name) => [
    name,
    name.slice(0, key.length),
    ...name.split(' '),
  ]);
  return Math.min(...candidates.map((name) => editDistance(key, name)));
}

/**
 * When nothing matches: the resorts closest to what was typed (a misspelling, "molna", "baqera"),
 * closest first, at most `count`. The visitor picks one rather than starting again.
 */
export function closestResorts<R extends SearchableResort>(
  text: string,
  resorts: readonly R[],
  count = 3,
): R[] {
  const key = searchKey(text);
  if (!key) return [];
  return resorts
    .map((resort) => ({ resort, far: distance(key, resort) }))
    .sort((a, b) => a.far - b.far || a.resort.name.localeCompare(b.resort.name))
    .slice(0, count)
    .map(({ resort }) => resort);
}
