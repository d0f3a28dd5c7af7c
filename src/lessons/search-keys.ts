/**
 * The query names of a lesson search, and whether an address carries one. Its own module, with no
 * imports: the resort lessons page's script asks it at load, before anything else is downloaded
 * (the page's JavaScript at load stays small; docs/performance.md).
 */
export const searchQueryKeys = [
  'where',
  'sport',
  'date',
  'adults',
  'children',
  'lesson',
  'level',
  'language',
] as const;

/** Whether a query says anything about a search (a page opened without one shows none). */
export function hasSearch(query: URLSearchParams): boolean {
  return searchQueryKeys.some((key) => query.has(key));
}
