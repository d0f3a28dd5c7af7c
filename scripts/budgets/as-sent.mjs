// A page's first response as the Node server sends it (`npm start`, server.mjs): the bytes on the
// wire, status line, headers and body, counted from a raw socket rather than modelled from the
// built file, for the first-round-trip budget (scripts/budgets/weight.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/free-port.ts';

/** What Chromium sends: the server picks brotli from it, as for a visitor. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * One GET over a new connection, as a browser's first request, read to the end of its body: the
 * body's end from Content-Length, or the last chunk of a chunked one. Returns the byte counts and
 * the headers (lower-case names).
 */
export function sentResponse(port, path, { acceptEncoding = BROWSER_ACCEPT_ENCODING } = {}) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    let received = 0;
    let head;
    const finish = (total) => {
      socket.destroy();
      resolve({ ...head, bodyBytes: total - head.headBytes, totalBytes: total });
    };
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no complete answer for ${path}`)));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      received += chunk.length;
      const all = Buffer.concat(chunks);
      head ??= parseHead(all);
      if (!head) return;
      const length = head.headers['content-length'];
      if (length !== undefined) {
        if (received >= head.headBytes + Number(length)) finish(head.headBytes + Number(length));
      } else if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) {
        if (all.subarray(-5).toString('latin1') === '0\r\n\r\n') finish(received);
      }
    });
    socket.on('end', () => (head ? finish(received) : reject(new Error(`no answer for ${path}`))));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\n` +
        `Accept-Encoding: ${acceptEncoding}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

/** The status line and headers, once they are all in. */
function parseHead(bytes) {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, headBytes: end + 4 };
}

/**
 * `node server.mjs` of the project at `root` (it serves `root/dist`), on a loopback port, with a
 * database of its own in a temporary folder. Resolves once it answers; `stop()` ends it and
 * deletes the database. The one way the scripts (weight report, server benchmark) and the tests
 * (tests/builds) start a built project's server. `env`: more environment variables; `log()`: what
 * it printed.
 */
export async function startNodeServer(root, { startupMs = 20_000, env = {} } = {}) {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'as-sent-'));
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FORMS_DB_PATH: join(data, 'submissions.sqlite'),
      FORMS_UPLOAD_DIR: join(data, 'uploads'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(data, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server.mjs exited: ${output}`);
    }
    try {
      if ((await sentResponse(port, '/healthz')).status) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server.mjs did not start within ${startupMs} ms: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    process: child,
    log: () => output,
    stop,
  };
}
