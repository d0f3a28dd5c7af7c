/**
 * Renders prerendered pages in a worker thread (src/integrations/parallel-pages.ts runs one per
 * core): it loads the build's prerender bundle, as Astro's own prerenderer does in the main
 * thread, and renders each page it is sent; the main thread writes the files.
 *
 * What the pages' code records on globals while it renders, and the build reads in the main
 * thread, is set up here and sent back with each page: the share images the page asks for
 * (src/lib/share-image.ts), the build's rewrites' outcome (src/lib/page-rewrites.ts), the images
 * Astro must generate (`astroAsset.addStaticImage`, as Astro's assets plugin defines it). The
 * islands' chunk lists (src/lib/island-chunks.ts) come with the worker's data.
 *
 * Runs in Node directly, not through Vite: it imports Node's modules and Astro's files only, and
 * its types are erased.
 */
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** What each worker is given once. */
export type PageWorkerSetup = {
  /** The prerender bundle's entry (a file URL). */
  entry: string;
  /** Astro's own folder (node_modules/astro), for its image helpers. */
  astroDir: string;
  /** Each page's build data Astro's rendering reads (its styles), by page key. */
  pages: [string, { styles: unknown[] }][];
  /** The build's inline and page scripts (Astro's `settings.scripts`). */
  scripts: unknown[];
  /** src/lib/island-chunks.ts's graph, as entries. */
  chunkGraph: [string, readonly string[]][] | undefined;
  /** The rewrites the build turned on (src/lib/page-rewrites.ts). */
  rewrites: string[];
  /** Whether the build lists its share images (src/lib/share-image.ts). */
  sharedPages: boolean;
  /** What Astro's `addStaticImage` needs of the config. */
  images: {
    base: string;
    assets: string;
    assetsPrefix: string | Record<string, string> | undefined;
    service: string;
    assetQueryParams: [string, string][] | undefined;
  };
};

/** A page to render. */
export type PageJob = { id: number; url: string; route: string; component: string };

/** An image transform recorded while rendering, for Astro's image generation. */
export type StaticImage = {
  originalPath: string;
  originalSrcPath: string | undefined;
  hash: string;
  finalPath: string;
  transform: unknown;
};

/** What a page's rendering left on the globals, since the page before. */
export type PageRecords = {
  sharedPages: unknown[];
  rewrites: Record<string, { pages: number; files: [string, string][] }>;
  staticImages: StaticImage[];
};

export type PageAnswer =
  | {
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
      records: PageRecords;
    }
  | { id: number; error: { message: string; stack: string | undefined } }
  | { log: unknown };

const setup = workerData as PageWorkerSetup;
const port = parentPort!;
const global = globalThis as Record<symbol | string, unknown>;

if (setup.chunkGraph) global[Symbol.for('pistelink.islandChunks')] = new Map(setup.chunkGraph);
const sharedPages: unknown[] = [];
if (setup.sharedPages) global[Symbol.for('pistelink.sharedPages')] = sharedPages;
/**
 * A rewrite's files, keeping those added since the last page apart: each is sent once, and the
 * whole map (a thousand files) is not gone through again for every page.
 */
class FilesMap extends Map<string, string> {
  added: [string, string][] = [];
  override set(file: string, text: string) {
    if (!this.has(file)) this.added.push([file, text]);
    return super.set(file, text);
  }
}
const rewrites: Record<string, { pages: number; files: FilesMap }> = {};
for (const name of setup.rewrites) rewrites[name] = { pages: 0, files: new FilesMap() };
if (setup.rewrites.length) global[Symbol.for('pistelink.pageRewrites')] = rewrites;

const staticImages: StaticImage[] = [];
await installAddStaticImage();

const { app } = (await import(setup.entry)) as { app: PrerenderApp };
app.setInternals({
  pagesByKeys: new Map(setup.pages),
  entrySpecifierToBundleMap: new Map(),
});
app.setOptions({
  settings: { scripts: setup.scripts },
  // Astro's log lines go to the main thread's logger.
  logger: {
    options: { destination: { write: (event: unknown) => port.postMessage({ log: event }) } },
  },
});
const routes = new Map(
  app.manifest.routes.map(({ routeData }) => [
    `${routeData.route}\n${routeData.component}`,
    routeData,
  ]),
);

port.on('message', async (job: PageJob) => {
  try {
    const routeData = routes.get(`${job.route}\n${job.component}`);
    if (!routeData)
      throw new Error(`no route ${job.route} (${job.component}) in the prerender bundle`);
    const response = await app.render(new Request(job.url), { routeData });
    const body = response.body === null ? null : await bodyBytes(response.body);
    const answer: PageAnswer = {
      id: job.id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
      records: takeRecords(),
    };
    port.postMessage(answer, body ? [body] : []);
  } catch (error) {
    const { message, stack } =
      error instanceof Error ? error : { message: String(error), stack: undefined };
    takeRecords();
    port.postMessage({ id: job.id, error: { message, stack } } satisfies PageAnswer);
  }
});
port.postMessage({ ready: true });

/**
 * A page's body as one buffer to hand to the main thread: the middleware's one chunk as it is
 * when it fills its own buffer (src/middleware.ts), rather than copied by `arrayBuffer()`.
 */
async function bodyBytes(body: ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  const [only] = chunks;
  if (
    chunks.length === 1 &&
    only!.buffer instanceof ArrayBuffer &&
    only!.byteOffset === 0 &&
    only!.byteLength === only!.buffer.byteLength
  )
    return only!.buffer;
  const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

/** What the globals gathered since the last page, emptied. */
function takeRecords(): PageRecords {
  const records: PageRecords = {
    sharedPages: sharedPages.splice(0),
    rewrites: {},
    staticImages: staticImages.splice(0),
  };
  for (const [name, outcome] of Object.entries(rewrites)) {
    const files = outcome.files.added.splice(0);
    records.rewrites[name] = { pages: outcome.pages, files };
    outcome.pages = 0;
  }
  return records;
}

/** The part of Astro's prerender app used here. */
type PrerenderApp = {
  manifest: { routes: { routeData: { route: string; component: string } }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: unknown }): Promise<Response>;
};

/**
 * `globalThis.astroAsset.addStaticImage` as Astro's assets plugin defines it for a build
 * (astro/dist/assets/vite-plugin-assets.js, `addStaticImageFactory`): the image's final address,
 * and the transform recorded for the main thread, which generates the images after the pages.
 */
async function installAddStaticImage() {
  const file = (path: string) => pathToFileURL(join(setup.astroDir, 'dist', path)).href;
  const { hashTransform, propsToFilename } = await import(file('assets/utils/hash.js'));
  const { isESMImportedImage } = await import(file('assets/utils/imageKind.js'));
  const { getAssetsPrefix } = await import(file('assets/utils/getAssetsPrefix.js'));
  const { createPlaceholderURL, stringifyPlaceholderURL } = await import(
    file('assets/utils/url.js')
  );
  const { joinPaths, prependForwardSlash, removeBase } = await import(file('core/path.js'));
  const { base, assets, assetsPrefix, service, assetQueryParams } = setup.images;
  const known = new Map<string, string>();
  const astroAsset = ((global.astroAsset as Record<string, unknown> | undefined) ??= {});
  astroAsset.addStaticImage = (
    options: { src: string | { src: string } },
    hashProperties: string[],
    originalFSPath: string | undefined,
  ) => {
    const imported = isESMImportedImage(options.src);
    const src = typeof options.src === 'string' ? options.src : options.src.src;
    const prefix = getAssetsPrefix(extname(src), assetsPrefix);
    const originalPath = removeBase(removeBase(src, base), prefix);
    const hash = hashTransform(options, service, hashProperties);
    const key = `${originalPath}\n${hash}`;
    let finalPath = known.get(key);
    if (finalPath === undefined) {
      finalPath = prependForwardSlash(
        joinPaths(
          imported ? '' : assets,
          prependForwardSlash(propsToFilename(originalPath, options, hash)),
        ),
      ) as string;
      known.set(key, finalPath);
      staticImages.push({
        originalPath,
        originalSrcPath: originalFSPath,
        hash,
        finalPath,
        transform: options,
      });
    }
    const url = createPlaceholderURL(
      assetsPrefix
        ? encodeURI(joinPaths(prefix, finalPath))
        : encodeURI(prependForwardSlash(joinPaths(base, finalPath))),
    );
    for (const [name, value] of assetQueryParams ?? []) url.searchParams.set(name, value);
    return stringifyPlaceholderURL(url);
  };
}
