/**
 * Astro writes its island runtime (the `<astro-island>` element, 4.4 KB) and each hydration
 * directive's script (ours, `client:interaction`: 1.5 KB) inline into every page with an island:
 * about 2 KB of brotli that every visitor downloads again with every such page, a seventh of
 * what a first round trip carries. As each page is built (src/lib/page-rewrites.ts) they become
 * files (`/_astro/island.<hash>.js`, the same text, cached a year) loaded with `defer`: they run,
 * in the same order, once the page is parsed and before DOMContentLoaded, which is when the
 * islands started anyway (they wait for their children, `await-children`, and the form islands
 * for the visitor's first interaction).
 * Their hashes leave the page's policy; the files come from `'self'`.
 */
import { createHash } from 'node:crypto';
import type { AstroIntegration } from 'astro';
import { cspHash } from '../security/content-security-policy';
import { builtPageRewrite } from './rewrite-built-pages';

/** Astro's inline island scripts: the runtime, and a directive registering itself. */
const islandScript =
  /<script>(\(\(\)=>\{(?:(?!<\/script>)[\s\S])*?(?:customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\))(?:(?!<\/script>)[\s\S])*?)<\/script>/g;

/** The file name of an island script: its content's hash, as Vite names the built files. */
export function islandScriptFileName(code: string): string {
  return `island.${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
}

/**
 * One built page with Astro's inline island scripts loaded from files instead: the new HTML and
 * the files, or undefined when it has none.
 */
export function externalIslandScripts(
  html: string,
  assetsBase = '/_astro/',
): { html: string; files: { name: string; code: string }[] } | undefined {
  const files: { name: string; code: string }[] = [];
  let page = html.replace(islandScript, (_, code: string) => {
    const name = islandScriptFileName(code);
    files.push({ name, code });
    return `<script defer src="${assetsBase}${name}"></script>`;
  });
  if (!files.length) return undefined;
  for (const { code } of files) {
    const hash = ` '${cspHash(code)}'`;
    if (!page.includes(hash))
      throw new Error(
        "island-runtime: the page's policy does not list an island script's hash; Astro's CSP output changed",
      );
    page = page.replace(hash, '');
  }
  return { html: page, files };
}

export function islandRuntimeFiles(): AstroIntegration {
  return {
    name: 'island-runtime',
    hooks: builtPageRewrite(
      'island-runtime',
      (pages, files) => `${pages} page(s): Astro's island scripts in ${files} file(s)`,
    ),
  };
}
