/**
 * Adding a date to a search (the home page's lesson search). A module of its own, not in
 * search-query.ts: the resort lessons pages load that one first, and never add dates.
 */
import { emptyDate, type DateDraft } from './search-query';

/** The date a visitor adding one most likely wants: the day after `last`, at its time and for as long. */
export function dateAfter(last: DateDraft | undefined): DateDraft {
  return { ...emptyDate(last?.time, last?.hours), day: last?.day ? nextDay(last.day) : '' };
}

/** The day after `day` (`YYYY-MM-DD`); empty if `day` is not a date. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
