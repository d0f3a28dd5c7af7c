/**
 * How long browsers keep the built files, and how they check them again (server.mjs, and the
 * static hosts' `_headers`, src/integrations/static-host-headers.ts): one set of rules.
 *
 * - Files with a content hash in their name (`/_astro/`): a year, never checked again (a change
 *   is a new name).
 * - Stable files whose name has no hash (the favicon, the sharing image): a month, then checked.
 * - Everything else (pages, robots.txt, the sitemap, Partytown's files): checked on every use
 *   (`no-cache`), which costs a 304 and no body when nothing changed. The Node server's ETag is
 *   a hash of the file's content, so a deploy that leaves a page unchanged leaves its ETag too
 *   (the adapter's own is made of size and time: every deploy invalidated every page).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

const YEAR = 31_536_000;
const MONTH = 2_592_000;

/** Path patterns (as `_headers` writes them) and their Cache-Control, the first match applies. */
export const cacheRules = [
  { path: '/_astro/*', cacheControl: `public, max-age=${YEAR}, immutable` },
  { path: '/favicon.svg', cacheControl: `public, max-age=${MONTH}` },
  { path: '/og-image.jpg', cacheControl: `public, max-age=${MONTH}` },
] as const;

/**
 * A 404 that says nothing of its own: kept a minute, so a burst of requests for a missing address
 * (a broken link in a mailing) is answered by caches, and a page published since shows soon.
 */
export const notFoundCacheControl = 'public, max-age=60';

/** Checked on every use: pages and any file without a rule of its own. */
export const revalidate = 'public, no-cache';

/** The Cache-Control of a path (`/en/contact`, `/_astro/client.x1.js`). */
export function cacheControlFor(path: string): string {
  const rule = cacheRules.find((r) =>
    r.path.endsWith('/*') ? path.startsWith(r.path.slice(0, -1)) : path === r.path,
  );
  return rule?.cacheControl ?? revalidate;
}

/** A weak ETag (the body is sent compressed or not) from the content alone. */
export const contentEtag = (content: Buffer | string) =>
  `W/"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The ETags of a built folder's files, by URL path, each worked out on first use and kept while
 * the file's size and time are the same. Undefined for what is not a file there.
 */
export function builtFileEtags(clientDir: string): (urlPath: string) => string | undefined {
  const known = new Map<string, { stamp: string; etag: string }>();
  return (urlPath) => {
    let file: string;
    try {
      file = join(clientDir, decodeURI(urlPath));
    } catch {
      return undefined;
    }
    // Only files inside the folder (`/../` is not).
    if (!file.startsWith(join(clientDir, sep))) return undefined;
    let stamp: string;
    try {
      const stats = statSync(file);
      if (!stats.isFile()) return undefined;
      stamp = `${stats.size}-${stats.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = known.get(file);
    if (cached?.stamp === stamp) return cached.etag;
    const etag = contentEtag(readFileSync(file));
    known.set(file, { stamp, etag });
    return etag;
  };
}
