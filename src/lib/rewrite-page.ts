/**
 * The build's rewrites of a rendered page (src/lib/page-rewrites.ts), applied in their order. Kept
 * apart from the middleware's own module and loaded only by a build: the server never needs
 * PostCSS.
 */
import { splitPageStyles } from '../integrations/critical-css';
import { externalIslandScripts, externalModuleScripts } from '../integrations/island-runtime';
import { externalIslandStrings } from '../integrations/island-strings';
import { pageRewriteNames, type PageRewriteName, type PageRewrites } from './page-rewrites';

type Rewrite = (
  html: string,
) => { html: string; files: { name: string; text: string }[] } | undefined;

const rewrites: Record<PageRewriteName, Rewrite> = {
  'critical-css': (html) => {
    const split = splitPageStyles(html);
    return (
      split && {
        html: split.html,
        files: [
          { name: split.file.name, text: split.file.css },
          ...(split.icons ? [{ name: split.icons.name, text: split.icons.svg }] : []),
        ],
      }
    );
  },
  // Astro's island scripts, the page's own inline module scripts and the form islands' texts, as
  // files: all three on a page with an island only.
  'island-runtime': (html) => {
    const external = externalIslandScripts(html);
    if (!external) return undefined;
    const scripts = externalModuleScripts(external.html);
    const strings = externalIslandStrings(scripts?.html ?? external.html);
    return {
      html: strings?.html ?? scripts?.html ?? external.html,
      files: [...external.files, ...(scripts ? [scripts.file] : []), ...(strings?.files ?? [])].map(
        ({ name, code }) => ({ name, text: code }),
      ),
    };
  },
};

/** The page (its text) with the rewrites `on` applied, or undefined when none changed it. */
export function rewritePage(html: string, on: PageRewrites): string | undefined {
  let page = html;
  let changed = false;
  for (const name of pageRewriteNames) {
    const outcome = on[name];
    const result = outcome && rewrites[name](page);
    if (!outcome || !result) continue;
    changed = true;
    outcome.pages++;
    page = result.html;
    for (const file of result.files)
      if (!outcome.files.has(file.name)) outcome.files.set(file.name, file.text);
  }
  return changed ? page : undefined;
}
