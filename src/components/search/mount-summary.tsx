/**
 * Shows the search of a resort lessons page's address in its booking box (`#your-search`), in
 * place of the static box: loaded by LessonOffer.astro's script only when there is a search.
 */
import { createRoot } from 'react-dom/client';
import { draftFromQuery } from '../../lessons/search-query';
import { setLessonSearch } from '../../stores/lesson-search';
import SearchSummary, { type SearchSummaryProps } from './SearchSummary';

/** `props`: the page's summary data (its file, src/components/search/summary-data.ts). */
export function mountSearchSummary(
  host: HTMLElement,
  props: SearchSummaryProps,
  query: URLSearchParams,
) {
  setLessonSearch(draftFromQuery(query, props.locale, props.resorts));
  host.replaceChildren();
  host.dataset.summaryShown = '';
  createRoot(host).render(<SearchSummary {...props} />);
}
