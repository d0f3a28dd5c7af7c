/**
 * `npm run build` (and build:e2e, build:static-hosts): `astro build` into a new folder of its own,
 * `.builds/<out>-<time>/`, and only when it is complete, `<out>` (a link, `dist` by default) is
 * moved to it in one rename. A build that stops halfway (a wrong content file, a full disk,
 * Ctrl-C) never touches what is served: `dist` still names the last complete build.
 *
 * A running `npm start` sees the link move within a second and switches to the new build whole
 * (pages, files and the server code it loads on demand: src/server/live-build.ts), the requests
 * under way finishing on the old one. The newest KEEP builds are kept (rollback's steps,
 * src/publish/builds.ts), and always the one served until now; older ones are deleted.
 *
 * Before the link moves, every compressible file is written beside itself in brotli and gzip
 * (scripts/precompress.mjs), which the server sends as they are: part of the build, so a served
 * build always has them. `--no-precompress` leaves them out (static hosts compress themselves).
 *
 * The editing screen is built beside the site, into `editing-screen/` (scripts/build-editing-screen.mjs),
 * for `npm start` to serve to signed-in editors. `--no-editing-screen` leaves it out (a static
 * host's output, a test build that never shows it).
 *
 *   usage: node scripts/build.mjs [--out dist] [--no-precompress] [--no-editing-screen] [astro build options…]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { removeOldBuilds, servedBuild, switchTo } from '../src/publish/builds.ts';
import { buildEditingScreen } from './build-editing-screen.mjs';
import { precompress } from './precompress.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt === -1 ? 'dist' : args.splice(outAt, 2)[1];
if (!out || out.includes('/'))
  throw new Error('--out takes a folder name in the project, e.g. dist');
const noPrecompressAt = args.indexOf('--no-precompress');
const precompressing = noPrecompressAt === -1;
if (!precompressing) args.splice(noPrecompressAt, 1);
const noScreenAt = args.indexOf('--no-editing-screen');
const withScreen = noScreenAt === -1;
if (!withScreen) args.splice(noScreenAt, 1);

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
/**
 * One step after Astro's build, timed: on failure the new folder goes and `out` stays the last
 * complete build.
 */
async function afterBuild(step) {
  const started = performance.now();
  try {
    const done = await step();
    console.log(`${done} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    console.error(
      error,
      `\nThe build failed: ${out}/ is unchanged (still the last complete build).`,
    );
    process.exit(1);
  }
}
if (withScreen)
  await afterBuild(async () => {
    await buildEditingScreen(join(target, 'editing-screen'));
    return 'Editing screen built';
  });
if (precompressing)
  await afterBuild(async () => {
    const { compressed, reused } = await precompress(join(target, 'client'));
    return `Precompressed ${compressed} file(s) (${reused} from the cache)`;
  });

const before = servedBuild(root, out);
switchTo(root, name, out);
console.log(`${out} → .builds/${name}`);
removeOldBuilds(root, out, before);
