import { describe, expect, it } from 'vitest';
import { allLocales } from '../../src/i18n/locales';
import { createTranslator, messages, useTranslations } from '../../src/i18n/translate';

/** Every leaf key of a translation tree, dotted: "header.rental". */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translation', () => {
  const translatorFor = createTranslator(
    {
      en: { greeting: 'Hello {{name}}', onlyEnglish: 'Only in English' },
      fr: { greeting: 'Bonjour {{name}}' },
    },
    { brand: 'Pistelink' },
  );

  it('uses the visitor’s language and replaces {{placeholders}}', () => {
    expect(translatorFor('fr')('greeting', { name: 'Ana' })).toBe('Bonjour Ana');
  });

  it('gives each call its own values, however often a text is asked for', () => {
    const t = translatorFor('fr');
    expect(t('greeting', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(t('greeting', { name: 'Luis' })).toBe('Bonjour Luis');
    expect(t('greeting', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(t('greeting')).toBe('Bonjour {{name}}');
    expect(translatorFor('en')('greeting', { name: 'Ana' })).toBe('Hello Ana');
  });

  it('falls back to English, then to the key', () => {
    expect(translatorFor('fr')('onlyEnglish')).toBe('Only in English');
    expect(translatorFor('fr')('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('knows its keys from the English file: a key not in it does not compile, and shows as itself', () => {
    const t = useTranslations('en');
    // @ts-expect-error -- a typo in a key: `astro check` fails if this line type-checks.
    expect(t('pages.deals.titel')).toBe('pages.deals.titel');
    const page: string = 'deals';
    // @ts-expect-error -- a key built from an untyped string is not a key either.
    expect(t(`pages.${page}.title`)).toBe(t('pages.deals.title'));
    const typed = 'deals' as const;
    expect(t(`pages.${typed}.title`)).toBe(t('pages.deals.title'));
  });

  it('fills the brand in everywhere', () => {
    expect(useTranslations('es')('pages.about.title')).toContain('Pistelink');
    expect(useTranslations('fr')('footer.copyright', { year: 2026 })).toMatch(
      /^© 2026 Pistelink\./,
    );
  });

  it.each(allLocales.filter((l) => l !== 'en'))(
    '%s has every English key and no stray one',
    (locale) => {
      const english = keysOf(messages.en);
      const translated = keysOf(messages[locale]);
      const missing = english.filter((key) => !translated.includes(key));
      const stray = translated.filter((key) => !english.includes(key));
      expect({ locale, missing, stray }).toEqual({ locale, missing: [], stray: [] });
    },
  );

  it.each(allLocales)('%s keeps every placeholder of the English text', (locale) => {
    // Keys read from the file itself: a translator over plain strings.
    const anyKey = createTranslator(messages, { brand: 'Pistelink' });
    const t = anyKey(locale);
    const english = anyKey('en');
    for (const key of keysOf(messages.en)) {
      const raw = (tree: object) =>
        key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      const placeholders = (text: unknown) =>
        [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(raw(messages[locale])), `${locale}: ${key}`).toEqual(
        placeholders(raw(messages.en)),
      );
      // A page's sentences must really be translated, not English left in place.
      if (locale !== 'en' && /^pages\..*\.(intro|description)$/.test(key))
        expect(t(key), `${locale}: ${key}`).not.toBe(english(key));
    }
  });
});
