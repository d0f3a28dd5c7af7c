import { Buffer } from 'node:buffer';
import { defineMiddleware } from 'astro:middleware';
import { cspMetaFirst, pageOwnHashes } from './security/csp-meta';
import { configuredHashes } from './security/content-security-policy';

/**
 * Puts two things Astro writes in the wrong place where they belong. Runs for prerendered pages at
 * build time and for on-demand pages (the 404) at request time.
 * - `<style>astro-island…{display:contents}</style>` comes in the body, just before the first
 *   island; `<style>` is only valid in `<head>`, so it moves there.
 * - The Content Security Policy `<meta>` moves to the top of `<head>`, and keeps only the hashes
 *   of this page's inline scripts and styles (security/csp-meta.ts).
 */
const { scripts, styles } = configuredHashes();
const keptHashes = [...scripts, ...styles];

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

function islandStyleInHead(html: string): string {
  if (!html.includes(ISLAND_STYLE)) return html;
  return html.replace(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`);
}

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  // The page's bytes are read as a Latin-1 string (one character per byte) and written back the
  // same way: no UTF-8 decoding and re-encoding of every page (a tenth of the build's CPU when it
  // was decoded). Everything searched for and moved is ASCII, which UTF-8 writes as itself and no
  // byte of a multi-byte character can be mistaken for; the hashes are taken of the bytes
  // (csp-meta.ts), which are the UTF-8 text the browser hashes.
  const bytes = Buffer.from(await response.arrayBuffer());
  const page = bytes.toString('latin1');
  const moved = pageOwnHashes(cspMetaFirst(islandStyleInHead(page)), keptHashes);
  if (moved === page) return new Response(bytes, response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(Buffer.from(moved, 'latin1'), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});
