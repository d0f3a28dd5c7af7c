import { expect, test } from '@playwright/test';
import { config } from '../../src/config';
import { everyPage } from './site';

/**
 * No broken internal link anywhere: every href and every canonical or alternate URL of every page
 * answers 200 (after redirects), and every #fragment exists on the page it points to.
 */
test('every internal link of the site resolves', async ({ request }) => {
  test.setTimeout(120_000);
  const sources = [...everyPage.map((p) => p.path), '/temp-landing', '/fr/introuvable'];
  const targets = new Map<string, string>(); // target → first page linking to it
  for (const source of sources) {
    const html = await (await request.get(source)).text();
    const references = html.matchAll(/\s(?:href|src)="([^"]+)"|property="og:(?:image|url)" content="([^"]+)"/g);
    for (const [, href, og] of references) {
      const url = new URL((href ?? og)!.replace(/&amp;/g, '&'), config.siteUrl);
      if (url.origin !== config.siteUrl.origin) continue; // external: not ours to check here
      const target = url.pathname + url.search + url.hash;
      if (!targets.has(target)) targets.set(target, source);
    }
  }
  expect(targets.size).toBeGreaterThan(everyPage.length); // every page, its assets and anchors

  const broken: string[] = [];
  const bodies = new Map<string, string>();
  for (const [target, source] of targets) {
    const [path = '', fragment] = target.split('#');
    if (!bodies.has(path)) {
      const response = await request.get(path || source);
      if (response.status() !== 200) broken.push(`${target} (${response.status()}), linked from ${source}`);
      bodies.set(path, await response.text());
    }
    if (fragment && !bodies.get(path)?.includes(`id="${fragment}"`)) broken.push(`${target}: no #${fragment}, linked from ${source}`);
  }
  expect(broken).toEqual([]);
});
