#!/usr/bin/env node
/**
 * Mozilla's HTTP Observatory (npm @mdn/mdn-http-observatory, the scanner behind
 * developer.mozilla.org/observatory) against the built site as `npm start` serves it, behind TLS on
 * 127.0.0.1: a Node https proxy with a certificate made here by openssl, trusted by the scanner
 * alone (NODE_EXTRA_CA_CERTS). Nothing leaves the machine. Not part of `npm test`; docs/security.md
 * records the grade.
 *
 *   SITE_URL=https://127.0.0.1 npm run build && node scripts/observatory.mjs
 *
 * The scanner has no port option: it asks https://127.0.0.1 (443) and http://127.0.0.1 (80), so
 * this needs those two ports on loopback (root, or CAP_NET_BIND_SERVICE). Port 80 answers as a TLS
 * proxy would: a redirect to https. The scanner is installed on first use into .tooling/ (it is
 * not a dependency: its install scripts download a certificate bundle and the HSTS preload list
 * from the internet; it is installed without them, with an empty preload list).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../tests/free-port.ts';

const VERSION = '1.4.8';
const prefix = '.tooling/observatory';
const scanner = join(prefix, 'node_modules/@mdn/mdn-http-observatory/src/scan.js');
if (!existsSync(scanner) || !readFileSync(join(prefix, 'package.json'), 'utf8').includes(VERSION))
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@mdn/mdn-http-observatory@${VERSION}`,
    ],
    { stdio: 'inherit' },
  );

// Its install script would download Chromium's HSTS preload list (which 127.0.0.1 is not on):
// an empty list, so the scan works offline.
const preloadList = join(prefix, 'node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json');
if (!existsSync(preloadList)) writeFileSync(preloadList, '{}');

// A self-signed certificate for 127.0.0.1, valid a day.
const dir = mkdtempSync(join(tmpdir(), 'observatory-'));
const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
execFileSync('openssl', [
  'req',
  '-x509',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-days',
  '1',
  '-subj',
  '/CN=127.0.0.1',
  '-addext',
  'subjectAltName=IP:127.0.0.1',
  '-keyout',
  key,
  '-out',
  cert,
]);

// The site, as in production: `node server.mjs`, on a free port.
const port = await freePort();
const server = spawn(process.execPath, ['server.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
});
for (let tries = 0; ; tries++) {
  const up = await fetch(`http://127.0.0.1:${port}/en`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (tries > 100) throw new Error('the server did not start');
  await new Promise((wait) => setTimeout(wait, 200));
}

// TLS in front, passing requests and answers through unchanged (as a TLS proxy would).
const tls = createHttpsServer(
  { key: readFileSync(key), cert: readFileSync(cert) },
  (incoming, outgoing) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  },
).listen(443, '127.0.0.1');
const plain = createHttpServer((incoming, outgoing) => {
  outgoing.writeHead(301, { location: `https://127.0.0.1${incoming.url}` }).end();
}).listen(80, '127.0.0.1');

try {
  // Asynchronously: the proxies above answer from this process.
  const { stdout: output } = await promisify(execFile)(process.execPath, [scanner, '127.0.0.1'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
  });
  const { scan, tests, error } = JSON.parse(output);
  if (error) throw new Error(error);
  writeFileSync(join(dir, 'observatory.json'), output);
  console.log(
    `HTTP Observatory: ${scan.grade} (${scan.score}/100), ${scan.testsPassed} of ${scan.testsQuantity} tests passed`,
  );
  for (const [name, test] of Object.entries(tests))
    console.log(
      `${test.pass ? '  pass' : '✗ FAIL'}  ${name}: ${test.result} (${test.scoreModifier})`,
    );
  console.log(`Full report: ${join(dir, 'observatory.json')}`);
} finally {
  tls.close();
  plain.close();
  server.kill();
}
