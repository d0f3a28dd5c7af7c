import type { Locale } from '../i18n/locales';
import type { PageId, RouteParams } from '../i18n/routes';

/**
 * What every view (one per page id, `src/views/<pageId>.astro`) receives from the catch-all route.
 * A view renders the whole page through its layout (src/layouts/: PageLayout, LegalLayout,
 * ResortLayout), because its title and description may depend on content (a job's title).
 */
export type ViewProps = { locale: Locale; page: PageId; params: RouteParams };
