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
 *
 * On the same pages, the page's own small inline module scripts (the header's, the live
 * conditions', the newsletter dialog's: 1.2 KB of brotli on a resort lessons page) become one file
 * too (`/_astro/page-scripts.<hash>.js`, cached a year), each in its own function as it had its
 * own module. A module script runs once the page is parsed, inline or not, so they run when they
 * did, once the file is there: it comes in the same round trip as the stylesheet and Astro's island
 * scripts. Pages without an island keep them inline: a visitor who has chosen downloads no
 * script there (tests/e2e/header.spec.ts).
 *
 * And the form islands' texts leave their props for a file of their own (island-strings.ts).
 */
import type { AstroIntegration } from 'astro';
import { cspHash } from '../security/content-security-policy';
import { builtAssetName, builtPageRewrite } from './rewrite-built-pages';

/** Astro's inline island scripts: the runtime, and a directive registering itself. */
const islandScript =
  /<script>(\(\(\)=>\{(?:(?!<\/script>)[\s\S])*?(?:customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\))(?:(?!<\/script>)[\s\S])*?)<\/script>/g;

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
    const name = builtAssetName('island', code, 'js');
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

/** An inline module script: Astro's bundling of a component's `<script>` (no imports left). */
const inlineModuleScript = /<script type="module">((?:(?!<\/script>)[\s\S])*)<\/script>/g;

/**
 * One built page with its inline module scripts in one file, or undefined when it has none, or
 * one that imports (it could not be wrapped). Each script keeps its own scope in an async
 * function (an await at a module's top level stays valid); one that throws stops only itself, as
 * when each was a module. The file is loaded where the last of them was.
 */
export function externalModuleScripts(
  html: string,
  assetsBase = '/_astro/',
): { html: string; file: { name: string; code: string } } | undefined {
  const scripts = [...html.matchAll(inlineModuleScript)];
  if (
    !scripts.length ||
    scripts.some(([, code]) => /^\s*import[\s{*"'`]|[;}\n]import[\s{*"'`]/.test(code!))
  )
    return undefined;
  const code = scripts.map(([, code]) => `(async()=>{${code}})();`).join('\n');
  const name = builtAssetName('page-scripts', code, 'js');
  let page = html;
  scripts.forEach(([whole, code], index) => {
    const last = index === scripts.length - 1;
    page = page.replace(
      whole,
      last ? `<script type="module" src="${assetsBase}${name}"></script>` : '',
    );
    const hash = ` '${cspHash(code!)}'`;
    if (!page.includes(hash))
      throw new Error(
        "island-runtime: the page's policy does not list an inline module script's hash; Astro's CSP output changed",
      );
    // The same script twice on a page has one hash in its policy.
    if (!scripts.slice(index + 1).some(([, other]) => other === code))
      page = page.replace(hash, '');
  });
  return { html: page, file: { name, code } };
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
