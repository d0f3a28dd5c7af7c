/**
 * Every script an island needs, named on the island, so that `client:interaction`
 * (src/components/islands/interaction-directive.ts) asks for all of them at once on the first
 * interaction instead of discovering them import by import: a browser only learns a module's
 * imports once it has it, so a graph three imports deep arrives in three round trips.
 *
 * The client build (src/integrations/interaction.ts) records, for each chunk, every chunk it
 * imports statically, directly or not; the pages are rendered after it, in the same process, and
 * `islandsWithChunks` (run on every page by src/lib/page-head.ts) writes the list into each
 * island's `data-chunks`. A page rendered on demand by the server finds no list: its islands load
 * import by import, as before.
 */

/**
 * Chunk file name (`_astro/ContactForm.B9Xsz2kr.js`) → every chunk it imports, transitively,
 * largest first: the longest download starts first, the small ones fit in around it.
 */
export type ChunkGraph = ReadonlyMap<string, readonly string[]>;

// The build's own copy of this module and the one bundled into the prerendered pages' code are
// two instances: they meet on a global.
const KEY = Symbol.for('pistelink.islandChunks');
const store = globalThis as { [KEY]?: ChunkGraph };

/** Called by the client build once its chunks are written. */
export function publishChunkGraph(graph: ChunkGraph): void {
  store[KEY] = graph;
}

/**
 * The static imports of every chunk, transitively: `imports` lists each chunk's direct ones.
 * Dynamic imports are left out: they load later, if ever (a toast on sending).
 */
export function chunkGraph(
  chunks: Iterable<{ fileName: string; imports: readonly string[]; code: string }>,
): ChunkGraph {
  const direct = new Map<string, readonly string[]>();
  const size = new Map<string, number>();
  for (const chunk of chunks) {
    direct.set(chunk.fileName, chunk.imports);
    size.set(chunk.fileName, chunk.code.length);
  }
  const largestFirst = (a: string, b: string) =>
    (size.get(b) ?? 0) - (size.get(a) ?? 0) || a.localeCompare(b);
  const graph = new Map<string, readonly string[]>();
  for (const fileName of direct.keys()) {
    const seen = new Set<string>();
    const visit = (name: string) => {
      for (const imported of direct.get(name) ?? []) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        visit(imported);
      }
    };
    visit(fileName);
    seen.delete(fileName);
    graph.set(fileName, [...seen].sort(largestFirst));
  }
  return graph;
}

const ISLAND_URLS = /<astro-island [^>]*?component-url="\/([^"]+)"[^>]*?renderer-url="\/([^"]+)"/g;

/**
 * The page with `data-chunks` on each island: the chunks its component and its renderer import,
 * named relative to the component's (all are in one folder; the component and the renderer
 * themselves are loaded by Astro). The page is a Latin-1 reading of its bytes; all of it is ASCII.
 */
export function islandsWithChunks(html: string, graph = store[KEY]): string {
  if (!graph || !html.includes('<astro-island ')) return html;
  return html.replace(ISLAND_URLS, (tag: string, component: string, renderer: string) => {
    const loaded = new Set([component, renderer]);
    // The renderer's first: React, the largest.
    const chunks = new Set(
      [...(graph.get(renderer) ?? []), ...(graph.get(component) ?? [])].filter(
        (name) => !loaded.has(name),
      ),
    );
    if (!chunks.size) return tag;
    const folder = component.slice(0, component.lastIndexOf('/') + 1);
    const names = [...chunks].map((name) =>
      name.startsWith(folder) ? name.slice(folder.length) : `/${name}`,
    );
    return `${tag} data-chunks="${names.join(' ')}"`;
  });
}
