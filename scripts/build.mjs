/**
 * `npm run build` (and build:e2e, build:static-hosts): `astro build` into a new folder of its own,
 * `.builds/<out>-<time>/`, and only when it is complete, `<out>` (a link, `dist` by default) is
 * moved to it in one rename. A build that stops halfway (a wrong content file, a full disk,
 * Ctrl-C) never touches what is served: `dist` still names the last complete build.
 *
 * A running `npm start` keeps serving the build it started with, whole (pages, files and the
 * server code it loads on demand), until it is restarted: server.mjs resolves the link once. So
 * the build it serves is kept, with the one before it (KEEP builds in all); older ones are deleted.
 *
 * Before the link moves, every compressible file is written beside itself in brotli and gzip
 * (scripts/precompress.mjs), which the server sends as they are: part of the build, so a served
 * build always has them. `--no-precompress` leaves them out (static hosts compress themselves).
 *
 *   usage: node scripts/build.mjs [--out dist] [--no-precompress] [astro build options…]
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { precompress } from './precompress.mjs';

const KEEP = 3;
const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt === -1 ? 'dist' : args.splice(outAt, 2)[1];
if (!out || out.includes('/'))
  throw new Error('--out takes a folder name in the project, e.g. dist');
const noPrecompressAt = args.indexOf('--no-precompress');
const precompressing = noPrecompressAt === -1;
if (!precompressing) args.splice(noPrecompressAt, 1);

const builds = join(root, '.builds');
mkdirSync(builds, { recursive: true });
const name = `${out}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
const target = join(builds, name);

const astro = join(root, 'node_modules/astro/bin/astro.mjs');
const run = spawnSync(process.execPath, [astro, 'build', '--outDir', target, ...args], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) {
  rmSync(target, { recursive: true, force: true });
  console.error(`\nThe build failed: ${out}/ is unchanged (still the last complete build).`);
  process.exit(run.status ?? 1);
}
if (precompressing) {
  const started = performance.now();
  try {
    const { compressed, reused } = await precompress(join(target, 'client'));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Precompressed ${compressed} file(s) (${reused} from the cache) in ${seconds} s`);
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    console.error(
      error,
      `\nThe build failed: ${out}/ is unchanged (still the last complete build).`,
    );
    process.exit(1);
  }
}

// A new link beside the old one, then renamed over it: rename(2) replaces it in one step, so a
// reader sees the old build or the new one, never none. An `astro build` run by hand leaves a
// real folder: it is moved into .builds/ first (a moment without `dist`, once).
const link = join(root, out);
const nextLink = `${link}.next`;
rmSync(nextLink, { force: true });
symlinkSync(join('.builds', name), nextLink, 'dir');
if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
  const replaced = join(builds, `${out}-0000-folder-built-by-hand`); // sorts oldest: deleted in time
  rmSync(replaced, { recursive: true, force: true });
  renameSync(link, replaced);
}
renameSync(nextLink, link);
console.log(`${out} → .builds/${name}`);

// Names sort by time: keep the newest KEEP of this output (the link's one among them).
const ofThisOutput = new RegExp(`^${out.replace(/[.]/g, '\\.')}-\\d{4}-`);
const older = readdirSync(builds)
  .filter((entry) => ofThisOutput.test(entry))
  .sort()
  .slice(0, -KEEP);
for (const entry of older) rmSync(join(builds, entry), { recursive: true, force: true });
