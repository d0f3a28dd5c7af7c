/**
 * The built files compressed once, at build time (scripts/precompress.mjs), rather than on every
 * request: `en.html.br` and `en.html.gz` beside `en.html`, as nginx (`brotli_static`,
 * `gzip_static`), Caddy and Apache look for them. The Node server sends them as they are
 * (src/server/built-files.ts).
 */
import { constants, brotliCompress, gzip } from 'node:zlib';
import { promisify } from 'node:util';

/** The encodings written beside a file, the server's preference first (brotli is smaller). */
export const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type EncodingName = (typeof encodings)[number]['name'];

/** The content types of the built files the server sends itself; others go to the adapter. */
export const contentTypes: Record<string, { type: string; compressible: boolean }> = {
  '.html': { type: 'text/html; charset=utf-8', compressible: true },
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.json': { type: 'application/json; charset=utf-8', compressible: true },
  '.webmanifest': { type: 'application/manifest+json', compressible: true },
  '.xml': { type: 'application/xml', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.ico': { type: 'image/x-icon', compressible: true },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.jpeg': { type: 'image/jpeg', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.avif': { type: 'image/avif', compressible: false },
  '.gif': { type: 'image/gif', compressible: false },
  '.woff2': { type: 'font/woff2', compressible: false },
  '.woff': { type: 'font/woff', compressible: false },
};

/** Below this, compressing saves less than a packet's headers (the `compression` default). */
export const MIN_COMPRESSED_SIZE = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A file's content in each encoding, at each one's best quality (it is done once, per build). */
export async function compressAll(content: Buffer): Promise<Record<EncodingName, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}
