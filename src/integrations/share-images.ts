/**
 * Draws the share images the built pages ask for (src/lib/share-image.ts): for every page whose
 * `og:image` is one of its own (`/og/<page address>.png`), a 1200×630 PNG with the page's heading,
 * in the page's language, beside the brand's scene (src/lib/hero-art.svg). The heading is
 * read from the built page itself, so the image says what the page says. satori lays the text out
 * (Inter, from @fontsource/inter: satori reads woff, not woff2) and resvg draws the PNG.
 *
 * A drawing takes about 0.1 s of CPU: they are drawn in worker threads, one per core
 * (share-image-worker.ts), and kept in node_modules/.cache/share-images (or SHARE_IMAGES_CACHE_DIR)
 * under a hash of what they show, so a build draws only the images whose page's heading changed;
 * the others are copied from the cache.
 *
 * It draws the brand's mark as the Organization's logo PNG too (src/lib/share-image.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
// Loaded here before any worker loads it: sharp's native library must stay loaded in the main
// thread while workers come and go (sharp's documentation, for glibc Linux).
import sharp from 'sharp';
import { Resvg } from '@resvg/resvg-js';
import { config } from '../config';
import {
  cardOf,
  listSharedPages,
  logoImage,
  shareImageSize,
  type SharedPage,
} from '../lib/share-image';
import type { DrawResult, DrawingSetup } from './share-image-worker';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workerFile = new URL('./share-image-worker.ts', import.meta.url);
/** Bumped when the drawing (share-image-worker.ts) changes, so that cached images are drawn again. */
const drawingVersion = 3;

/** The brand's mark (public/favicon.svg) as the Organization's logo PNG (a few milliseconds). */
async function drawLogo(client: string) {
  const svg = await readFile(join(root, 'public/favicon.svg'), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: logoImage.size } }).render().asPng();
  await writeFile(
    join(client, logoImage.path),
    await sharp(png).png({ compressionLevel: 9 }).toBuffer(),
  );
}

/** The built pages' share images, read from the files: for pages rendered in another process. */
async function sharedPagesOfFiles(dir: string): Promise<SharedPage[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const pages: SharedPage[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const found = cardOf(await readFile(join(entry.parentPath, entry.name), 'utf8'));
    if (found) pages.push(found);
  }
  return pages;
}

/** The cached image at `target`: a hard link (no bytes written), or a copy across file systems. */
async function place(cached: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { force: true });
  await link(cached, target).catch(() => copyFile(cached, target));
}

/** A cached image still to be drawn, and where it goes. */
type Drawing = { card: SharedPage['card']; cached: string };

/** Draws every card in worker threads, one per core, each writing its PNG into the cache. */
async function drawAll(drawings: Drawing[], setup: DrawingSetup): Promise<void> {
  const queue = [...drawings];
  const workers = Math.min(availableParallelism(), queue.length);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const worker = new Worker(workerFile, { workerData: setup });
      const draw = (card: SharedPage['card']) =>
        new Promise<DrawResult>((done, fail) => {
          worker.once('message', done);
          worker.once('error', fail);
          worker.postMessage(card);
        }).finally(() => worker.removeAllListeners('error'));
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const result = await draw(next.card);
          if ('error' in result)
            throw new Error(`share image of "${next.card.heading}": ${result.error}`);
          // Written beside, then renamed: a build running at the same time (the test variants
          // share the cache) never copies half an image.
          const partial = `${next.cached}.${process.pid}.${worker.threadId}`;
          await writeFile(partial, result.png);
          await rename(partial, next.cached);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
}

export function shareImages(): AstroIntegration {
  let rendered: SharedPage[] = [];
  return {
    name: 'share-images',
    hooks: {
      // Each page is added as it is rendered (src/lib/page-head.ts).
      'astro:build:start': () => {
        rendered = listSharedPages();
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const client = fileURLToPath(dir);
        const cacheDir = resolve(
          process.env.SHARE_IMAGES_CACHE_DIR || join(root, 'node_modules/.cache/share-images'),
        );
        const art = await readFile(join(root, 'src/lib/hero-art.svg'), 'utf8');
        await mkdir(cacheDir, { recursive: true });
        const pages: { image: string; cached: string }[] = [];
        const toDraw = new Map<string, Drawing>();
        const shared = rendered.length ? rendered : await sharedPagesOfFiles(client);
        for (const found of shared) {
          const key = createHash('sha256')
            .update(JSON.stringify([drawingVersion, config.brand, found.card, art]))
            .digest('hex')
            .slice(0, 32);
          const cached = join(cacheDir, `${key}.png`);
          pages.push({ image: found.image, cached });
          if (!toDraw.has(cached) && !existsSync(cached))
            toDraw.set(cached, { card: found.card, cached });
        }
        await drawAll([...toDraw.values()], { root, brand: config.brand, art, ...shareImageSize });
        await Promise.all(pages.map(({ image, cached }) => place(cached, join(client, image))));
        await drawLogo(client);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${pages.length} share images (${toDraw.size} drawn, the others from the cache) in ${seconds} s`,
        );
      },
    },
  };
}
