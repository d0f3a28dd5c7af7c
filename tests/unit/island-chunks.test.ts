/**
 * What a form island's `data-chunks` names (src/lib/island-chunks.ts): every chunk its component
 * and its renderer import, however deep, so that the directive asks for all of them at once.
 */
import { describe, expect, it } from 'vitest';
import { chunkGraph, inlineRuntime, islandsWithChunks } from '../../src/lib/island-chunks';

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

describe('the bundler helpers in the React chunk', () => {
  const built = (name: string, fileName: string, code: string, imports: string[] = []) => ({
    type: 'chunk' as const,
    name,
    fileName,
    code,
    imports,
    dynamicImports: [],
  });
  // As Rolldown writes them, minified: the helpers' names are the chunk's own names too.
  const runtime = () =>
    built(
      'rolldown-runtime',
      '_astro/rolldown-runtime.r.js',
      'var e=10,o=(t)=>t+e,c=(t)=>t*e;export{c as n,o as t};\n',
    );
  const react = () =>
    built(
      'react',
      '_astro/react.c.js',
      'import{n as e,t}from"./rolldown-runtime.r.js";var o=1;export const value=e(t(o));',
      ['_astro/rolldown-runtime.r.js'],
    );

  it('go into the one chunk that uses them, which then runs as before', async () => {
    const bundle: Record<string, ReturnType<typeof built>> = {
      '_astro/rolldown-runtime.r.js': runtime(),
      '_astro/react.c.js': react(),
    };
    expect(inlineRuntime(bundle)).toBe('_astro/react.c.js');
    expect(Object.keys(bundle)).toEqual(['_astro/react.c.js']);
    const chunk = bundle['_astro/react.c.js']!;
    expect(chunk.imports).toEqual([]);
    expect(chunk.code).not.toContain('rolldown-runtime');
    const { value } = (await import(`data:text/javascript,${encodeURIComponent(chunk.code)}`)) as {
      value: number;
    };
    // (1 + 10) × 10
    expect(value).toBe(110);
  });

  it('stay in their file when two chunks use them', () => {
    const contact = built(
      'ContactForm',
      '_astro/ContactForm.a.js',
      'import{t}from"./rolldown-runtime.r.js";t(1);',
      ['_astro/rolldown-runtime.r.js'],
    );
    const bundle: Record<string, ReturnType<typeof built>> = {
      '_astro/rolldown-runtime.r.js': runtime(),
      '_astro/react.c.js': react(),
      '_astro/ContactForm.a.js': contact,
    };
    expect(inlineRuntime(bundle)).toBeUndefined();
    expect(Object.keys(bundle)).toHaveLength(3);
    expect(bundle['_astro/react.c.js']!.code).toBe(react().code);
  });
});
