/**
 * The visitor's lesson search on this page (its quote follows from it and the price rule,
 * src/lessons/price.ts). On the home page the search form keeps it as the visitor types; on a
 * resort's lessons page it starts as the address's search, the booking box's summary shows it,
 * and what the visitor then changes in the lesson request's fields becomes the search, so the
 * summary and its quote stay in step. `null` until a page sets it (the server renders none).
 */
import { atom } from 'nanostores';
import type { SearchDraft } from '../lessons/search';

export const $lessonSearch = atom<SearchDraft | null>(null);

export function setLessonSearch(draft: SearchDraft) {
  $lessonSearch.set(draft);
}
