/**
 * The route table: the one source of truth for every page's path in every locale. Links, the
 * language menu, hreflang alternates, the sitemap and the redirects are all derived from it.
 *
 * Slugs are the spec's (§2) exactly. `{resort}` and `{job}` are parameters filled from content.
 */
import { allLocales, defaultLocale, type Locale } from './locales';

type Slugs = Record<Locale, string>;

/** Each locale's slug of a page, from the locale. */
const perLocale = (slugIn: (locale: Locale) => string) =>
  Object.fromEntries(allLocales.map((locale) => [locale, slugIn(locale)])) as Slugs;

/** A slug every locale shares (`/en/deals`, `/fr/deals`…). */
const same = (slug: string) => perLocale(() => slug);

/** Pages below another page, in each locale (`instructeurs/rejoignez-nous`). */
const under = (parent: Slugs, child: Slugs) =>
  perLocale((locale) => `${parent[locale]}/${child[locale]}`);

const instructors = {
  en: 'instructors',
  fr: 'instructeurs',
  es: 'instructores',
  pt: 'instrutores',
};
const jobs = { en: 'jobs', fr: 'emplois', es: 'trabajos', pt: 'trabalhos' };
const resorts = same('resorts');
/** A resort's own pages, under its address in the resorts (`resorts/{resort}/location`). */
const resortPage = (slugs: Slugs) => under(under(resorts, same('{resort}')), slugs);

export const routes = {
  home: same(''),
  instructors,
  about: { en: 'about', fr: 'a-propos', es: 'sobre-nosotros', pt: 'sobre-nos' },
  jobs,
  contact: { en: 'contact', fr: 'contacter', es: 'contactar', pt: 'contatar' },
  privacy: { en: 'privacy', fr: 'confidentialite', es: 'privacidad', pt: 'privacidade' },
  cookies: same('cookies'),
  /** Who runs the site (imprint): the company's name, numbers, address and phone. */
  legalNotice: { en: 'legal-notice', fr: 'mentions-legales', es: 'aviso-legal', pt: 'aviso-legal' },
  preferences: { en: 'preferences', fr: 'preferences', es: 'preferencias', pt: 'preferencias' },
  instructorApplication: under(instructors, {
    en: 'join-us',
    fr: 'rejoignez-nous',
    es: 'unete-a-nosotros',
    pt: 'junte-se-a-nos',
  }),
  download: { en: 'download', fr: 'telecharger', es: 'descargar', pt: 'baixar' },
  rental: { en: 'rental', fr: 'de-location', es: 'alquiler', pt: 'aluguel' },
  prices: { en: 'prices', fr: 'prix', es: 'precios', pt: 'precos' },
  deals: same('deals'),
  destinations: same('destinations'),
  newsletter: same('newsletter'),
  covid19: same('covid-19'),
  resorts,
  faq: { en: 'faq', fr: 'faq', es: 'preguntas-frecuentes', pt: 'perguntas-frequentes' },
  /** The multi-sport landing page (ski and snowboard now, more sports later). */
  sports: { en: 'sports', fr: 'sports', es: 'deportes', pt: 'esportes' },

  // Pages with a parameter: one page per resort or job posting (content collections).
  resortRental: resortPage({ en: 'rental', fr: 'location', es: 'alquiler', pt: 'aluguel' }),
  resortSkiLessons: resortPage({
    en: 'ski-lessons',
    fr: 'cours-de-ski',
    es: 'clases-de-esqui',
    pt: 'aulas-de-esqui',
  }),
  resortSnowboardLessons: resortPage({
    en: 'snowboard-lessons',
    fr: 'cours-de-snowboard',
    es: 'clases-de-snowboard',
    pt: 'aulas-de-snowboard',
  }),
  job: under(jobs, same('{job}')),
} as const satisfies Record<string, Slugs>;

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
