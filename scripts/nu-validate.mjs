#!/usr/bin/env node
/**
 * The W3C Nu HTML checker (vnu.jar, from the npm package vnu-jar) over every built page, in one
 * Java run: it finds what html-validate does not (a `required` select starting on a real value, a
 * script after `</html>`). `npm run validate:html` runs both; any error or warning fails.
 *
 *   node scripts/nu-validate.mjs [dir]     (default dist/client)
 *
 * Skipped: the files .htmlvalidateignore lists (Partytown's sandbox page, a library file).
 * Filtered: the checker's Content Security Policy warnings. It checks each page as a `file:` URL,
 * so the policy's `'self'` is not the site and it does not compute the inline scripts' hashes: it
 * reports every script as blocked. The browsers enforce the real policy in the end-to-end tests
 * (tests/e2e/security.spec.ts). "info" lines (a void element's trailing slash) are not warnings.
 *
 * Needs Java 11 or later (`java` on PATH): scripts/ensure-java.sh installs Debian's
 * default-jre-headless where it can.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob } from 'node:path';

const dir = process.argv[2] ?? 'dist/client';
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

const ignored = readFileSync('.htmlvalidateignore', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((pattern) => (pattern.endsWith('/') ? `${pattern}**` : pattern));

const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .filter((file) => !ignored.some((pattern) => matchesGlob(file, pattern)))
  .map((file) => join(dir, file));

try {
  execFileSync('java', ['-version'], { stdio: 'ignore' });
} catch {
  console.error('No Java: the Nu checker needs it (bash scripts/ensure-java.sh installs it).');
  process.exit(1);
}

const started = performance.now();
const run = spawnSync(
  'java',
  ['-jar', vnuJar, '--format', 'gnu', '--filterpattern', '.*Content Security Policy.*', ...pages],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (run.error) throw run.error;
const seconds = ((performance.now() - started) / 1000).toFixed(1);

// gnu format: `"file:…":line.col-line.col: error: …`, `… info warning: …`, `… info: …`.
const problems = `${run.stdout}${run.stderr}`
  .split('\n')
  .filter((line) => /: (error|error fatal|info warning):/.test(line))
  .map((line) => line.replace(`file:${process.cwd()}/`, ''));

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\nNu checker: ${problems.length} problems in ${pages.length} pages (${seconds} s)`,
  );
  process.exit(1);
}
if (run.status !== 0) {
  console.error(run.stderr || `the Nu checker exited with ${run.status}`);
  process.exit(1);
}
console.log(`Nu checker: ${pages.length} pages valid (${seconds} s)`);
