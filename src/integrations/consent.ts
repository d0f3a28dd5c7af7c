/**
 * What consent needs from the build: Partytown's files served by the site itself under
 * `/~partytown/` (copied into the build, and served from node_modules in development), so that
 * loading it after consent asks no other host.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyLibFiles, libDirPath } from '@qwik.dev/partytown/utils';
import type { AstroIntegration } from 'astro';

/** Where the pages find Partytown (its `lib` option): same origin, starts and ends with `/`. */
export const PARTYTOWN_LIB = '/~partytown/';

export function consent(): AstroIntegration {
  return {
    name: 'consent',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const lib = libDirPath();
        server.middlewares.use(PARTYTOWN_LIB, (req, res, next) => {
          const file = (req.url ?? '').split('?')[0]!.replace(/^\/+/, '');
          if (!/^[\w.-]+\.(js|html)$/.test(file)) return next();
          readFile(join(lib, file)).then(
            (body) => {
              res.setHeader(
                'content-type',
                file.endsWith('.html')
                  ? 'text/html; charset=utf-8'
                  : 'text/javascript; charset=utf-8',
              );
              res.end(body);
            },
            () => next(),
          );
        });
      },
      'astro:build:done': async ({ dir }) => {
        // The debug builds stay out: nothing loads them and they would double the files shipped.
        await copyLibFiles(fileURLToPath(new URL(`.${PARTYTOWN_LIB}`, dir)), { debugDir: false });
      },
    },
  };
}
