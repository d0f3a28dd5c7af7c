/**
 * Share images (Open Graph, 1200×630 PNG): each resort page and job posting in each language has
 * its own, with its heading over the brand's scene, drawn at build time by
 * src/integrations/share-images.ts. Other pages share public/og-image.jpg.
 */
import { resortPageIds } from '../i18n/site-pages';
import type { PageId } from '../i18n/routes';

const ownImagePages: readonly PageId[] = [...resortPageIds, 'job'];

export const shareImageSize = { width: 1200, height: 630 } as const;

/** The site's share image (the brand's mark over mountains), for pages without their own. */
export const siteShareImage = '/og-image.jpg';

/** The share image of the page at `path`, site-relative: its own, or the site's. */
export function shareImageOf(page: PageId | undefined, path: string | undefined): string {
  return page && path && ownImagePages.includes(page) ? `/og${path}.png` : siteShareImage;
}

/**
 * The brand's mark as a PNG for other sites (schema.org Organization `logo`: Google wants 112 px or
 * more, and no SVG), drawn from public/favicon.svg by the build (src/integrations/share-images.ts).
 */
export const logoImage = { path: '/logo.png', size: 512 } as const;
