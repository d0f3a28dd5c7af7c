/**
 * A copy of the project in a temporary folder, to change content and build there as an editor or
 * an operator would, without touching the developer's `content/` or `dist/`: every file but what
 * the build and the tools write, with `node_modules` linked.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
/**
 * Written by builds, tools and tests: not part of what an editor works on. A local `.env` stays
 * out too: a copy builds with the settings its test gives, as on CI.
 */
const notCopied = new Set([
  '.env',
  '.screenshot-site',
  'node_modules',
  '.git',
  '.astro',
  '.cache',
  '.builds',
  '.tooling',
  'data',
  'test-results',
  'playwright-report',
  'screenshots',
  '.wrangler',
  '.netlify',
]);

export type ProjectCopy = {
  dir: string;
  read: (path: string) => string;
  write: (path: string, text: string) => void;
  edit: (path: string, change: (text: string) => string) => void;
  remove: (path: string) => void;
  /**
   * `node scripts/build.mjs` there (npm run build) without the editing screen, which these builds
   * never show (a publish, run by its own script, builds it); resolves with its exit code and output.
   */
  build: (env?: Record<string, string>) => Promise<{ code: number; output: string }>;
  /** Runs a command there with the Node that runs the tests, and more environment variables. */
  node: (args: string[], env?: Record<string, string>) => Promise<{ code: number; output: string }>;
  removeAll: () => void;
};

export function copyProject(name: string): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), `site-${name}-`));
  cpSync(root, dir, {
    recursive: true,
    filter: (source) =>
      source === root ||
      !(
        notCopied.has(basename(source)) ||
        /^dist/.test(basename(source)) ||
        source === join(root, 'preview') // the editors' preview, a link like dist
      ),
  });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const node = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
        cwd: dir,
        // A test build, never deployed: it says so with an explicit SITE_URL (a build under CI
        // without one stops, src/integrations/site-url-guard.ts).
        env: {
          ...process.env,
          SITE_URL: 'http://localhost:4321',
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
          ...env,
        },
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return {
        code: typeof failed.code === 'number' ? failed.code : 1,
        output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
      };
    }
  };
  return {
    dir,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    write: (path, text) => writeFileSync(join(dir, path), text),
    edit: (path, change) =>
      writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8'))),
    remove: (path) => rmSync(join(dir, path)),
    build: (env) => node(['scripts/build.mjs', '--no-editing-screen'], env),
    node,
    removeAll: () => rmSync(dir, { recursive: true, force: true }),
  };
}
