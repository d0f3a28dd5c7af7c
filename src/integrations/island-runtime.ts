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
import { remembered } from '../lib/remembered';
import { cspHash } from '../security/content-security-policy';
import { builtAssetName, builtPageRewrite } from './rewrite-built-pages';

/** Astro's inline island scripts: the runtime, and a directive registering itself. */
const islandScript =
  /<script>(\(\(\)=>\{(?:(?!<\/script>)[\s\S])*?(?:customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\))(?:(?!<\/script>)[\s\S])*?)<\/script>/g;

/**
 * A script's file name and its hash in the policy, by text: thousands of pages carry the same few
 * scripts, each hashed twice per page before.
 */
const scriptFiles = new Map<string, Map<string, { name: string; hash: string }>>();
const scriptFile = (stem: string, code: string) =>
  remembered(
    remembered(scriptFiles, stem, () => new Map()),
    code,
    () => ({ name: builtAssetName(stem, code, 'js'), hash: ` '${cspHash(code)}'` }),
  );

const POLICY = '<meta http-equiv="content-security-policy" content="';

/**
 * The page with each of `hashes` taken out of its policy once (the `<meta>` Astro writes, first in
 * `<head>`), or undefined when one is not in it. Only the policy is searched and changed, not the
 * whole page once per hash.
 */
function withoutPolicyHashes(html: string, hashes: readonly string[]): string | undefined {
  const start = html.indexOf(POLICY);
  if (start === -1) return undefined;
  const end = html.indexOf('">', start);
  let policy = html.slice(start, end);
  for (const hash of hashes) {
    const at = policy.indexOf(hash);
    if (at === -1) return undefined;
    policy = policy.slice(0, at) + policy.slice(at + hash.length);
  }
  return html.slice(0, start) + policy + html.slice(end);
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
  const hashes: string[] = [];
  const page = html.replace(islandScript, (_, code: string) => {
    const { name, hash } = scriptFile('island', code);
    files.push({ name, code });
    hashes.push(hash);
    return `<script defer src="${assetsBase}${name}"></script>`;
  });
  if (!files.length) return undefined;
  const policy = withoutPolicyHashes(page, hashes);
  if (policy === undefined)
    throw new Error(
      "island-runtime: the page's policy does not list an island script's hash; Astro's CSP output changed",
    );
  return { html: policy, files };
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
  const { name } = scriptFile('page-scripts', code);
  // Each script out of the page, the file where the last one was.
  let page = '';
  let copied = 0;
  scripts.forEach(({ 0: whole, index }, at) => {
    page += html.slice(copied, index);
    if (at === scripts.length - 1)
      page += `<script type="module" src="${assetsBase}${name}"></script>`;
    copied = index + whole.length;
  });
  page += html.slice(copied);
  // The same script twice on a page has one hash in its policy.
  const hashes = [...new Set(scripts.map(([, code]) => code!))].map(
    (code) => scriptFile('module', code).hash,
  );
  const policy = withoutPolicyHashes(page, hashes);
  if (policy === undefined)
    throw new Error(
      "island-runtime: the page's policy does not list an inline module script's hash; Astro's CSP output changed",
    );
  return { html: policy, file: { name, code } };
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
