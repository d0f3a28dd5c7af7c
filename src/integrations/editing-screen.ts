/**
 * The editing screen's API (`/api/keystatic/…`: Keystatic's handler in local mode, reading and
 * writing the files of content/ under the server's working folder) as an on-demand route of every
 * build, so that `npm start` answers it: src/editors/http.ts lets only signed-in editors through.
 * Server code only: the public pages' scripts do not change. The screen's own page and scripts are
 * built apart (scripts/build-editing-screen.mjs); `npm run cms` uses @keystatic/astro whole instead.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function editingScreenApi(): AstroIntegration {
  const config = fileURLToPath(new URL('../../keystatic.config.ts', import.meta.url));
  return {
    name: 'editing-screen-api',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'editing-screen-config',
                resolveId: (id: string) => (id === 'virtual:keystatic-config' ? config : null),
              },
            ],
          },
        });
        injectRoute({
          entrypoint: '@keystatic/astro/internal/keystatic-api.js',
          pattern: '/api/keystatic/[...params]',
          prerender: false,
        });
      },
    },
  };
}
