/**
 * Build benchmark (`npm run bench`, docs/benchmark.md): builds the real content and a synthetic
 * content set (1,000 resorts and 500 job postings by default), each beside a bare Astro site of
 * the same number of pages (Astro's floor, bench/bare-site.mjs), in turn, and prints, as Markdown
 * on stdout, the pages built, seconds, pages per second, CPU seconds and peak memory of each
 * build, the site's time per page over the bare site's, then where the time went. Progress goes
 * to stderr. The site's first build of a set draws its share images (cold); the next ones find
 * them in the cache (warm), as a build whose pages did not change does.
 *
 *   node scripts/bench.mjs [--resorts 1000] [--jobs 500] [--no-real] [--repeat 2] [--keep]
 *                          [--verbose] [--cpu-prof]
 *
 * Each build runs in a copy of the project in a temporary folder (sources, config, `content/`,
 * a link to node_modules), so `content/`, `dist/` and the caches of the project are never touched,
 * and every build starts cold. The folder is removed afterwards, also on failure or Ctrl-C,
 * unless `--keep` (or `--cpu-prof`, whose profiles are written there).
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBareSite } from './bench/bare-site.mjs';
import { contentSetLabel, floorTable, phasesTable, resultsTable } from './bench/report.mjs';
import { writeSyntheticContent } from './bench/synthetic-content.mjs';
import { builtPages } from './built-site.mjs';

const root = resolve(import.meta.dirname, '..');
/** What `astro build` reads besides content/ and node_modules. */
const PROJECT_FILES = [
  'src',
  'public',
  'astro.config.mjs',
  // The editing screen's API route, in every build (src/integrations/editing-screen.ts).
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
  '.env',
];

const { values: options } = parseArgs({
  options: {
    resorts: { type: 'string', default: '1000' },
    jobs: { type: 'string', default: '500' },
    real: { type: 'boolean', default: true },
    repeat: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowNegative: true,
});
if (options.help) {
  console.error(
    'usage: npm run bench -- [--resorts 1000] [--jobs 500] [--no-real] [--repeat 2] [--keep] [--verbose] [--cpu-prof]',
  );
  process.exit(0);
}
const synthetic = { resorts: Number(options.resorts), jobs: Number(options.jobs) };
const repeat = Number(options.repeat);
for (const [name, value] of Object.entries({ ...synthetic, repeat })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: --${name} must be a whole number from 1, got "${options[name]}"`);
    process.exit(2);
  }
}
const keep = options.keep || options['cpu-prof'];
const progress = (message) => console.error(`bench: ${message}`);

const workDir = mkdtempSync(join(tmpdir(), 'pistelink-bench-'));
let child;
function cleanUp() {
  child?.kill('SIGTERM');
  if (keep) progress(`kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** A copy of the project in `dir` whose content is the real one, then changed by `makeContent`. */
function mirrorProject(dir, makeContent) {
  for (const name of PROJECT_FILES) {
    if (existsSync(join(root, name)))
      cpSync(join(root, name), join(dir, name), { recursive: true });
  }
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  makeContent(join(dir, 'content'));
}

/** Built pages: HTML files of the output (scripts/built-site.mjs). */
function countPages(dist) {
  return builtPages(existsSync(join(dist, 'client')) ? join(dist, 'client') : dist).length;
}

/** Runs one build of the project in `dir` in a child process; resolves with its measures. */
function build(dir, label, env = {}) {
  const resultFile = join(dir, 'bench-result.json');
  const logFile = join(dir, 'build.log');
  const log = createWriteStream(logFile);
  const nodeFlags = options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  // The build before's output goes first, untimed: Astro empties its output folder, and 10,000
  // files removed one by one took 20 s of a 5,000-page build (`npm run build` builds into a new
  // folder).
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const startedAt = performance.now();
  return new Promise((done, fail) => {
    child = spawn(
      process.execPath,
      [...nodeFlags, join(root, 'scripts/bench/astro-build.mjs'), resultFile],
      {
        cwd: dir,
        // A measurement, not a deployment: the local address is meant (under CI a build without
        // SITE_URL stops, src/integrations/site-url-guard.ts).
        env: { ...process.env, SITE_URL: process.env.SITE_URL || 'http://localhost:4321', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        log.write(chunk);
        if (options.verbose) process.stderr.write(chunk);
      });
    }
    child.on('error', fail);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - startedAt) / 1000;
      child = undefined;
      log.end(() => {
        if (code !== 0) {
          const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
          fail(
            new Error(
              `the build of ${label} failed (${signal ?? `exit code ${code}`}); end of its log:\n${tail}`,
            ),
          );
          return;
        }
        const { marks, cpuSeconds, maxRssBytes } = JSON.parse(readFileSync(resultFile, 'utf8'));
        // How many share images this build drew (src/integrations/share-images.ts logs it).
        const drawn = /share images \((\d+) drawn/.exec(readFileSync(logFile, 'utf8'))?.[1];
        done({
          drawn: drawn === undefined ? undefined : Number(drawn),
          label,
          pages: countPages(join(dir, 'dist')),
          seconds,
          cpuSeconds,
          maxRssBytes,
          marks,
        });
      });
    });
  });
}

const realContent = {
  resorts: readdirSync(join(root, 'content/resorts')).filter((name) => name.endsWith('.yaml'))
    .length,
  jobs: readdirSync(join(root, 'content/jobs/en')).filter((name) => name.endsWith('.md')).length,
};
const sets = [
  ...(options.real
    ? [{ name: 'real', label: contentSetLabel('real content', realContent), makeContent: () => {} }]
    : []),
  {
    name: 'synthetic',
    label: contentSetLabel('synthetic', synthetic),
    makeContent: (content) => writeSyntheticContent(content, synthetic),
  },
];

const runs = [];
const floors = [];
const load = loadavg()[0].toFixed(2);
try {
  for (const set of sets) {
    const dir = join(workDir, set.name);
    progress(`${set.label}: preparing ${dir}`);
    mirrorProject(dir, set.makeContent);
    // The share images' cache of this run: empty at the first build, full at the next ones
    // (unless SHARE_IMAGES_CACHE_DIR names one to keep between runs).
    const env = {
      SHARE_IMAGES_CACHE_DIR:
        process.env.SHARE_IMAGES_CACHE_DIR || join(workDir, `${set.name}-share-images`),
    };
    const pairs = [];
    for (let turn = 0; turn < repeat; turn++) {
      progress(`${set.label}, build ${turn + 1}: building…`);
      const run = await build(dir, set.label, env);
      run.label = `${set.label}, ${run.drawn ? `${run.drawn} share images drawn` : 'share images from the cache'}`;
      const label = run.label;
      progress(
        `${label}: ${run.pages} pages in ${run.seconds.toFixed(1)} s (${run.cpuSeconds.toFixed(1)} s of CPU), peak memory ${Math.round(run.maxRssBytes / 2 ** 20)} MB`,
      );
      runs.push(run);
      const bareDir = join(workDir, `${set.name}-bare`);
      if (turn === 0) {
        mkdirSync(bareDir);
        symlinkSync(join(root, 'node_modules'), join(bareDir, 'node_modules'), 'dir');
        writeBareSite(bareDir, run.pages, root);
      }
      const bareLabel = `bare Astro site (${run.pages} pages)`;
      progress(`${bareLabel}: building…`);
      const bare = await build(bareDir, bareLabel);
      progress(`${bareLabel}: ${bare.pages} pages in ${bare.seconds.toFixed(1)} s`);
      runs.push(bare);
      pairs.push({ site: run, bare, cold: Boolean(run.drawn) });
    }
    floors.push({ label: set.label, pairs });
  }
} catch (error) {
  progress(error.message);
  process.exitCode = 1;
} finally {
  cleanUp();
}

if (runs.length) {
  const astroVersion = JSON.parse(
    readFileSync(join(root, 'node_modules/astro/package.json'), 'utf8'),
  ).version;
  console.log(resultsTable(runs));
  console.log(
    "\nThe site's seconds per page over the bare Astro site's, build by build in turn:\n",
  );
  console.log(floorTable(floors));
  console.log('\nSeconds per phase of each build:\n');
  console.log(phasesTable(runs));
  console.log(
    `\nNode ${process.version}, Astro ${astroVersion}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), load average ${load} at the start.`,
  );
}
