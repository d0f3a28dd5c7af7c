/**
 * The site's locales. Every locale has routes; `selectable` puts it in the language menu and the
 * `/` redirect, `indexed` puts it in hreflang and the sitemap (and drops `noindex`).
 * To launch Portuguese, set both flags to true once its translations are reviewed.
 */
export const locales = {
  en: {
    htmlLang: 'en',
    intl: 'en-GB',
    label: 'English',
    shortcut: 'EN',
    ogLocale: 'en_GB',
    selectable: true,
    indexed: true,
  },
  es: {
    htmlLang: 'es',
    intl: 'es-ES',
    label: 'Español',
    shortcut: 'ES',
    ogLocale: 'es_ES',
    selectable: true,
    indexed: true,
  },
  fr: {
    htmlLang: 'fr',
    intl: 'fr-FR',
    label: 'Français',
    shortcut: 'FR',
    ogLocale: 'fr_FR',
    selectable: true,
    indexed: true,
  },
  pt: {
    htmlLang: 'pt',
    intl: 'pt-BR',
    label: 'Português',
    shortcut: 'PT',
    ogLocale: 'pt_BR',
    selectable: false,
    indexed: false,
  },
} as const satisfies Record<string, LocaleSettings>;

type LocaleSettings = {
  /** Value of `<html lang>` and `hreflang`. */
  htmlLang: string;
  /** The regional conventions numbers, money and dates follow (Intl): British English, Brazilian Portuguese… */
  intl: string;
  /** The language's own name, as its speakers write it. */
  label: string;
  /** What the language menu shows. */
  shortcut: string;
  ogLocale: string;
  selectable: boolean;
  indexed: boolean;
};

export type Locale = keyof typeof locales;

export const defaultLocale: Locale = 'en';

/** All locales, in the order the language menu lists them (EN, ES, FR, then the rest). */
export const allLocales = Object.keys(locales) as Locale[];
export const selectableLocales = allLocales.filter((l) => locales[l].selectable);
export const indexedLocales = allLocales.filter((l) => locales[l].indexed);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(locales, value);
}
