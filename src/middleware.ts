import { Buffer } from 'node:buffer';
import { defineMiddleware } from 'astro:middleware';
import { bytesStream } from './lib/bytes-stream';
import { headInPlace } from './lib/page-head';
import { pageRewritesOn } from './lib/page-rewrites';
import { configuredHashes } from './security/content-security-policy';

/**
 * Puts the island style and the Content Security Policy where they belong in every HTML page
 * (lib/page-head.ts). Runs for prerendered pages at build time and for on-demand pages (the 404)
 * at request time. The page is handled as bytes, never decoded, except by a build's own rewrites
 * (lib/page-rewrites.ts: the first screen's CSS, the island scripts as files), which need its text.
 */
const { scripts, styles } = configuredHashes();
const keptHashes = [...scripts, ...styles];

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  let moved = headInPlace(bytes, keptHashes);
  const rewrites = pageRewritesOn();
  if (rewrites) {
    const { rewritePage } = await import('./lib/rewrite-page');
    const page = moved ?? bytes;
    const text = Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString('utf8');
    const rewritten = rewritePage(text, rewrites);
    if (rewritten !== undefined) moved = Buffer.from(rewritten, 'utf8');
  }
  if (!moved) return new Response(bytesStream(bytes), response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(bytesStream(moved), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});
