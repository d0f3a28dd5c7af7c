import type { PageId } from '../i18n/routes';

/**
 * The header is transparent over a page's dark hero, except on the instructors and download pages
 * (spec §2): those start with a light hero under a solid header.
 */
export function hasSolidHeader(page: PageId | undefined): boolean {
  return page === 'instructors' || page === 'download';
}
