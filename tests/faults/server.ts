/**
 * Helpers of the reliability suite: the real server (`node server.mjs`, built `dist/`) on a free
 * port the system picks (other tools of the machine hold fixed ones), its log, its memory, and
 * posts as a client sends them. `FAULTS_SITE_DIR` runs the suite against another checkout's build (the figures
 * "before" in docs/security.md were taken so).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { resolve } from 'node:path';
import { freshData, startServer as startOwnServer, type OwnServer } from '../e2e/forms-helpers';
import { applicationFields, multipart } from '../forms-fixtures';
import { freePort } from '../free-port';

export { freshData, multipart };

const siteDir = resolve(process.env.FAULTS_SITE_DIR ?? '.');

export type Server = OwnServer & {
  port: number;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakMb: () => number;
};

/**
 * `fileSizeLimitKb`: the largest file the server may write (`ulimit -f`), a full disk any user can
 * make: a write past it fails with EFBIG (Node ignores SIGXFSZ).
 */
export async function startServer(
  env: Record<string, string> = {},
  data = freshData(),
  port?: number,
  fileSizeLimitKb?: number,
): Promise<Server> {
  port ??= await freePort();
  const command: [string, string[]] | undefined = fileSizeLimitKb
    ? ['bash', ['-c', `ulimit -f ${fileSizeLimitKb} && exec "$0" server.mjs`, process.execPath]]
    : undefined;
  const server = await startOwnServer(port, env, data, {
    command,
    cwd: siteDir,
    startupMs: 20_000,
  });
  const peakMb = () => {
    const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  return { ...server, port, peakMb };
}

export const json = { accept: 'application/json' };

/** The first bytes of a real PDF, then `size` bytes in all: a licence scan of that size. */
export function pdfOf(size: number, seed = 0) {
  const bytes = new Uint8Array(size);
  bytes.set(Buffer.from('%PDF-1.7\n'));
  for (let i = 9; i < size; i += 4096) bytes[i] = (i + seed) & 0xff;
  return bytes;
}

export const application = (email: string, extra: Record<string, string | Blob> = {}) =>
  multipart({ ...applicationFields(email), ...extra });

export const newsletter = (email: string) =>
  new URLSearchParams({ 'form-name': 'SubscribeForm', email });

/** The time `GET /en` takes, in ms. */
export async function pageLatency(server: Server) {
  const start = performance.now();
  const response = await fetch(`${server.url}/en`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - start;
}
