/**
 * Puts two things Astro writes in the wrong place where they belong (src/middleware.ts runs this
 * on every page: prerendered pages at build time, on-demand ones, the 404, at request time).
 * - `<style>astro-island…{display:contents}</style>` comes in the body, just before the first
 *   island; `<style>` is only valid in `<head>`, so it moves there.
 * - The Content Security Policy `<meta>` moves to the top of `<head>`, and keeps only the hashes
 *   of this page's inline scripts and styles (security/csp-meta.ts).
 * And it names on each island every script the island needs (lib/island-chunks.ts), and, in a
 * build, lists the page's share image (lib/share-image.ts).
 *
 * The page's bytes are read as a Latin-1 string (one character per byte) and written back the
 * same way: no UTF-8 decoding and re-encoding of every page (decoding was a tenth of the build's
 * CPU). Everything searched for and moved is ASCII, which UTF-8 writes as itself and no byte of a
 * multi-byte character can be mistaken for; the hashes are taken of the bytes, which are the
 * UTF-8 text the browser hashes.
 */
import { Buffer } from 'node:buffer';
import { cspMetaFirst, pageOwnHashes } from '../security/csp-meta';
import { islandsWithChunks } from './island-chunks';
import { recordSharedPage } from './share-image';

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

function islandStyleInHead(html: string): string {
  if (!html.includes(ISLAND_STYLE)) return html;
  return html.replace(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`);
}

/**
 * The page (its UTF-8 bytes) with its head put right, or `undefined` when nothing moves.
 * `keptHashes`: the policy's hashes every page keeps (what is added at run time).
 */
export function headInPlace(
  page: Uint8Array,
  keptHashes: readonly string[],
): Uint8Array<ArrayBuffer> | undefined {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const html = bytes.toString('latin1');
  recordSharedPage(html);
  const moved = pageOwnHashes(cspMetaFirst(islandsWithChunks(islandStyleInHead(html))), keptHashes);
  return moved === html ? undefined : Buffer.from(moved, 'latin1');
}
