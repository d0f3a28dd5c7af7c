import { describe, expect, it } from 'vitest';
import { allLocales } from '../../src/i18n/locales';
import { alternatesOf, pathTo, staticPageIds, type PageId } from '../../src/i18n/routes';

// The spec's route table (§2), copied here on purpose: the test fails if the code drifts from it.
const spec: Record<string, [string, string, string, string]> = {
  home: ['/en', '/fr', '/es', '/pt'],
  instructors: ['/en/instructors', '/fr/instructeurs', '/es/instructores', '/pt/instrutores'],
  about: ['/en/about', '/fr/a-propos', '/es/sobre-nosotros', '/pt/sobre-nos'],
  jobs: ['/en/jobs', '/fr/emplois', '/es/trabajos', '/pt/trabalhos'],
  contact: ['/en/contact', '/fr/contacter', '/es/contactar', '/pt/contatar'],
  privacy: ['/en/privacy', '/fr/confidentialite', '/es/privacidad', '/pt/privacidade'],
  cookies: ['/en/cookies', '/fr/cookies', '/es/cookies', '/pt/cookies'],
  preferences: ['/en/preferences', '/fr/preferences', '/es/preferencias', '/pt/preferencias'],
  instructorApplication: [
    '/en/instructors/join-us',
    '/fr/instructeurs/rejoignez-nous',
    '/es/instructores/unete-a-nosotros',
    '/pt/instrutores/junte-se-a-nos',
  ],
  download: ['/en/download', '/fr/telecharger', '/es/descargar', '/pt/baixar'],
  rental: ['/en/rental', '/fr/de-location', '/es/alquiler', '/pt/aluguel'],
  prices: ['/en/prices', '/fr/prix', '/es/precios', '/pt/precos'],
  deals: ['/en/deals', '/fr/deals', '/es/deals', '/pt/deals'],
  destinations: ['/en/destinations', '/fr/destinations', '/es/destinations', '/pt/destinations'],
  newsletter: ['/en/newsletter', '/fr/newsletter', '/es/newsletter', '/pt/newsletter'],
  covid19: ['/en/covid-19', '/fr/covid-19', '/es/covid-19', '/pt/covid-19'],
  resorts: ['/en/resorts', '/fr/resorts', '/es/resorts', '/pt/resorts'],
};
const specLocales = ['en', 'fr', 'es', 'pt'] as const;

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
