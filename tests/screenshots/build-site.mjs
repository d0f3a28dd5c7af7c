/**
 * The site the screenshot tests look at (tests/screenshots): this project's code built with the
 * content the baselines were taken with, frozen in tests/screenshots/content. The screenshots
 * test the look of the templates: a change of the code or the styles fails them, and an editor's
 * change of a price, a resort or a posting does not (it is not a change of the look; the content's
 * own tests follow it).
 *
 *   node tests/screenshots/build-site.mjs            builds .screenshot-site/ (its server: server.mjs)
 *   node tests/screenshots/build-site.mjs --freeze   first copies content/ into tests/screenshots/content
 *                                              (npm run screenshots:update, with new baselines)
 *
 * Run with the end-to-end tests' configuration in the environment (tests/e2e/e2e.env), as the
 * npm scripts do.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const frozen = join(root, 'tests/screenshots/content');
const site = join(root, '.screenshot-site');

if (process.argv.includes('--freeze')) {
  rmSync(frozen, { recursive: true, force: true });
  cpSync(join(root, 'content'), frozen, { recursive: true });
}

// The project as a build needs it, with the frozen content in place of content/.
rmSync(site, { recursive: true, force: true });
mkdirSync(site);
for (const file of [
  'src',
  'public',
  'astro.config.mjs',
  'keystatic.config.ts', // the editing screen's API, a route of every build
  'tsconfig.json',
  'package.json',
  'server.mjs',
])
  cpSync(join(root, file), join(site, file), { recursive: true });
cpSync(frozen, join(site, 'content'), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(site, 'node_modules'), 'dir');

const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', join(site, 'dist')],
  { cwd: site, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
);
if (build.status !== 0) {
  console.error(
    '\nThe screenshot site did not build. If the content rules changed since the baselines, ' +
      'run npm run screenshots:update (it freezes the current content with new baselines).',
  );
  process.exit(build.status ?? 1);
}
