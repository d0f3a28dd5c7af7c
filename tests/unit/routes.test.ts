import { describe, expect, it } from 'vitest';
import { allLocales } from '../../src/i18n/locales';
import { alternatesOf, pathTo, staticPageIds, type PageId } from '../../src/i18n/routes';

// The spec's route table (§2), copied here as the spec writes it: the test fails if the code
// drifts from it. A screen's page id is its name in camel case ("Instructor application").
const specTable = `
| Screen | en | fr | es | pt |
|---|---|---|---|---|
| Home | /en | /fr | /es | /pt |
| Instructors | /en/instructors | /fr/instructeurs | /es/instructores | /pt/instrutores |
| About | /en/about | /fr/a-propos | /es/sobre-nosotros | /pt/sobre-nos |
| Jobs | /en/jobs | /fr/emplois | /es/trabajos | /pt/trabalhos |
| Contact | /en/contact | /fr/contacter | /es/contactar | /pt/contatar |
| Privacy | /en/privacy | /fr/confidentialite | /es/privacidad | /pt/privacidade |
| Cookies | /en/cookies | /fr/cookies | /es/cookies | /pt/cookies |
| Preferences | /en/preferences | /fr/preferences | /es/preferencias | /pt/preferencias |
| Instructor application | /en/instructors/join-us | /fr/instructeurs/rejoignez-nous | /es/instructores/unete-a-nosotros | /pt/instrutores/junte-se-a-nos |
| Download | /en/download | /fr/telecharger | /es/descargar | /pt/baixar |
| Rental | /en/rental | /fr/de-location | /es/alquiler | /pt/aluguel |
| Prices | /en/prices | /fr/prix | /es/precios | /pt/precos |
`;
// "Deals, destinations, newsletter, covid-19 and resorts use the same slug in every language."
const sameSlug = {
  deals: 'deals',
  destinations: 'destinations',
  newsletter: 'newsletter',
  covid19: 'covid-19',
  resorts: 'resorts',
};

const specLocales = ['en', 'fr', 'es', 'pt'] as const;
const pageIdOf = (screen: string) =>
  screen.toLowerCase().replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
const spec: Record<string, string[]> = {
  ...Object.fromEntries(
    specTable
      .trim()
      .split('\n')
      .slice(2)
      .map((row) => {
        const [screen = '', ...paths] = row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim());
        return [pageIdOf(screen), paths];
      }),
  ),
  ...Object.fromEntries(
    Object.entries(sameSlug).map(([page, slug]) => [
      page,
      specLocales.map((locale) => `/${locale}/${slug}`),
    ]),
  ),
};

describe('route table', () => {
  it('has exactly the four route locales', () => {
    expect([...allLocales].sort()).toEqual([...specLocales].sort());
  });

  it.each(Object.entries(spec))('gives %s the spec’s path in every locale', (page, paths) => {
    specLocales.forEach((locale, i) => expect(pathTo(page as PageId, locale)).toBe(paths[i]));
  });

  it('builds every parameterless page, FAQ included, and no page twice in a locale', () => {
    expect(staticPageIds).toEqual(expect.arrayContaining([...Object.keys(spec), 'faq']));
    for (const locale of allLocales) {
      const paths = staticPageIds.map((page) => pathTo(page, locale));
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  it('gives resort pages localized slugs under the shared resorts slug', () => {
    const params = { resort: 'sierra-nevada' };
    expect(alternatesOf('resortRental', params)).toEqual({
      en: '/en/resorts/sierra-nevada/rental',
      fr: '/fr/resorts/sierra-nevada/location',
      es: '/es/resorts/sierra-nevada/alquiler',
      pt: '/pt/resorts/sierra-nevada/aluguel',
    });
    expect(pathTo('resortSkiLessons', 'es', params)).toBe(
      '/es/resorts/sierra-nevada/clases-de-esqui',
    );
    expect(pathTo('resortSnowboardLessons', 'en', params)).toBe(
      '/en/resorts/sierra-nevada/snowboard-lessons',
    );
    expect(() => pathTo('resortRental', 'en')).toThrow(/needs the parameter "resort"/);
  });
});
