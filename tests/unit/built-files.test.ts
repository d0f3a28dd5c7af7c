/**
 * The built files as the Node server sends them (src/server/built-files.ts), compressed by the
 * build (scripts/precompress.mjs): the encoding the browser accepts, sent as the build wrote it,
 * with its length, one ETag whatever the encoding, and a page's header policy reduced to what its
 * `<meta>` cannot carry. What it does not answer is left to the adapter.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { builtFiles } from '../../src/server/built-files';
import { contentEtag } from '../../src/server/caching';
import { headerOnlyDirectives, securityHeaders } from '../../src/security/headers';

const BUILD_POLICY = "default-src 'self'; frame-ancestors 'self'";
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `word${i % 97} lorem${i % 13}`).join(' ');
const page = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><p>${words(400)}</p></body></html>`;
const script = `export const text = ${JSON.stringify(words(300))};`;

let client: string;
let server: Server;
let port: number;

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'built-files-'));
  mkdirSync(join(client, '_astro'));
  mkdirSync(join(client, 'en'));
  writeFileSync(join(client, 'en/about.html'), page);
  writeFileSync(join(client, '_astro/app.x1.js'), script);
  writeFileSync(join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(client, '.hidden.txt'), words(400));
  await precompress(client);
  // Written after the build step: as from a build without it (`astro build` alone).
  writeFileSync(join(client, 'late.css'), `p{content:"${words(200)}"}`);
  const files = builtFiles(client, BUILD_POLICY);
  server = createServer((req, res) => {
    if (files.respond(req, res, req.url!.split('?')[0]!)) return;
    res.writeHead(404, { 'x-answered-by': 'adapter' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(client, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the build step', () => {
  it('writes brotli and gzip copies beside the files worth compressing', async () => {
    expect(existsSync(join(client, 'en/about.html.br'))).toBe(true);
    expect(existsSync(join(client, 'en/about.html.gz'))).toBe(true);
    expect(existsSync(join(client, '_astro/app.x1.js.br'))).toBe(true);
    // Too small to gain anything.
    expect(existsSync(join(client, 'favicon.svg.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(client, 'en/about.html.br'))).toString()).toBe(
      page,
    );
  });

  it('compresses a content once: a later build takes it from the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      writeFileSync(join(dir, 'page.html'), `${page}<!-- ${Math.random()} -->`);
      expect(await precompress(dir)).toEqual({ files: 1, compressed: 1, reused: 0 });
      rmSync(join(dir, 'page.html.br'));
      expect(await precompress(dir)).toEqual({ files: 1, compressed: 0, reused: 1 });
      expect(existsSync(join(dir, 'page.html.br'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the built files as sent', () => {
  it('sends the brotli copy to a browser, with its length, and the same ETag in every encoding', async () => {
    const br = await get('/en/about.html', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body).toEqual(readFileSync(join(client, 'en/about.html.br')));
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.headers.etag).toBe(contentEtag(page));
    expect(br.headers['cache-control']).toBe('public, no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');

    const gzip = await get('/en/about.html', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get('/en/about.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(page));
    expect([gzip.headers.etag, plain.headers.etag]).toEqual([br.headers.etag, br.headers.etag]);
  });

  it('gives a page the security headers and, as its policy header, only what its <meta> cannot carry; other files the build’s policy', async () => {
    const pageAnswer = await get('/en/about.html', { 'accept-encoding': 'br' });
    for (const [name, value] of Object.entries(securityHeaders))
      expect(pageAnswer.headers[name.toLowerCase()], name).toBe(value);
    expect(pageAnswer.headers['content-security-policy']).toBe(headerOnlyDirectives.join('; '));

    const scriptAnswer = await get('/_astro/app.x1.js', { 'accept-encoding': 'br' });
    expect(scriptAnswer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(scriptAnswer.headers['cache-control']).toContain('immutable');
    expect(scriptAnswer.headers['content-security-policy']).toBe(BUILD_POLICY);
    expect(scriptAnswer.headers['x-content-type-options']).toBe('nosniff');

    const small = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body.toString()).toContain('<svg');
  });

  it('answers 304 without a body when the browser has the version, and HEAD without a body', async () => {
    const { headers } = await get('/en/about.html');
    const again = await get('/en/about.html', {
      'if-none-match': headers.etag!,
      'accept-encoding': 'br',
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/en/about.html', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      readFileSync(join(client, 'en/about.html.br')).length,
    );
    expect(head.body.length).toBe(0);
  });

  it('leaves to the adapter what it does not answer: other methods, ranges, unknown paths, dot files, files the build did not compress', async () => {
    const adapter = async (path: string, headers = {}, method = 'GET') =>
      (await get(path, headers, method)).headers['x-answered-by'];
    expect(await adapter('/en/about.html', {}, 'POST')).toBe('adapter');
    expect(await adapter('/en/about.html', { range: 'bytes=0-10' })).toBe('adapter');
    expect(await adapter('/en/missing.html')).toBe('adapter');
    expect(await adapter('/../etc/passwd')).toBe('adapter');
    expect(await adapter('/%E0%A4%A.html')).toBe('adapter');
    expect(await adapter('/.hidden.txt')).toBe('adapter');
    expect(await adapter('/late.css', { 'accept-encoding': 'br' })).toBe('adapter');
  });
});
