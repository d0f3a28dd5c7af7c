import type { Locale } from './locales';

/** Content text written per locale (`localized` in content.config.ts): en, fr and es always, pt maybe. */
export type Localized<T = string> = { en: T } & Partial<Record<Locale, T>>;

/** The text in the visitor's locale, or the English text where a translation is missing (pt). */
export function inLocale<T>(text: Localized<T>, locale: Locale): T {
  return text[locale] ?? text.en;
}
