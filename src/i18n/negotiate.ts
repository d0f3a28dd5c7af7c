/**
 * Server-side only: the `/` route picks the visitor's language from Accept-Language. Kept apart from
 * locales.ts, which islands import (through format.ts), so `negotiator` never reaches the browser.
 */
import Negotiator from 'negotiator';
import { defaultLocale, selectableLocales, type Locale } from './locales';

/**
 * The best selectable locale for an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8" → fr),
 * by the quality values and specificity rules of HTTP; the default when none matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const negotiator = new Negotiator({ headers: { 'accept-language': acceptLanguage || '*' } });
  return (negotiator.language([...selectableLocales]) as Locale | undefined) ?? defaultLocale;
}
