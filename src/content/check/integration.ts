/**
 * Runs the editors' check (./index.ts) before Astro reads the content: `astro build` stops with
 * the same plain-worded list `npm run content:check` prints, and `astro dev` shows it in the
 * browser's error overlay, checking again whenever a file of content/ changes.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { checkContent, formatProblems } from './index';

function contentError(root: string, hint: string): AstroError | undefined {
  const problems = checkContent(root);
  if (!problems.length) return undefined;
  const error = new AstroError(formatProblems(problems), hint);
  error.name = 'Content problem';
  error.stack = '';
  return error;
}

const DEV_HINT = 'Fix the files named above and save: reload the page to see it.';

export function contentCheck(): AstroIntegration {
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        if (command === 'build') {
          const error = contentError(root, 'Fix the files named above and build again (npm run content:check checks them faster).');
          if (error) throw error;
          return;
        }
        if (command !== 'dev') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'content-check',
                configureServer(server) {
                  const show = () => {
                    const error = contentError(root, DEV_HINT);
                    if (error) {
                      logger.error(error.message);
                      server.hot.send({ type: 'error', err: { message: error.message, stack: '', plugin: 'content-check' } });
                    }
                    return error;
                  };
                  server.watcher.on('all', (_event, file) => {
                    if (file.startsWith(`${root}content`) || file.startsWith(`${root}/content`)) show();
                  });
                  // Every page request while the content has a problem answers with it, so a
                  // reload never shows the old page as if the change had worked. The editing UI
                  // (`npm run cms`, /keystatic) stays open: it is where the editor fixes it.
                  server.middlewares.use((request, _response, next) => {
                    const editingUi = /^\/(api\/)?keystatic(\/|$|\?)/.test(request.url ?? '');
                    if (!editingUi && request.headers.accept?.includes('text/html')) {
                      const error = contentError(root, DEV_HINT);
                      if (error) return next(error);
                    }
                    next();
                  });
                },
              },
            ],
          },
        });
      },
    },
  };
}
