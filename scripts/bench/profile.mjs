/**
 * Where a build's time went, from the CPU profiles `npm run bench -- --cpu-prof` keeps (one per
 * thread: the build's own, `CPU.….<pid>.0.….cpuprofile`, and each page worker's, `.1.`, `.2.`,
 * since a Worker inherits Node's `--cpu-prof`), as a Markdown table: seconds and share of the
 * busy time by owner (Astro's rendering, the site's rewrites, React, i18n, garbage collection…).
 *
 *   node scripts/bench/profile.mjs <folder or .cpuprofile files…>
 *
 * Each sample goes to the owner of the nearest frame, from the running function up its stack,
 * that is not Node's own (`node:…`, native): Node's streams, buffers and hashes work for whoever
 * called them, and so do the libraries (yaml, zod, Vite) when one of the owners called them. The profile samples wall-clock time: on a busy machine a thread waiting for a core
 * is counted where it was stopped, so the shares are a guide and CPU seconds are the measure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Owners, tried in turn on each frame: the first that matches takes the sample. */
const OWNERS = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
  [
    'ours: critical CSS (rewrite)',
    (f) =>
      /^(splitPageStyles|criticalCss|firstScreen|tokensOf|namesIn|keptRules|preparedStylesheet|prepareStylesheet|stylesheetFile|criticalHash|critical-css)$/.test(
        f.functionName,
      ),
  ],
  [
    'ours: island scripts and texts (rewrite)',
    (f) =>
      /^(externalIslandScripts|externalModuleScripts|externalIslandStrings|stringsMoved|scriptFile|withoutPolicyHashes|island-runtime)$/.test(
        f.functionName,
      ),
  ],
  [
    'ours: the head put right, share image listed',
    (f) =>
      /^(headInPlace|recordSharedPage|pageOwnHashes|islandsWithChunks|cspMetaFirst|islandStyleInHead|cardOf|heroLang)$/.test(
        f.functionName,
      ),
  ],
  ['React: server rendering of the islands', (f) => /\/react-dom\/|\/react\/cjs\//.test(f.url)],
  [
    'ours: i18n',
    (f) => /i18next|\/strings_|translate/.test(f.url) || f.functionName === 'translator',
  ],
  ['Astro: the policy hashes (crypto.subtle)', (f) => f.functionName === 'generateCspDigest'],
  [
    'ours: the page workers (messages, bytes)',
    (f) => /page-render-worker|parallel-pages/.test(f.url),
  ],
  ['ours: middleware (the page read, a Response)', (f) => /_virtual_astro_middleware/.test(f.url)],
  [
    'Astro: writing the pages, logging',
    (f) => /core\/build\/generate\.js|core\/logger/.test(f.url),
  ],
  [
    'Astro: rendering',
    (f) => /\.prerender\/(chunks\/(server|sequence)_|prerender-entry)/.test(f.url),
  ],
  ['ours: components, content lookups (page code)', (f) => /\.prerender\/chunks\//.test(f.url)],
  ['ours: share images', (f) => /share-image/.test(f.url)],
  ['ours: content check', (f) => /src\/content\/check\//.test(f.url)],
  ['content loading (Astro, zod, yaml)', (f) => /content\/|zod|yaml|markdown/.test(f.url)],
  ['bundling (Vite, Rolldown)', (f) => /rolldown|vite|esbuild|lightningcss|postcss/.test(f.url)],
];
/** Libraries that work for a caller: theirs only when no owner above matches up the stack. */
const LIBRARIES = new Set(['content loading (Astro, zod, yaml)', 'bundling (Vite, Rolldown)']);
const NODE_ONLY = 'Node alone (streams, buffers: an async step with no caller left)';

const isNodeOwn = (frame) => !frame.url || frame.url.startsWith('node:');

/**
 * A callback without a name in the site's own rewriting code (a `replace`'s, a `forEach`'s), and
 * `remembered` (src/lib/remembered.ts), work for the function that called them: they are passed
 * over, or the file's name alone would take them for the pages' components.
 */
const passedOver = (frame) =>
  frame.functionName === 'remembered' ||
  (frame.functionName === '' && /\/(rewrite-page|head-script)_[^/]*$/.test(frame.url));

/** Seconds of each owner in one profile (Chrome's `.cpuprofile` format). */
export function profileOwners(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const ownerOf = new Map();
  const owner = (id) => {
    let found = ownerOf.get(id);
    if (found !== undefined) return found;
    const frames = [];
    for (let at = id; at !== undefined; at = parent.get(at)) frames.push(nodes.get(at).callFrame);
    found = 'other';
    let library;
    const candidates = [frames[0], ...frames.filter((frame) => !isNodeOwn(frame))];
    for (const frame of candidates.filter((frame) => !passedOver(frame))) {
      const match = OWNERS.find(([, test]) => test(frame));
      if (match && LIBRARIES.has(match[0])) library ??= match[0];
      else if (match) {
        found = match[0];
        break;
      }
    }
    if (found === 'other' && library) found = library;
    if (found === 'other' && frames.every(isNodeOwn)) found = NODE_ONLY;
    ownerOf.set(id, found);
    return found;
  };
  const seconds = new Map();
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const name = owner(id);
    seconds.set(name, (seconds.get(name) ?? 0) + micros / 1e6);
  });
  return seconds;
}

/** The table: seconds and share of the busy (not idle) time by owner, largest first. */
export function ownersTable(seconds) {
  const busy = [...seconds].reduce((sum, [name, s]) => (name === 'idle' ? sum : sum + s), 0);
  const rows = [...seconds]
    .filter(([name]) => name !== 'idle')
    .sort((a, b) => b[1] - a[1])
    .map(([name, s]) => `| ${name} | ${s.toFixed(2)} | ${((100 * s) / busy).toFixed(1)} % |`);
  return [
    '| owner | seconds | share of busy |',
    '|---|--:|--:|',
    ...rows,
    `| **busy** (idle: ${(seconds.get('idle') ?? 0).toFixed(1)} s) | **${busy.toFixed(2)}** | |`,
  ].join('\n');
}

if (import.meta.main) {
  const files = process.argv.slice(2).flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.cpuprofile'))
          .map((name) => join(path, name))
      : [path],
  );
  if (!files.length) {
    console.error('usage: node scripts/bench/profile.mjs <folder or .cpuprofile files…>');
    process.exit(2);
  }
  // The build's own thread apart from the page workers (thread id 0 in the file's name).
  const groups = Map.groupBy(files, (file) =>
    /\.\d+\.0\.\d+\.cpuprofile$/.test(file) ? 'the build’s thread' : 'page workers',
  );
  for (const [group, list] of groups) {
    const total = new Map();
    for (const file of list)
      for (const [name, s] of profileOwners(JSON.parse(readFileSync(file, 'utf8'))))
        total.set(name, (total.get(name) ?? 0) + s);
    console.log(`\n${group} (${list.length} profile${list.length > 1 ? 's' : ''}):\n`);
    console.log(ownersTable(total));
  }
}
