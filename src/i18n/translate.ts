/**
 * Translations, resolved at build time with i18next: a missing key falls back to English, then to
 * the key itself; `{{placeholders}}` are replaced by the values given (the brand is always given).
 * Nothing of this ships to the browser: islands receive already-translated strings as props.
 */
import i18next, { type TOptions } from 'i18next';
import { config } from '../config';
import en from '../../content/translations/en.json' with { type: 'json' };
import es from '../../content/translations/es.json' with { type: 'json' };
import fr from '../../content/translations/fr.json' with { type: 'json' };
import pt from '../../content/translations/pt.json' with { type: 'json' };
import { defaultLocale, type Locale } from './locales';

export const messages = { en, fr, es, pt } satisfies Record<Locale, object>;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Builds a translator; the resources are a parameter so tests can exercise the fallback rules. */
export function createTranslator(resources: Record<string, object>, defaults: Record<string, string> = {}) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(Object.entries(resources).map(([lng, tree]) => [lng, { translation: tree }])),
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    initAsync: false, // resources are in memory: initialise synchronously
    interpolation: { escapeValue: false }, // Astro and React escape on output
    returnNull: false,
  });
  return (locale: string): Translate => {
    const t = instance.getFixedT(locale);
    return (key, values) => String(t(key, { ...defaults, ...values } as TOptions));
  };
}

const translatorFor = createTranslator(messages, { brand: config.brand });

/** `useTranslations('fr')('header.rental')` → "Location". */
export function useTranslations(locale: Locale): Translate {
  return translatorFor(locale);
}
