/**
 * The unit tests that read content/, found rather than listed: a test file reads the content when
 * it, or any project module it imports (followed from import to import), imports a file of
 * content/ (`content/site-facts.json`, `content/teams.yaml?raw`) or names the folder in its code
 * to read it from disk (`join(root, 'content')`, `'content/jobs'`). Comments do not count.
 *
 * editor-edits.test.ts runs exactly these after an editor's edits, so a new test that reads the
 * content is covered the day it is written, with no list to keep up to date. A file the scan
 * counts in by mistake only costs its run time; none can be left out by forgetting.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Where the unit tests are (vitest.config.ts's include). */
export const UNIT_TESTS = 'tests/unit';

const IMPORT = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
// A string naming content/ itself: 'content', "content/…", `../../content/…`, `${root}/content`.
const NAMES_CONTENT = /['"`/](?:\.\.?\/)*content(?:\/[^'"`]*)?['"`]/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.js'];

/** The code without its comments (a comment may name content/ without reading it). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package or astro:*, never content/
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const extension of EXTENSIONS) {
    const path = base + extension;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

const inContent = (path: string) => relative(root, path).split(/[\\/]/)[0] === 'content';

/** Whether a module, or one it imports, reads content/ (memoised over the scan). */
function readsContent(path: string, known: Map<string, boolean>): boolean {
  const seen = known.get(path);
  if (seen !== undefined) return seen;
  known.set(path, false); // an import cycle reads content only through another of its modules
  if (!/\.(ts|tsx|mts|mjs|js)$/.test(path)) return false;
  const text = code(readFileSync(path, 'utf8'));
  let reads = NAMES_CONTENT.test(text);
  for (const match of text.matchAll(IMPORT)) {
    if (reads) break;
    const imported = resolveImport(path, match[1]!);
    if (imported) reads = inContent(imported) || readsContent(imported, known);
  }
  known.set(path, reads);
  return reads;
}

/** The unit test files that read content/, relative to the project, sorted. */
export function contentReadingTests(project = root): string[] {
  const known = new Map<string, boolean>();
  return readdirSync(join(project, UNIT_TESTS), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(project, UNIT_TESTS, file))
    .filter((file) => readsContent(file, known))
    .map((file) => relative(project, file).split('\\').join('/'))
    .sort();
}
