/**
 * The static paths of one view: its page in every locale, and for resort and job views one page
 * per resort or posting. Each view exports `getStaticPaths = pathsOf('<its page id>')`; the view
 * routes are injected by src/integrations/view-routes.ts.
 */
import type { GetStaticPaths } from 'astro';
import { contentSitePages } from '../content/site-content';
import { allLocales } from '../i18n/locales';
import { pathTo, type PageId } from '../i18n/routes';
import type { ViewProps } from './types';

export function pathsOf(view: PageId) {
  return (async () => {
    const pages = (await contentSitePages()).filter(({ page }) => page === view);
    return allLocales.flatMap((locale) =>
      pages.map(({ page, params }) => ({
        // The path after the locale prefix: '' for home → no `path` param.
        params: {
          locale,
          path: decodeURI(pathTo(page, locale, params)).slice(locale.length + 2) || undefined,
        },
        props: { locale, page, params } satisfies ViewProps,
      })),
    );
  }) satisfies GetStaticPaths;
}
