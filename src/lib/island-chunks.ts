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

/** A chunk of the client build, as `generateBundle` has it (the fields used here). */
export type BuiltChunk = {
  type: 'chunk';
  name: string;
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: readonly string[];
};

/** `a as b, c` → [a, b] and [c, c]: the name on each side of `as`. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((binding) => binding.trim())
    .filter(Boolean)
    .map((binding): [string, string] => {
      const [name = '', local = name] = binding.split(/\s+as\s+/);
      return [name, local];
    });
}

/**
 * Puts the bundler's interop helpers (`rolldown-runtime.js`) inside the one chunk that uses them,
 * React's: Rolldown keeps them in a file of their own, one request more for every island, and
 * hands a group's chunk the helpers only when it is their sole user, which it does not see for
 * this build. Only when a single chunk imports them, and their file has the expected shape (a
 * body, then one `export { … }`); otherwise the build is left as it is. The helpers run in a
 * function of their own, so their names cannot meet the chunk's. Run in `generateBundle`, before
 * Vite lists the files a dynamic import preloads (from each chunk's `imports`). Returns the name of
 * the chunk that took them in, if any.
 */
export function inlineRuntime(bundle: Record<string, { type: string }>): string | undefined {
  const chunks = Object.values(bundle).filter((file): file is BuiltChunk => file.type === 'chunk');
  const runtime = chunks.find((chunk) => chunk.name === 'rolldown-runtime');
  if (!runtime) return undefined;
  const users = chunks.filter(
    (chunk) =>
      chunk.imports.includes(runtime.fileName) || chunk.dynamicImports.includes(runtime.fileName),
  );
  if (users.length !== 1 || users[0]!.dynamicImports.includes(runtime.fileName)) return undefined;
  const user = users[0]!;
  const file = runtime.fileName.slice(runtime.fileName.lastIndexOf('/') + 1);
  const imported = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'];?`,
  ).exec(user.code);
  const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
  if (!imported || !exported) return undefined;
  const body = runtime.code.slice(0, exported.index);
  // `export { c as n }`: the helper `c` is known outside as `n`.
  const helpers = bindings(exported[1]!).map(([local, name]) => `${name}:${local}`);
  const used = bindings(imported[1]!).map(([name, local]) => `${name}:${local}`);
  user.code =
    user.code.slice(0, imported.index) +
    `const{${used.join(',')}}=(()=>{${body.trimEnd().replace(/;?$/, ';')}return{${helpers.join(',')}}})();` +
    user.code.slice(imported.index + imported[0].length);
  user.imports = user.imports.filter((name) => name !== runtime.fileName);
  delete bundle[runtime.fileName];
  return user.fileName;
}

const ISLAND = '<astro-island ';

/** The value of `name="…"` in the tag starting at `from` (an island's tag has no `>` in values). */
function attribute(html: string, from: number, name: string): string | undefined {
  const end = html.indexOf('>', from);
  const at = html.indexOf(` ${name}="`, from);
  if (at === -1 || at > end) return undefined;
  const start = at + name.length + 3;
  return html.slice(start, html.indexOf('"', start));
}

/**
 * The page with `data-chunks` on each island: the chunks its component and its renderer import,
 * named relative to the component's (all are in one folder; the component and the renderer
 * themselves are loaded by Astro), the renderer's first (React, the largest). The page is a
 * Latin-1 reading of its bytes; all that is looked for is ASCII. Found with `indexOf`, not a
 * regular expression: a pattern over an island's tag (its props are kilobytes) cost 0.1 ms a page.
 */
export function islandsWithChunks(html: string, graph = store[KEY]): string {
  if (!graph) return html;
  let at = html.indexOf(ISLAND);
  if (at === -1) return html;
  let out = '';
  let copied = 0;
  for (; at !== -1; at = html.indexOf(ISLAND, at + ISLAND.length)) {
    const component = attribute(html, at, 'component-url')?.slice(1);
    const renderer = attribute(html, at, 'renderer-url')?.slice(1);
    if (!component || !renderer) continue;
    const chunks = new Set(
      [...(graph.get(renderer) ?? []), ...(graph.get(component) ?? [])].filter(
        (name) => name !== component && name !== renderer,
      ),
    );
    if (!chunks.size) continue;
    const folder = component.slice(0, component.lastIndexOf('/') + 1);
    const names = [...chunks].map((name) =>
      name.startsWith(folder) ? name.slice(folder.length) : `/${name}`,
    );
    const insertAt = at + ISLAND.length;
    out += `${html.slice(copied, insertAt)}data-chunks="${names.join(' ')}" `;
    copied = insertAt;
  }
  return copied ? out + html.slice(copied) : html;
}
