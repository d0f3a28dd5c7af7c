/** What the end-to-end tests walk through: every page of the route table in every locale. */
import { allLocales, type Locale } from '../../src/i18n/locales';
import { pathTo, staticPageIds, type PageId } from '../../src/i18n/routes';
import { useTranslations } from '../../src/i18n/translate';

export type SitePage = { locale: Locale; page: PageId; path: string };

export const everyPage: SitePage[] = allLocales.flatMap((locale) =>
  staticPageIds.map((page) => ({ locale, page, path: pathTo(page, locale) })),
);

export { useTranslations };

/** Waits until a React island has hydrated (Astro drops its `ssr` attribute then). */
export const hydrated = (component: string) => `astro-island[component-url*="${component}"]:not([ssr])`;
