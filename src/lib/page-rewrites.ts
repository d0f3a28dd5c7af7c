/**
 * What the build changes in each page once Astro has rendered it, done while the page is rendered
 * (src/middleware.ts) rather than by reading every written page back and writing it again (two
 * passes over 5,000 pages cost more CPU per page than Astro's own rendering):
 * - `critical-css`: the page's inline stylesheet cut to its first screen, the whole as a file
 *   (src/integrations/critical-css.ts);
 * - `island-runtime`: Astro's inline island scripts as files (src/integrations/island-runtime.ts).
 *
 * Each integration turns its rewrite on when a build starts and, when it is done, writes the files
 * the pages asked for. Pages rendered on demand (the 404 by the server) and by `astro dev` are left
 * as they are: no build is listening. The integration and the prerendered pages' code are two
 * copies of this module: they meet on a global. The pages rendered in worker threads
 * (src/integrations/parallel-pages.ts) send their outcome back to it.
 */

export const pageRewriteNames = ['critical-css', 'island-runtime'] as const;
export type PageRewriteName = (typeof pageRewriteNames)[number];

/** A rewrite's outcome so far: how many pages it changed, the files they ask for (name → text). */
export type PageRewriteOutcome = { pages: number; files: Map<string, string> };
export type PageRewrites = Partial<Record<PageRewriteName, PageRewriteOutcome>>;

const KEY = Symbol.for('pistelink.pageRewrites');
const store = globalThis as { [KEY]?: PageRewrites };

/** Turns a rewrite on for this build; returns its outcome, filled as pages render. */
export function startPageRewrite(name: PageRewriteName): PageRewriteOutcome {
  const rewrites = (store[KEY] ??= {});
  return (rewrites[name] = { pages: 0, files: new Map() });
}

/** The rewrites a build has turned on, if any. */
export function pageRewritesOn(): PageRewrites | undefined {
  return store[KEY];
}
