/**
 * Renders the prerendered pages in worker threads, one per core (page-render-worker.ts), instead
 * of one after another in Astro's thread: rendering is JavaScript, so on one thread a build uses
 * one core however many the machine has, and at 5,000 pages rendering is most of the build.
 *
 * Astro lets an integration replace how pages are prerendered (`setPrerenderer`, in
 * `astro:build:start`). This one wraps Astro's own: Astro's loads the prerender bundle in the main
 * thread and lists the pages (`getStaticPaths`, as before); each page is then sent to the least
 * busy worker, which has loaded the same bundle, and its answer comes back as a `Response` that
 * Astro writes as usual. Astro keeps a few pages in flight (`build.concurrency`), enough for every
 * worker to have the next page waiting. The built site is the same, byte for byte.
 *
 * What the pages' code leaves on globals for the build (the share images they ask for, the
 * rewrites' files, the images to generate) is sent back with each page and added to the main
 * thread's (see page-render-worker.ts). `PAGE_RENDER_THREADS=1` renders in Astro's thread, as
 * Astro does; below 1,000 pages (`PARALLEL_PAGES_FROM`) a build does too, as the workers' start (each loads the
 * bundle and the content) costs more than they save.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import type { Plugin } from 'vite';
import { bytesStream } from '../lib/bytes-stream';
import { pageRewritesOn, type PageRewriteName } from '../lib/page-rewrites';
import type { SharedPage } from '../lib/share-image';
import type { PageAnswer, PageJob, PageRecords, PageWorkerSetup } from './page-render-worker';

const workerFile = new URL('./page-render-worker.ts', import.meta.url);
const astroDir = fileURLToPath(new URL('../../node_modules/astro/', import.meta.url));

/** Below this many pages (PARALLEL_PAGES_FROM), the pages render in Astro's thread. */
export function parallelFrom(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.PARALLEL_PAGES_FROM);
  return Number.isInteger(configured) && configured >= 0 ? configured : 1000;
}

/** How many threads render pages: PAGE_RENDER_THREADS, else one per core. */
export function renderThreads(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.PAGE_RENDER_THREADS);
  return Number.isInteger(configured) && configured >= 1 ? configured : availableParallelism();
}

/** What Astro's own prerenderer holds once set up (astro/dist/core/build/default-prerenderer.js). */
type DefaultPrerenderer = AstroPrerenderer & {
  app?: {
    getOptions(): {
      allPages: Record<string, { key: string; styles: unknown[] }>;
      logger: { options: { destination: { write(event: unknown): void } } };
    };
    getSettings(): {
      scripts: { stage: string }[];
      config: {
        base: string;
        build: { assets: string; assetsPrefix?: string | Record<string, string> };
        image: { service: { entrypoint: string } };
      };
      adapter?: { client?: { assetQueryParams?: URLSearchParams } };
    };
  };
};

const global = globalThis as Record<symbol | string, unknown>;

/**
 * A worker's page as the `Response` Astro writes (it reads `body`, then `arrayBuffer()`), over the
 * bytes the worker handed over, not copies: undici's `Response` copies a buffer it is given, and
 * `arrayBuffer()` copies it again. Two copies of every page in this thread, whose heap holds the
 * whole build, made its garbage collector run more than the rest of its work.
 */
function pageResponse(answer: Extract<PageAnswer, { body: unknown }>): Response {
  const { body } = answer;
  const response = new Response(body && bytesStream(new Uint8Array(body)), {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
  // The same bytes, without reading them through the stream.
  if (body) response.arrayBuffer = () => Promise.resolve(body);
  return response;
}

/** A pool of workers rendering pages; each page goes to the one with the fewest waiting. */
function workerPool(base: DefaultPrerenderer, threads: number) {
  const { app } = base;
  if (!app) throw new Error("parallel-pages: Astro's prerenderer has no app; Astro changed");
  const options = app.getOptions();
  const settings = app.getSettings();
  const destination = options.logger.options.destination;
  const chunkGraph = global[Symbol.for('pistelink.islandChunks')] as
    ReadonlyMap<string, readonly string[]> | undefined;
  const sharedPages = global[Symbol.for('pistelink.sharedPages')] as SharedPage[] | undefined;
  const rewrites = pageRewritesOn() ?? {};
  const setup: PageWorkerSetup = {
    entry: '',
    astroDir,
    pages: Object.values(options.allPages).map((page) => [page.key, { styles: page.styles }]),
    scripts: settings.scripts,
    chunkGraph: chunkGraph && [...chunkGraph],
    rewrites: Object.keys(rewrites),
    sharedPages: sharedPages !== undefined,
    images: {
      base: settings.config.base,
      assets: settings.config.build.assets,
      assetsPrefix: settings.config.build.assetsPrefix,
      service: settings.config.image.service.entrypoint,
      assetQueryParams: settings.adapter?.client?.assetQueryParams && [
        ...settings.adapter.client.assetQueryParams,
      ],
    },
  };
  const staticImages = new Map<
    string,
    {
      originalSrcPath: string | undefined;
      transforms: Map<string, { finalPath: string; transform: unknown }>;
    }
  >();

  /** Adds what a worker's page left on its globals to this thread's. */
  function keep(records: PageRecords) {
    sharedPages?.push(...(records.sharedPages as SharedPage[]));
    for (const [name, { pages, files }] of Object.entries(records.rewrites)) {
      const outcome = rewrites[name as PageRewriteName];
      if (!outcome) continue;
      outcome.pages += pages;
      for (const [file, text] of files) outcome.files.set(file, text);
    }
    for (const image of records.staticImages) {
      let forPath = staticImages.get(image.originalPath);
      if (!forPath) {
        forPath = { originalSrcPath: image.originalSrcPath, transforms: new Map() };
        staticImages.set(image.originalPath, forPath);
      }
      if (!forPath.transforms.has(image.hash))
        forPath.transforms.set(image.hash, {
          finalPath: image.finalPath,
          transform: image.transform,
        });
    }
  }

  type Waiting = { resolve: (response: Response) => void; reject: (error: Error) => void };
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  const workers: { worker: Worker; pending: number }[] = [];
  let broken: Error | undefined;
  let stopping = false;

  return {
    staticImages,
    async start(entry: string) {
      setup.entry = entry;
      await Promise.all(
        Array.from({ length: threads }, () => {
          const worker = new Worker(workerFile, { workerData: setup });
          const slot = { worker, pending: 0 };
          workers.push(slot);
          return new Promise<void>((ready, fail) => {
            worker.once('error', fail);
            worker.on('message', (message: PageAnswer | { ready: true }) => {
              if ('ready' in message) return ready();
              if ('log' in message) return destination.write(message.log);
              const page = waiting.get(message.id)!;
              waiting.delete(message.id);
              slot.pending--;
              if ('error' in message) {
                const error = new Error(message.error.message);
                error.stack = message.error.stack;
                return page.reject(error);
              }
              keep(message.records);
              page.resolve(pageResponse(message));
            });
            // A worker that stops (an error outside a page, out of memory) fails the build rather
            // than leaving its pages waiting for ever.
            const stopped = (error: Error) => {
              broken ??= error;
              for (const page of waiting.values()) page.reject(error);
              waiting.clear();
            };
            worker.on('error', stopped);
            worker.on('exit', (code) => {
              if (!stopping)
                stopped(new Error(`parallel-pages: a page worker stopped (exit code ${code})`));
            });
          });
        }),
      );
    },
    render(request: Request, route: { route: string; component: string }): Promise<Response> {
      if (broken) return Promise.reject(broken);
      const slot = workers.reduce((least, slot) => (slot.pending < least.pending ? slot : least));
      const job: PageJob = {
        id: nextId++,
        url: request.url,
        route: route.route,
        component: route.component,
      };
      slot.pending++;
      return new Promise((resolve, reject) => {
        waiting.set(job.id, { resolve, reject });
        slot.worker.postMessage(job);
      });
    },
    async stop() {
      stopping = true;
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}

export function parallelPages(threads = renderThreads(), from = parallelFrom()): AstroIntegration {
  // The prerender bundle's entry, as Astro's prerenderer loads it (a file URL), once written.
  let entry = '';
  const entryFinder: Plugin = {
    name: 'pistelink:prerender-entry',
    applyToEnvironment: (environment) => environment.name === 'prerender',
    writeBundle(output, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.fileName.startsWith('prerender-entry'))
          entry = pathToFileURL(join(output.dir!, chunk.fileName)).href;
    },
  };
  return {
    name: 'parallel-pages',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        if (threads <= 1) return;
        // Two pages in flight per worker: one rendering, the next one waiting.
        updateConfig({ build: { concurrency: threads * 2 }, vite: { plugins: [entryFinder] } });
      },
      'astro:build:setup': ({ updateConfig }) => {
        // With a prerenderer of its own, Astro leaves its prerender bundle's entry to the
        // integration (for a runtime of its own); this one renders that same bundle.
        if (threads > 1)
          updateConfig({
            environments: {
              prerender: { build: { rolldownOptions: { input: 'astro/entrypoints/prerender' } } },
            },
          });
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (threads <= 1) return;
        setPrerenderer((astros) => {
          let pool: ReturnType<typeof workerPool> | undefined;
          return {
            name: 'parallel-pages',
            async setup() {
              await astros.setup?.();
            },
            async getStaticPaths() {
              const paths = await astros.getStaticPaths();
              if (paths.length >= from) {
                pool = workerPool(astros as DefaultPrerenderer, threads);
                if (!entry)
                  throw new Error('parallel-pages: no prerender bundle entry was written');
                await pool.start(entry);
              }
              return paths;
            },
            render(request, options) {
              return pool
                ? pool.render(request, options.routeData)
                : astros.render(request, options);
            },
            async collectStaticImages() {
              return (pool?.staticImages ?? new Map()) as Awaited<
                ReturnType<NonNullable<AstroPrerenderer['collectStaticImages']>>
              >;
            },
            async teardown() {
              await pool?.stop();
              await astros.teardown?.();
            },
          };
        });
      },
    },
  };
}
