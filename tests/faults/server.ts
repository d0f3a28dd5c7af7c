/**
 * Helpers of the reliability suite: the real server (`node server.mjs`, built `dist/`) on a free
 * port the system picks (other tools of the machine hold fixed ones), its log, its memory, and
 * posts as a client sends them. `FAULTS_SITE_DIR` runs the suite against another checkout's build (the figures
 * "before" in docs/security.md were taken so).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freshData } from '../e2e/forms-helpers';

export { freshData };

const siteDir = resolve(process.env.FAULTS_SITE_DIR ?? '.');

export type Server = {
  url: string;
  port: number;
  dbPath: string;
  uploadDir: string;
  process: ChildProcess;
  log: () => string;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakMb: () => number;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** A port nothing listens on now. */
function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/**
 * `fileSizeLimitKb`: the largest file the server may write (`ulimit -f`), a full disk any user can
 * make: a write past it fails with EFBIG (Node ignores SIGXFSZ).
 */
export async function startServer(env: Record<string, string> = {}, data = freshData(), port?: number, fileSizeLimitKb?: number): Promise<Server> {
  port ??= await freePort();
  const [command, args] = fileSizeLimitKb
    ? ['bash', ['-c', `ulimit -f ${fileSizeLimitKb} && exec "$0" server.mjs`, process.execPath]]
    : [process.execPath, ['server.mjs']];
  const child = spawn(command, args, {
    cwd: siteDir,
    env: { ...process.env, PORT: String(port), HOST: 'localhost', FORMS_DB_PATH: data.dbPath, FORMS_UPLOAD_DIR: data.uploadDir, FORMS_RATE_LIMIT: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
    try {
      if ((await fetch(`${url}/en`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });
  const peakMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  return { url, port, ...data, process: child, log: () => output, peakMb, stop };
}

export const json = { accept: 'application/json' };

/** The first bytes of a real PDF, then `size` bytes in all: a licence scan of that size. */
export function pdfOf(size: number, seed = 0) {
  const bytes = new Uint8Array(size);
  bytes.set(Buffer.from('%PDF-1.7\n'));
  for (let i = 9; i < size; i += 4096) bytes[i] = (i + seed) & 0xff;
  return bytes;
}

export function multipart(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

export const application = (email: string, extra: Record<string, string | Blob> = {}) =>
  multipart({
    'form-name': 'InstructorApplicationForm',
    firstname: 'Ana',
    lastname: 'López',
    email,
    phone: '+34 612 345 678',
    contract: 'freelance',
    sport: 'snowboard',
    years: '5',
    licenceType: 'td2',
    resort: firstResortId(),
    adult: 'yes',
    ...extra,
  });

/** A resort id of the content (the file name of the first resort), as the form's select offers. */
export function firstResortId() {
  const file = readdirSync(resolve('content/resorts')).filter((name) => name.endsWith('.yaml')).sort()[0]!;
  return file.replace(/\.yaml$/, '');
}

export const newsletter = (email: string) => new URLSearchParams({ 'form-name': 'SubscribeForm', email });
