import { defineMiddleware } from 'astro:middleware';
import { headInPlace } from './lib/page-head';
import { configuredHashes } from './security/content-security-policy';

/**
 * Puts the island style and the Content Security Policy where they belong in every HTML page
 * (lib/page-head.ts). Runs for prerendered pages at build time and for on-demand pages (the 404)
 * at request time. The page is handled as bytes, never decoded.
 */
const { scripts, styles } = configuredHashes();
const keptHashes = [...scripts, ...styles];

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const moved = headInPlace(bytes, keptHashes);
  if (!moved) return new Response(bytes, response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(moved, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});
