import { defineMiddleware } from 'astro:middleware';

/**
 * Astro writes `<style>astro-island…{display:contents}</style>` in the body, just before the first
 * island. `<style>` is only valid in `<head>`, so we move it there. Runs for prerendered pages at
 * build time and for on-demand pages (the 404) at request time.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  if (!html.includes(ISLAND_STYLE)) return new Response(html, response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const moved = html.replace(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`);
  return new Response(moved, { status: response.status, statusText: response.statusText, headers });
});
