/**
 * What the forms' rules are checked against besides the post: the content (resorts, packs,
 * seasons, the price rule) and the server's settings. The receiver makes it once, at start; the
 * islands get their page's part.
 */
import type { SearchContext } from '../lessons/search.ts';

/** A rental pack a lesson request may add: its id and the sport it is for. */
export type RequestablePack = { id: string; sport: string };

export type LessonRequestContext = Omit<SearchContext, 'today'> & {
  /** Today, `YYYY-MM-DD`: asked at each check (a server runs for days). */
  today: () => string;
  /** Each resort's rental packs; a resort without rental is absent or empty. */
  packsByResort: Readonly<Record<string, readonly RequestablePack[]>>;
  /** Each resort's season (`YYYY-MM-DD`, both days included); a resort absent is not checked. */
  seasons: Readonly<Record<string, { opens: string; closes: string }>>;
};

/** A resort's rental as the content gives it: the packs its shop offers, the season's days. */
export type RentalCatalogue = Record<
  string,
  { packs: readonly string[]; season: { opens: string; closes: string } }
>;

/** What the content and the server settings give the forms' rules (the receiver makes it once). */
export type FormContext = {
  maxFileBytes: number;
  /** The resorts, packs, seasons and price rule a lesson request is checked against. */
  lessons: LessonRequestContext;
  /** The resorts that rent, their packs and seasons; none: no rental accepted. */
  rentalCatalogue: RentalCatalogue;
  now: () => Date;
  /** Test hook: draws a rental's booking code. */
  bookingCode?: () => string;
};
