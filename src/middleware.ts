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
  const html = await response.text();
  const moved = pageOwnHashes(cspMetaFirst(islandStyleInHead(html)), keptHashes);
  if (moved === html) return new Response(html, response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(moved, { status: response.status, statusText: response.statusText, headers });
});
