/**
 * Runs the editors' check (./index.ts) before Astro reads the content: `astro build` stops with
 * the same plain-worded list `npm run content:check` prints (and prints its warnings), and
 * `astro dev` checks again whenever a file of content/ changes.
 *
 * Under `npm run dev` the problems show in the browser's error overlay. Under `npm run cms` they
 * show in the editing UI itself, in a panel beside the form that was just saved
 * (src/cms/check-panel.ts), and no error overlay is ever sent: it covered the whole screen, the
 * Save button included, the moment a save was wrong.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import type { ViteDevServer } from 'vite';
import { checkContent, contentWarnings, formatProblem, formatProblems, formatWarnings } from './index';
import { REPORT_EVENT, REPORT_PATH, type CheckReport } from './report';

function contentError(root: string, hint: string): AstroError | undefined {
  const problems = checkContent(root);
  if (!problems.length) return undefined;
  const error = new AstroError(formatProblems(problems), hint);
  error.name = 'Content problem';
  error.stack = '';
  return error;
}

const DEV_HINT = 'Fix the files named above and save: reload the page to see it.';

function report(root: string): CheckReport {
  return {
    problems: checkContent(root).map(formatProblem),
    warnings: contentWarnings(root).map(formatProblem),
  };
}

const inContent = (root: string, file: string) =>
  file.startsWith(`${root}content`) || file.startsWith(`${root}/content`);

/** `npm run dev`: the problems in the error overlay of every open page. */
function overlay(root: string, server: ViteDevServer, logger: { error: (message: string) => void }) {
  server.watcher.on('all', (_event, file) => {
    if (!inContent(root, file)) return;
    const error = contentError(root, DEV_HINT);
    if (error) {
      logger.error(error.message);
      server.hot.send({ type: 'error', err: { message: error.message, stack: '', plugin: 'content-check' } });
    }
  });
}

/** `npm run cms`: the problems sent to the editing UI's panel after every save, never an overlay. */
function panel(root: string, server: ViteDevServer, logger: { error: (message: string) => void }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  server.watcher.on('all', (_event, file) => {
    if (!inContent(root, file)) return;
    // A save may write several files (an entry and its photo): check once they are all written.
    clearTimeout(timer);
    timer = setTimeout(() => {
      const found = report(root);
      if (found.problems.length) logger.error(found.problems.join('\n'));
      server.hot.send({ type: 'custom', event: REPORT_EVENT, data: found });
    }, 150);
  });
  server.middlewares.use(REPORT_PATH, (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', 'no-store');
    response.end(JSON.stringify(report(root)));
  });
  // The editing UI's page has no <head> for Astro to put page scripts in (Keystatic renders it
  // alone): the panel's script is added at the end of its HTML, served by Vite like any module.
  server.middlewares.use((request, response, next) => {
    if (request.method !== 'GET' || !/^\/keystatic(\/|$|\?)/.test(request.url ?? '')) return next();
    const end = response.end.bind(response) as (...args: unknown[]) => typeof response;
    response.end = ((...args: unknown[]) => {
      const html = String(response.getHeader('content-type') ?? '').includes('text/html');
      if (html && !response.headersSent) response.removeHeader('content-length');
      if (html) {
        const [chunk] = args;
        if (typeof chunk === 'string' || chunk instanceof Uint8Array) response.write(chunk);
        response.write(PANEL_SCRIPT);
        return end();
      }
      return end(...args);
    }) as typeof response.end;
    next();
  });
}

const PANEL_SCRIPT = '<script type="module" src="/src/cms/check-panel.ts"></script>';

export function contentCheck(): AstroIntegration {
  const cms = process.env.CMS === '1';
  return {
    name: 'content-check',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const warnings = contentWarnings(root);
        if (command === 'build') {
          const error = contentError(root, 'Fix the files named above and build again (npm run content:check checks them faster).');
          if (error) throw error;
          if (warnings.length) logger.warn(formatWarnings(warnings));
          return;
        }
        if (command !== 'dev') return;
        updateConfig({
          vite: {
            // The editing UI is a page of this server: an overlay would cover its forms.
            ...(cms ? { server: { hmr: { overlay: false } } } : {}),
            plugins: [
              {
                name: 'content-check',
                configureServer(server: ViteDevServer) {
                  (cms ? panel : overlay)(root, server, logger);
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
