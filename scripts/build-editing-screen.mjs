/**
 * The editing screen's page and scripts (src/editing-screen/: Keystatic's UI with keystatic.config.ts),
 * built by Vite apart from the public site, into `<build>/editing-screen/`: its own chunks, so no
 * page of the site shares one with it or gains a byte, and the site's Content Security Policy
 * stays as it is. scripts/build.mjs runs it for every build `npm start` serves; the server sends
 * it to signed-in editors only (src/editors/editing-screen.ts).
 *
 * The screen's lists drawn from content (the teams, the rental packs, the English words) are read
 * when it is built: a team added in the screen is offered to postings from the next publish or
 * preview on.
 *
 *   usage: node scripts/build-editing-screen.mjs <out folder>
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import { esbuildTargets } from '../src/integrations/browser-targets.ts';

/** Where the screen's files are served from (src/editors/editing-screen.ts). */
export const SCREEN_ASSETS = '/keystatic/_screen/';

export async function buildEditingScreen(outDir) {
  const root = resolve(import.meta.dirname, '..');
  await build({
    configFile: false,
    root: resolve(root, 'src/editing-screen'),
    base: SCREEN_ASSETS,
    logLevel: 'warn',
    mode: 'production',
    // Keystatic reads it to offer GitHub mode; local mode has none.
    define: { 'import.meta.env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG': 'undefined' },
    build: {
      outDir,
      emptyOutDir: true,
      target: esbuildTargets(),
      // The UI is one large bundle by nature (about 3 MB, 0.7 MB as brotli): said once, here.
      chunkSizeWarningLimit: 5000,
      reportCompressedSize: false,
      rollupOptions: {
        // Keystatic's packages mark their modules 'use client' (for React Server Components),
        // which means nothing in a browser bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}

if (process.argv[1] === import.meta.filename) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node scripts/build-editing-screen.mjs <out folder>');
  await buildEditingScreen(resolve(out));
}
