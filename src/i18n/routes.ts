/**
 * The route table: the one source of truth for every page's path in every locale. Links, the
 * language menu, hreflang alternates, the sitemap and the redirects are all derived from it.
 *
 * Slugs are the spec's (§2) exactly. `{resort}` and `{job}` are parameters filled from content.
 */
import { allLocales, defaultLocale, type Locale } from './locales';

/** A slug every locale shares (`/en/deals`, `/fr/deals`…). */
const same = (slug: string) =>
  Object.fromEntries(allLocales.map((locale) => [locale, slug])) as Record<Locale, string>;

export const routes = {
  home: same(''),
  instructors: { en: 'instructors', fr: 'instructeurs', es: 'instructores', pt: 'instrutores' },
  about: { en: 'about', fr: 'a-propos', es: 'sobre-nosotros', pt: 'sobre-nos' },
  jobs: { en: 'jobs', fr: 'emplois', es: 'trabajos', pt: 'trabalhos' },
  contact: { en: 'contact', fr: 'contacter', es: 'contactar', pt: 'contatar' },
  privacy: { en: 'privacy', fr: 'confidentialite', es: 'privacidad', pt: 'privacidade' },
  cookies: same('cookies'),
  /** Who runs the site (imprint): the company's name, numbers, address and phone. */
  legalNotice: { en: 'legal-notice', fr: 'mentions-legales', es: 'aviso-legal', pt: 'aviso-legal' },
  preferences: { en: 'preferences', fr: 'preferences', es: 'preferencias', pt: 'preferencias' },
  instructorApplication: {
    en: 'instructors/join-us',
    fr: 'instructeurs/rejoignez-nous',
    es: 'instructores/unete-a-nosotros',
    pt: 'instrutores/junte-se-a-nos',
  },
  download: { en: 'download', fr: 'telecharger', es: 'descargar', pt: 'baixar' },
  rental: { en: 'rental', fr: 'de-location', es: 'alquiler', pt: 'aluguel' },
  prices: { en: 'prices', fr: 'prix', es: 'precios', pt: 'precos' },
  deals: same('deals'),
  destinations: same('destinations'),
  newsletter: same('newsletter'),
  covid19: same('covid-19'),
  resorts: same('resorts'),
  faq: { en: 'faq', fr: 'faq', es: 'preguntas-frecuentes', pt: 'perguntas-frequentes' },
  /** The multi-sport landing page (ski and snowboard now, more sports later). */
  sports: { en: 'sports', fr: 'sports', es: 'deportes', pt: 'esportes' },

  // Pages with a parameter: one page per resort or job posting (content collections).
  resortRental: {
    en: 'resorts/{resort}/rental',
    fr: 'resorts/{resort}/location',
    es: 'resorts/{resort}/alquiler',
    pt: 'resorts/{resort}/aluguel',
  },
  resortSkiLessons: {
    en: 'resorts/{resort}/ski-lessons',
    fr: 'resorts/{resort}/cours-de-ski',
    es: 'resorts/{resort}/clases-de-esqui',
    pt: 'resorts/{resort}/aulas-de-esqui',
  },
  resortSnowboardLessons: {
    en: 'resorts/{resort}/snowboard-lessons',
    fr: 'resorts/{resort}/cours-de-snowboard',
    es: 'resorts/{resort}/clases-de-snowboard',
    pt: 'resorts/{resort}/aulas-de-snowboard',
  },
  job: { en: 'jobs/{job}', fr: 'emplois/{job}', es: 'trabajos/{job}', pt: 'trabalhos/{job}' },
} as const satisfies Record<string, Record<Locale, string>>;

export type PageId = keyof typeof routes;
export type RouteParams = Partial<Record<'resort' | 'job', string>>;

const PARAM = /\{(\w+)\}/g;

/** Page ids whose paths need no parameter: the pages the foundation builds for every locale. */
export const staticPageIds = (Object.keys(routes) as PageId[]).filter(
  (id) => !allLocales.some((locale) => routes[id][locale].includes('{')),
);

/** The site-relative path of a page in a locale: `pathTo('instructors', 'fr')` → `/fr/instructeurs`. */
export function pathTo(page: PageId, locale: Locale, params: RouteParams = {}): string {
  const slug = routes[page][locale].replace(PARAM, (_, name: keyof RouteParams) => {
    const value = params[name];
    if (!value) throw new Error(`Route "${page}" needs the parameter "${name}"`);
    return encodeURIComponent(value);
  });
  return slug ? `/${locale}/${slug}` : `/${locale}`;
}

/** The same page in every locale, for hreflang and the language menu. */
export function alternatesOf(page: PageId, params: RouteParams = {}) {
  return Object.fromEntries(
    allLocales.map((locale) => [locale, pathTo(page, locale, params)]),
  ) as Record<Locale, string>;
}

/**
 * Where a visitor whose language we do not offer should land (hreflang x-default): `/` for the
 * home page, since it picks the visitor's language; the default locale's version otherwise.
 */
export function xDefaultOf(page: PageId, params: RouteParams = {}): string {
  return page === 'home' ? '/' : pathTo(page, defaultLocale, params);
}

/** Old unprefixed addresses still in circulation (app stores, printed material): permanent redirects. */
export const unprefixedRedirects: Readonly<Record<string, string>> = {
  '/instructors': pathTo('instructors', 'en'),
  '/download': pathTo('download', 'en'),
};

/** The instructor sign-up landing page: outside the locale tree, no header or footer. */
export const instructorLandingPath = '/temp-landing';
