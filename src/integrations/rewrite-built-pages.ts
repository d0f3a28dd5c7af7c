/**
 * What the integrations that change the built pages share (critical-css.ts, island-runtime.ts):
 * their rewrite runs on each page as it is rendered (src/lib/page-rewrites.ts), and once the build
 * is done, the asset files the pages asked for are written once into `/_astro/` (the same file
 * serves every page).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  startPageRewrite,
  type PageRewriteName,
  type PageRewriteOutcome,
} from '../lib/page-rewrites';

/**
 * The name of a file a rewrite adds to `/_astro/` (`island.<hash>.js`): its content's hash, as
 * Vite names the built files, so a changed file is a new address and each may be cached a year.
 */
export const builtAssetName = (stem: string, content: string, extension: string) =>
  `${stem}.${createHash('sha256').update(content).digest('base64url').slice(0, 10)}.${extension}`;

/**
 * The hooks of an integration whose rewrite `name` changes the pages as they render: on at the
 * build's start, its files written at the end, then `report` logged (pages changed, files written).
 */
export function builtPageRewrite(
  name: PageRewriteName,
  report: (pages: number, files: number) => string,
): AstroIntegration['hooks'] {
  let outcome: PageRewriteOutcome | undefined;
  return {
    'astro:build:start': () => {
      outcome = startPageRewrite(name);
    },
    'astro:build:done': async ({ dir, logger }) => {
      if (!outcome) return;
      const assets = join(fileURLToPath(dir), '_astro');
      for (const [file, text] of outcome.files) await writeFile(join(assets, file), text);
      logger.info(report(outcome.pages, outcome.files.size));
    },
  };
}
