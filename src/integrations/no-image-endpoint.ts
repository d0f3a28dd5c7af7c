/**
 * Astro puts its image endpoint (`/_image`, resizing any image on request with sharp) into every
 * build with a server. No page of ours uses it: every picture is resized at build time. Open in
 * production, a few requests with varied widths held every page for seconds and took hundreds of
 * megabytes. So builds route it to an endpoint that answers 404 at once (Astro has no switch to
 * leave the route out); `astro dev` keeps its own, which it needs to show pictures.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function noImageEndpoint(): AstroIntegration {
  const entrypoint = fileURLToPath(new URL('../server/not-served.ts', import.meta.url));
  return {
    name: 'no-image-endpoint',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command === 'build')
          updateConfig({ image: { endpoint: { route: config.image.endpoint.route, entrypoint } } });
      },
    },
  };
}
