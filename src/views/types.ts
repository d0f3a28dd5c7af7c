import type { Locale } from '../i18n/locales';
import type { PageId, RouteParams } from '../i18n/routes';
import type { TranslationKey } from '../i18n/translate';

/**
 * What every view (one per page id, `src/views/<pageId>.astro`) receives from the catch-all route.
 * A view renders the whole page through its layout (src/layouts/: PageLayout, LegalLayout,
 * ResortLayout), because its title and description may depend on content (a job's title).
 */
export type ViewProps<Page extends PageId = PageId> = {
  locale: Locale;
  page: Page;
  params: RouteParams;
};

/**
 * The pages whose translations have a hero (`pages.<id>.heading` and `.intro`): all but a job
 * posting's, whose heading is the job's title.
 */
export type HeroPageId = {
  [P in PageId]: `pages.${P}.heading` extends TranslationKey ? P : never;
}[PageId];

/** The four texts of a page with a hero. */
export type HeroPageText = 'title' | 'description' | 'heading' | 'intro';
