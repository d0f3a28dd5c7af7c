/**
 * A copy of the project in a temporary folder, to change content and build there as an editor or
 * an operator would, without touching the developer's `content/` or `dist/`: every file but what
 * the build and the tools write, with `node_modules` linked.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port';

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
  /** `node scripts/build.mjs` there (npm run build); resolves with its exit code and output. */
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
      source === root || !(notCopied.has(basename(source)) || /^dist/.test(basename(source))),
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
    build: (env) => node(['scripts/build.mjs'], env),
    node,
    removeAll: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type RunningServer = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** `npm start` in the copy, on a free port, with its own submissions store. */
export async function startServer(dir: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      FORMS_DB_PATH: join(dir, 'data/submissions.sqlite'),
      FORMS_UPLOAD_DIR: join(dir, 'data/uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).status) break;
    } catch {
      if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, process: child, stop };
}
