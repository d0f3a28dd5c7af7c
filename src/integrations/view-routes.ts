/**
 * One route per page id: `src/views/<pageId>.astro` is itself the route of that page in every
 * locale, injected here with the pattern `/[locale]/[...path]` and its own `getStaticPaths`
 * (`pathsOf` in src/views/paths.ts). The paths of different views never overlap, so the routes
 * share the pattern without colliding.
 *
 * Why not one catch-all route file that picks the view: Astro gives a page the CSS of every
 * component its route imports, so a route importing all views put every view's CSS (≈70 KB) in
 * every page. A route per view inlines only what the page uses (the 14 KB first-render budget).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { routes, type PageId } from '../i18n/routes';

export const pageIds = Object.keys(routes) as PageId[];

export function viewRoutes(): AstroIntegration {
  return {
    name: 'view-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        for (const page of pageIds) {
          const entrypoint = fileURLToPath(new URL(`../views/${page}.astro`, import.meta.url));
          if (!existsSync(entrypoint))
            throw new Error(
              `Page id "${page}" (src/i18n/routes.ts) has no view: create src/views/${page}.astro`,
            );
          injectRoute({ pattern: '/[locale]/[...path]', entrypoint });
        }
      },
    },
  };
}
