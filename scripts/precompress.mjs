// The build's last step (scripts/build.mjs): every compressible file of `client/` written beside
// itself in brotli (best quality) and gzip (src/server/precompressed.ts), so that the server sends
// bytes compressed once rather than compressing each answer again.
//
// Brotli's best quality costs about 0.1 s for a 100 KB page. The results are kept in
// node_modules/.cache/precompressed under a hash of the content: a build compresses only the files
// that changed since a build before it, and the copies of the project the tests build share it.
//   usage: node scripts/precompress.mjs <client folder>
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { copyFile, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, resolve } from 'node:path';
import {
  MIN_COMPRESSED_SIZE,
  compressAll,
  contentTypes,
  encodings,
} from '../src/server/precompressed.ts';

const cacheDir = resolve(import.meta.dirname, '../node_modules/.cache/precompressed');

/** Writes the compressed files of `client`; resolves with how many were compressed and reused. */
export async function precompress(client) {
  mkdirSync(cacheDir, { recursive: true });
  const files = readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && contentTypes[extname(entry.name)]?.compressible)
    .map((entry) => join(entry.parentPath, entry.name));
  let compressed = 0;
  let reused = 0;
  const one = async (file) => {
    const content = await readFile(file);
    if (content.length < MIN_COMPRESSED_SIZE) return;
    const key = createHash('sha256').update(content).digest('hex');
    const cached = (encoding) => join(cacheDir, `${key}${encoding.suffix}`);
    const hit = await Promise.all(
      encodings.map((e) =>
        stat(cached(e)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (hit.every(Boolean)) reused++;
    else {
      const variants = await compressAll(content);
      // Written whole under a name of their own, then renamed: a build stopped halfway leaves
      // no truncated entry behind.
      for (const e of encodings) {
        const part = `${cached(e)}.${process.pid}.part`;
        await writeFile(part, variants[e.name]);
        await rename(part, cached(e));
      }
      compressed++;
    }
    // Only a smaller file is worth sending (a small SVG may not be).
    for (const e of encodings) {
      if ((await stat(cached(e))).size < content.length) await copyFile(cached(e), file + e.suffix);
    }
  };
  // As many at once as there are cores: zlib compresses in the thread pool.
  const queue = [...files];
  const workers = Array.from({ length: availableParallelism() }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await one(file);
  });
  await Promise.all(workers);
  return { files: files.length, compressed, reused };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const result = await precompress(resolve(process.argv[2] ?? 'dist/client'));
  console.log(
    `precompressed ${result.compressed} file(s), ${result.reused} from the cache, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
