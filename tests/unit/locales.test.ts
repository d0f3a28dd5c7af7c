import { describe, expect, it } from 'vitest';
import { indexedLocales, locales, selectableLocales } from '../../src/i18n/locales';
import { negotiateLocale } from '../../src/i18n/negotiate';

describe('locales', () => {
  it('offers English, Spanish and French; Portuguese has routes but is neither selectable nor indexed', () => {
    expect(selectableLocales).toEqual(['en', 'es', 'fr']);
    expect(indexedLocales).toEqual(['en', 'es', 'fr']);
    expect(locales.pt).toMatchObject({ selectable: false, indexed: false });
  });

  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['es-ES,es;q=0.9', 'es'],
    ['de-DE,de;q=0.9,es;q=0.5,en;q=0.4', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-BR,pt;q=0.9', 'en'], // Portuguese is not selectable yet
    ['en;q=0.2, fr;q=0.8', 'fr'],
    ['fr;q=0', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('sends Accept-Language %j to %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
