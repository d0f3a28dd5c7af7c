/**
 * The pages rendered in worker threads (src/integrations/parallel-pages.ts): each page comes back
 * as Astro would write it, and what the pages' code records for the build while it renders (the
 * share images, the rewrites' files, the images to generate, the islands' chunks) reaches the
 * build's own thread. A stand-in prerender bundle records as the site's pages do, on the same
 * globals, and says which thread rendered it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import type { Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { parallelFrom, parallelPages, renderThreads } from '../../src/integrations/parallel-pages';
import { startPageRewrite } from '../../src/lib/page-rewrites';
import { listSharedPages } from '../../src/lib/share-image';

const dir = mkdtempSync(join(tmpdir(), 'parallel-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A prerender bundle's entry as Astro builds it, reduced to what the worker uses.
writeFileSync(
  join(dir, 'prerender-entry.test.mjs'),
  `import { threadId } from 'node:worker_threads';
const global = globalThis;
let internals;
export const app = {
  manifest: { routes: [{ routeData: { route: '/[locale]/[...path]', component: 'src/views/job.astro' } }] },
  setInternals(value) { internals = value; },
  setOptions(options) { options.logger.options.destination.write({ level: 'info', message: 'set up' }); },
  async render(request) {
    const pathname = new URL(request.url).pathname.replace(/\\.html$/, '');
    if (pathname.includes('broken')) throw new Error('the view failed on ' + pathname);
    if (pathname.includes('out-of-memory')) process.exit(3);
    global[Symbol.for('pistelink.sharedPages')].push({ image: '/og' + pathname + '.png', card: { heading: pathname, lang: 'en' } });
    const rewrite = global[Symbol.for('pistelink.pageRewrites')]['critical-css'];
    rewrite.pages++;
    rewrite.files.set('page.same.css', 'main{}');
    const src = global.astroAsset.addStaticImage(
      { src: { src: '/_astro/photo.abc.jpg', width: 800, height: 600, format: 'jpg' }, width: 400, format: 'webp' },
      ['src', 'width', 'format'],
      '/site/content/photo.jpg',
    );
    const chunks = global[Symbol.for('pistelink.islandChunks')].get('_astro/Form.js').join(' ');
    const styles = internals.pagesByKeys.get('job').styles.length;
    return new Response('<p>' + pathname + ' ' + threadId + ' ' + src + ' ' + chunks + ' ' + styles + '</p>', {
      status: 200,
      headers: { 'content-type': 'text/html' },
    });
  },
};
`,
);

type Hooks = Required<AstroIntegration['hooks']>;
type DefaultPrerenderer = Parameters<
  Extract<
    Parameters<Parameters<Hooks['astro:build:start']>[0]['setPrerenderer']>[0],
    (d: AstroPrerenderer) => AstroPrerenderer
  >
>[0];

const route = { route: '/[locale]/[...path]', component: 'src/views/job.astro' };
const paths = Array.from({ length: 8 }, (_, i) => ({ pathname: `/en/jobs/job-${i}`, route }));
const logged: unknown[] = [];

/** Astro's prerenderer as the integration finds it once set up: the app and its build options. */
const astros = {
  name: 'astro:default',
  app: {
    getOptions: () => ({
      allPages: {
        job: {
          key: 'job',
          styles: [{ depth: 0, order: 0, sheet: { type: 'inline', content: 'p{}' } }],
        },
      },
      logger: { options: { destination: { write: (event: unknown) => logged.push(event) } } },
    }),
    getSettings: () => ({
      scripts: [],
      config: {
        base: '/',
        build: { assets: '_astro' },
        image: { service: { entrypoint: 'astro/assets/services/sharp' } },
      },
    }),
  },
  getStaticPaths: async () => paths,
  render: async () => new Response('<p>rendered in the build thread</p>'),
} as unknown as DefaultPrerenderer;

/** The integration's prerenderer, after the hooks Astro runs before rendering. */
function prerendererOf(integration: AstroIntegration): AstroPrerenderer {
  const hooks = integration.hooks as Hooks;
  let plugin: Plugin | undefined;
  let concurrency = 1;
  hooks['astro:config:setup']({
    updateConfig: (config: { build: { concurrency: number }; vite: { plugins: Plugin[] } }) => {
      plugin = config.vite.plugins[0];
      concurrency = config.build.concurrency;
    },
  } as never);
  expect(concurrency).toBeGreaterThan(1);
  // The prerender bundle is written: its entry is found.
  (plugin!.writeBundle as (output: unknown, bundle: unknown) => void)(
    { dir },
    {
      'prerender-entry.test.mjs': {
        type: 'chunk',
        isEntry: true,
        fileName: 'prerender-entry.test.mjs',
      },
    },
  );
  let prerenderer: AstroPrerenderer | undefined;
  hooks['astro:build:start']({
    setPrerenderer: (make: (d: DefaultPrerenderer) => AstroPrerenderer) => {
      prerenderer = make(astros);
    },
  } as never);
  return prerenderer!;
}

const request = (pathname: string) => new Request(new URL(`${pathname}.html`, 'http://localhost'));

// Each test starts two workers: seconds on a busy machine.
describe('pages rendered in worker threads', { timeout: 60_000 }, () => {
  it('renders each page in one of the workers, with what the build records', async () => {
    const shared = listSharedPages();
    const criticalCss = startPageRewrite('critical-css');
    (globalThis as Record<symbol, unknown>)[Symbol.for('pistelink.islandChunks')] = new Map([
      ['_astro/Form.js', ['_astro/react.js']],
    ]);
    const prerenderer = prerendererOf(parallelPages(2, 0));
    await prerenderer.setup?.();
    const listed = await prerenderer.getStaticPaths();
    expect(listed).toEqual(paths);
    const pages = await Promise.all(
      paths.map(async ({ pathname }) => {
        const response = (await prerenderer.render(request(pathname), {
          routeData: route as never,
        })) as Response;
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html');
        // Read as Astro reads a page to write it (astro/dist/core/build/generate.js).
        expect(response.body).not.toBeNull();
        const written = Buffer.from(await response.arrayBuffer()).toString();
        return written.match(/^<p>(\S+) (\d+) (\S+) (\S+) (\d+)<\/p>$/)!;
      }),
    );
    const images = await prerenderer.collectStaticImages!();
    await prerenderer.teardown?.();

    expect(pages.map(([, pathname]) => pathname)).toEqual(paths.map(({ pathname }) => pathname));
    // Two threads, neither the build's own.
    const threads = new Set(pages.map(([, , thread]) => Number(thread)));
    expect(threads.size).toBe(2);
    expect(threads.has(threadId)).toBe(false);
    // The image's address as Astro's own addStaticImage gives it, and the image to generate.
    expect(pages[0]![3]).toMatch(/^\/_astro\/photo\.abc_\w+\.webp$/);
    expect([...images.keys()]).toEqual(['/_astro/photo.abc.jpg']);
    const transforms = [...images.get('/_astro/photo.abc.jpg')!.transforms.values()];
    expect(transforms).toEqual([
      {
        finalPath: pages[0]![3],
        transform: expect.objectContaining({ width: 400, format: 'webp' }),
      },
    ]);
    // The islands' chunks and the pages' styles reached the workers.
    expect(
      pages.every(([, , , , chunks, styles]) => chunks === '_astro/react.js' && styles === '1'),
    ).toBe(true);
    // The share images and the rewrite's outcome reached this thread.
    expect(shared.map(({ image }) => image).sort()).toEqual(
      paths.map(({ pathname }) => `/og${pathname}.png`).sort(),
    );
    expect(criticalCss.pages).toBe(paths.length);
    expect([...criticalCss.files]).toEqual([['page.same.css', 'main{}']]);
    // Astro's log lines from the workers went to the build's logger.
    expect(logged).toContainEqual({ level: 'info', message: 'set up' });
  });

  it("fails the build with the page's error", async () => {
    const prerenderer = prerendererOf(parallelPages(2, 0));
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    await expect(
      prerenderer.render(request('/en/jobs/broken'), { routeData: route as never }),
    ).rejects.toThrow('the view failed on /en/jobs/broken');
    await prerenderer.teardown?.();
  });

  it('fails the build when a worker stops, rather than waiting for ever', async () => {
    const prerenderer = prerendererOf(parallelPages(2, 0));
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    await expect(
      prerenderer.render(request('/en/jobs/out-of-memory'), { routeData: route as never }),
    ).rejects.toThrow('a page worker stopped (exit code 3)');
    await expect(
      prerenderer.render(request(paths[0]!.pathname), { routeData: route as never }),
    ).rejects.toThrow('a page worker stopped');
    await prerenderer.teardown?.();
  });

  it("renders a small site in Astro's thread, as Astro does", async () => {
    const prerenderer = prerendererOf(parallelPages(2, paths.length + 1));
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    const response = (await prerenderer.render(request(paths[0]!.pathname), {
      routeData: route as never,
    })) as Response;
    expect(await response.text()).toBe('<p>rendered in the build thread</p>');
    await prerenderer.teardown?.();
  });

  it('takes its threads and its threshold from the environment', () => {
    expect(renderThreads({ PAGE_RENDER_THREADS: '3' })).toBe(3);
    expect(renderThreads({ PAGE_RENDER_THREADS: 'many' })).toBeGreaterThanOrEqual(1);
    expect(parallelFrom({})).toBe(1000);
    expect(parallelFrom({ PARALLEL_PAGES_FROM: '0' })).toBe(0);
  });
});
