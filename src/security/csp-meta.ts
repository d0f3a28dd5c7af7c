/**
 * The page's Content Security Policy `<meta>`, put right (src/lib/page-head.ts). Both functions
 * take and return the page as its UTF-8 bytes read as a Latin-1 string, one character per byte
 * (`buffer.toString('latin1')`): the build does not decode and re-encode every page. What they
 * look for is ASCII, the same in both readings.
 */
import { createHash } from 'node:crypto';

/**
 * A `<meta>` Content Security Policy governs only what comes after it in the document. Astro
 * writes its policy where it renders the head's own elements, after the consent head script and
 * the data blocks: that script would run unchecked. Moved right after `<meta charset>` (which
 * must stay first), the policy covers every script of the page, so a wrong hash shows at once.
 */
const CSP_META = /<meta http-equiv="content-security-policy" content="[^"]*">/i;
const CHARSET = /<meta charset="[^"]*">/i;

/** Whether a page carries its own policy (the build puts every page's first in its `<head>`). */
export const hasPolicyMeta = (html: string) => CSP_META.test(html);

export function cspMetaFirst(html: string): string {
  const meta = html.match(CSP_META)?.[0];
  const charset = html.match(CHARSET);
  if (!meta || !charset) return html;
  const rest = html.replace(meta, '');
  const at = rest.indexOf(charset[0]) + charset[0].length;
  return rest.slice(0, at) + meta + rest.slice(at);
}

/**
 * The hash of a script's or style's text, given as its UTF-8 bytes in a Latin-1 string. Kept by
 * text: every page of a view inlines the same stylesheet (tens of KB) and the same scripts, so a
 * build has a few dozen distinct texts for thousands of pages.
 */
const hashes = new Map<string, string>();
function hashOf(bytes: string): string {
  let hash = hashes.get(bytes);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(bytes, 'latin1').digest('base64')}'`;
    hashes.set(bytes, hash);
  }
  return hash;
}

/**
 * Astro's policy lists the hashes of every inline script and style of the whole build in every
 * page (41 style hashes, 2 KB that do not compress, 1.7 KB of each page's first 14). A page needs
 * only those of its own inline scripts and styles, and the ones given in the configuration (what
 * is added at run time: sonner's stylesheet). The others are dropped here, page by page.
 */
export function pageOwnHashes(html: string, configured: readonly string[]): string {
  const meta = html.match(CSP_META)?.[0];
  if (!meta) return html;
  const own = new Set(configured.map((hash) => `'${hash}'`));
  for (const [, attributes, text] of html.matchAll(
    /<(?:script|style)\b([^>]*)>([\s\S]*?)<\/(?:script|style)>/gi,
  )) {
    if (/\bsrc=|type="application\/(?:ld\+)?json"/i.test(attributes ?? '')) continue;
    own.add(hashOf(text ?? ''));
  }
  const pruned = meta.replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, (hash) =>
    own.has(hash.trim()) ? hash : '',
  );
  return html.replace(meta, pruned);
}
