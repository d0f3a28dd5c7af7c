/**
 * What a form island's `data-chunks` names (src/lib/island-chunks.ts): every chunk its component
 * and its renderer import, however deep, so that the directive asks for all of them at once.
 */
import { describe, expect, it } from 'vitest';
import { chunkGraph, islandsWithChunks } from '../../src/lib/island-chunks';

const chunk = (fileName: string, imports: string[], size: number) => ({
  fileName,
  imports,
  code: 'x'.repeat(size),
});
const graph = chunkGraph([
  chunk('_astro/ContactForm.a.js', ['_astro/fields.b.js', '_astro/react.c.js'], 800),
  chunk('_astro/fields.b.js', ['_astro/locales.d.js', '_astro/react.c.js'], 10_000),
  chunk('_astro/locales.d.js', [], 9_000),
  chunk('_astro/react.c.js', [], 200_000),
  chunk('_astro/client.e.js', ['_astro/react.c.js'], 2_000),
]);

describe('island chunks', () => {
  it('lists every chunk a chunk imports, however deep, largest first', () => {
    expect(graph.get('_astro/ContactForm.a.js')).toEqual([
      '_astro/react.c.js',
      '_astro/fields.b.js',
      '_astro/locales.d.js',
    ]);
    expect(graph.get('_astro/locales.d.js')).toEqual([]);
  });

  it('names them on each island, beside its component, once', () => {
    const island = (component: string) =>
      `<astro-island uid="1" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/client.e.js" props="{&quot;a&quot;:[0,&quot;&gt;&quot;]}" ssr client="interaction">`;
    const page = `<p>before</p>${island('ContactForm.a.js')}<form></form></astro-island><p>after</p>`;
    expect(islandsWithChunks(page, graph)).toBe(
      page.replace(
        '<astro-island ',
        '<astro-island data-chunks="react.c.js fields.b.js locales.d.js" ',
      ),
    );
  });

  it('leaves a page without islands, or without a graph (rendered on demand), as it is', () => {
    const page = '<html><body><p>no island</p></body></html>';
    expect(islandsWithChunks(page, graph)).toBe(page);
    const withIsland = `<astro-island component-url="/_astro/ContactForm.a.js" renderer-url="/_astro/client.e.js">`;
    expect(islandsWithChunks(withIsland, undefined)).toBe(withIsland);
  });
});
