/**
 * Runs one `astro build` (or `astro sync`) of the project in the current folder through Astro's
 * JavaScript API, then writes what it cost to the JSON file named by the first argument: peak
 * memory of this process (`maxRSS`, the whole build runs in it: Vite 8 bundles with Rolldown
 * in-process) and when each phase ended, from integration hooks.
 *   node scripts/bench/astro-build.mjs <result.json> [build|sync]
 *
 * Caches go inside the folder: Astro's default (`node_modules/.astro`) would be the real project's
 * through the node_modules link, and a benchmark should start cold as a CI build does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const started = performance.now();
const [resultFile, command = 'build'] = process.argv.slice(2);
if (!resultFile || !['build', 'sync'].includes(command)) {
  console.error('usage: node scripts/bench/astro-build.mjs <result.json> [build|sync]');
  process.exit(2);
}

/**
 * Seconds since this process started its work, when each hook ran (the last call of a repeated
 * hook), and the memory in use then (resident, JavaScript heap, buffers), for a closer look.
 */
const marks = {};
const memory = {};
const mark = (name) => () => {
  marks[name] = (performance.now() - started) / 1000;
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  memory[name] = { rss, heapUsed, arrayBuffers };
};
const timing = {
  name: 'bench-timing',
  hooks: {
    'astro:config:setup': mark('configSetup'),
    'astro:config:done': mark('configDone'),
    'astro:build:start': mark('buildStart'),
    'astro:build:ssr': mark('bundled'),
    'astro:build:generated': mark('generated'),
    'astro:build:done': mark('done'),
  },
};

const root = process.cwd();
const astro = await import('astro');
await astro[command]({
  root,
  cacheDir: join(root, '.bench-cache/astro'),
  vite: { cacheDir: join(root, '.bench-cache/vite') },
  integrations: [timing],
});

mark('end')();
// resourceUsage() gives kilobytes and microseconds. CPU time counts every thread (Rolldown's
// too) and, unlike wall time, hardly depends on what else the machine is running.
const usage = process.resourceUsage();
const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
writeFileSync(
  resultFile,
  JSON.stringify({ marks, memory, cpuSeconds, maxRssBytes: usage.maxRSS * 1024 }),
);
// Nothing else should keep the process alive, but a lingering handle must not hang the benchmark.
process.exit(0);
