import { expect, test } from '@playwright/test';
import { config } from '../../src/config';
import { everyPage } from './site';

/**
 * No broken internal link anywhere: every href and every canonical or alternate URL of every page
 * answers 200 (after redirects), and every #fragment exists on the page it points to.
 */
test('every internal link of the site resolves', async ({ request }) => {
  // A guard against a hang, not a speed limit: some thousand requests, on a busy machine.
  test.setTimeout(300_000);
  const sources = [...everyPage.map((p) => p.path), '/temp-landing', '/fr/introuvable'];
  const targets = new Map<string, string>(); // target → first page linking to it
  const pages = await inBatches(
    sources,
    async (source) => [source, await (await request.get(source)).text()] as const,
  );
  for (const [source, html] of pages) {
    const references = html.matchAll(
      /\s(?:href|src)="([^"]+)"|property="og:(?:image|url)" content="([^"]+)"/g,
    );
    for (const [, href, og] of references) {
      // Relative links (`#faq`, `../x`) resolve against the page they are on, as a browser does.
      const url = new URL((href ?? og)!.replace(/&amp;/g, '&'), new URL(source, config.siteUrl));
      if (url.origin !== config.siteUrl.origin) continue; // external: not ours to check here
      const target = url.pathname + url.search + url.hash;
      if (!targets.has(target)) targets.set(target, source);
    }
  }
  expect(targets.size).toBeGreaterThan(everyPage.length); // every page, its assets and anchors

  const broken: string[] = [];
  // Pages already fetched as sources are checked against their own HTML (an in-page `#anchor` on
  // the 404 page must not count as a link to a missing page); every other target is fetched.
  const bodies = new Map<string, string>(
    pages.map(([source, html]) => [new URL(source, config.siteUrl).pathname, html]),
  );
  const unfetched = [...new Set([...targets.keys()].map((target) => target.split('#')[0]!))].filter(
    (path) => !bodies.has(path),
  );
  for (const [path, html] of await inBatches(unfetched, async (path) => {
    const response = await request.get(path);
    if (response.status() !== 200)
      broken.push(`${path} (${response.status()}), linked from ${targets.get(path) ?? 'a page'}`);
    return [path, await response.text()] as const;
  })) {
    bodies.set(path, html);
  }
  for (const [target, source] of targets) {
    const [path = '', fragment] = target.split('#');
    const id = fragment && decodeURIComponent(fragment);
    if (id && !bodies.get(path)?.includes(`id="${id}"`))
      broken.push(`${target}: no #${id}, linked from ${source}`);
  }
  expect(broken).toEqual([]);
});

/** Runs `task` over `items`, a few at a time, keeping the order. */
async function inBatches<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  size = 8,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return results;
}
