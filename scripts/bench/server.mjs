/**
 * Server benchmark (`npm run bench:server`, docs/performance.md): the Node server (`npm start`,
 * server.mjs) against nginx serving the same built files, precompressed, measured with
 * autocannon, one after the other in rounds, in one run. Prints a Markdown table (medians) on
 * stdout, progress on stderr. Loopback only; every run is bounded in time.
 *
 *   node scripts/bench/server.mjs [--path /en] [--connections 50] [--seconds 10] [--rounds 3]
 *                                 [--also name=<project folder>]…
 *
 * nginx is Debian's, installed here when missing (apt-get, as root), with
 * `libnginx-mod-http-brotli-static` (`brotli_static on`; `gzip_static` too) and Debian's defaults
 * otherwise (`worker_processes auto`). The Node server serves the project's `dist/` (the last
 * `npm run build`); nginx serves that build's `client/`, pages at their addresses (`/en` is
 * `en.html`). `--also` adds the Node server of another copy of the project, with its own `dist/`
 * (the commit before a change, say), to the same rounds.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../../tests/free-port.ts';
import { BROWSER_ACCEPT_ENCODING, sentResponse, startNodeServer } from '../budgets/as-sent.mjs';

const root = resolve(import.meta.dirname, '../..');
const { values: options } = parseArgs({
  options: {
    path: { type: 'string', default: '/en' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    also: { type: 'string', multiple: true, default: [] },
  },
});
const log = (message) => process.stderr.write(`${message}\n`);
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function ensureNginx() {
  if (existsSync('/usr/sbin/nginx') && existsSync(BROTLI_MODULE)) return;
  log('Installing nginx and its brotli_static module from Debian…');
  const run = (args) => {
    const result = spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  };
  run(['update']);
  run(['install', '-y', '--no-install-recommends', 'nginx', 'libnginx-mod-http-brotli-static']);
}

/** nginx in a folder of its own (configuration, logs, pid), serving `client` on a loopback port. */
async function startNginx(client) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  brotli_static on;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${client};
    location / { try_files $uri $uri.html =404; }
  }
}
`,
  );
  const child = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let tries = 0; ; tries++) {
    try {
      await sentResponse(port, options.path);
      break;
    } catch (error) {
      if (tries > 200 || child.exitCode !== null) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = () =>
    new Promise((done) => {
      child.once('exit', () => {
        rmSync(dir, { recursive: true, force: true });
        done();
      });
      child.kill('SIGTERM');
    });
  return { port, pid: child.pid, stop };
}

function measure(port, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}${options.path}`,
    connections: Number(options.connections),
    duration: seconds,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
}

/** CPU seconds a process and its children (nginx's workers) have used, from /proc. */
function cpuSeconds(pid) {
  const stat = (id) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
  const processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const children = processes.filter((id) => {
    try {
      return Number(stat(id)[1]) === pid;
    } catch {
      return false; // ended meanwhile
    }
  });
  const fields = stat(pid);
  const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  return own + children.reduce((sum, child) => sum + cpuSeconds(Number(child)), 0);
}
const CLOCK_TICKS = 100;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

ensureNginx();
const client = realpathSync(join(root, 'dist/client'));
const servers = [];
const stopAll = () => Promise.all(servers.map((s) => s.stop()));
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));
try {
  servers.push({ name: 'nginx (brotli_static)', ...(await startNginx(client)) });
  servers.push({ name: 'npm start', ...(await startNodeServer(root)) });
  for (const also of options.also) {
    const [name, folder] = also.split('=');
    servers.push({ name: `npm start (${name})`, ...(await startNodeServer(resolve(folder))) });
  }
  for (const server of servers) {
    const answer = await sentResponse(server.port, options.path);
    if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br')
      throw new Error(
        `${server.name} answered ${options.path} with ${answer.status}, ${answer.headers['content-encoding'] ?? 'uncompressed'}`,
      );
    Object.assign(server, { headBytes: answer.headBytes, bodyBytes: answer.bodyBytes, runs: [] });
    log(`${server.name}: warming up`);
    await measure(server.port, 2);
  }
  const rounds = Number(options.rounds);
  for (let round = 1; round <= rounds; round++) {
    for (const server of servers) {
      const cpuBefore = cpuSeconds(server.pid);
      const result = await measure(server.port, Number(options.seconds));
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      server.runs.push({
        rate: result.requests.average,
        p99: result.latency.p99,
        cpuPerRequest: (cpu / result.requests.total) * 1e6,
        errors: result.errors + result.non2xx,
      });
      log(
        `round ${round}/${rounds}, ${server.name}: ${result.requests.average} requests/s, p99 ${result.latency.p99} ms`,
      );
    }
  }
} finally {
  await stopAll();
}

const [nginx] = servers;
const nginxRate = median(nginx.runs.map((r) => r.rate));
const nginxP99 = median(nginx.runs.map((r) => r.p99));
console.log(
  [
    `\`GET ${options.path}\` with brotli, ${options.connections} connections, ${options.seconds} s × ${options.rounds} rounds each, alternating (medians):`,
    '',
    '| server | requests/s | × nginx | p99 (ms) | × nginx | server CPU per request (µs) | status line and headers (bytes) | body (bytes) | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...servers.map((s) => {
      const rate = median(s.runs.map((r) => r.rate));
      const p99 = median(s.runs.map((r) => r.p99));
      const errors = s.runs.reduce((sum, r) => sum + r.errors, 0);
      return `| ${s.name} | ${Math.round(rate).toLocaleString('en')} | ${(rate / nginxRate).toFixed(2)} | ${p99} | ${(p99 / nginxP99).toFixed(2)} | ${Math.round(median(s.runs.map((r) => r.cpuPerRequest)))} | ${s.headBytes} | ${s.bodyBytes.toLocaleString('en')} | ${errors} |`;
    }),
  ].join('\n'),
);
