/**
 * The editing screen as `npm start` serves it, to signed-in editors only (src/editors/http.ts
 * checks the session before anything here runs): its page and scripts from the served build's
 * `editing-screen/` folder (scripts/build-editing-screen.mjs), and the headers of its API, which
 * the build's on-demand route answers (src/integrations/editing-screen.ts).
 *
 * Its own Content Security Policy, what Keystatic's UI needs and no more: its scripts from this
 * site only; inline styles, because the UI writes its styles into `<style>` elements as it renders
 * (Emotion, without a nonce to give it); pictures from the site, or previewed from a file being
 * uploaded (`blob:`, `data:`); requests to this site only (its API). Never framed. Every answer is
 * `no-store` and `noindex`; the scripts, whose names change with their content, may be kept by
 * the editor's browser (`private`), never by a shared cache.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';
import { SCREEN_REPORT_PATH } from '../content/check/report.ts';
import { addSecurityHeaders } from '../security/headers.ts';

export const SCREEN_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Where the screen's scripts are served from: its build's `base` (scripts/build-editing-screen.mjs). */
const ASSETS = '/keystatic/_screen/';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const screenHeaders = (res: ServerResponse, cacheControl = 'no-store') => {
  addSecurityHeaders(res, SCREEN_POLICY);
  res.setHeader('content-security-policy', SCREEN_POLICY);
  res.setHeader('cache-control', cacheControl);
  res.setHeader('x-robots-tag', 'noindex, nofollow');
};

/**
 * The content check of `root`, as the panel shows it: `npm run content:check`'s lines. A file the
 * check cannot even read (a site fact that stops it) is its one problem.
 */
function checkReport(root: string): Promise<{ problems: string[]; warnings: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/content-check.mjs', '--json'],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          if (!error) return resolve(JSON.parse(stdout));
        } catch {
          // not a report: said below
        }
        resolve({ problems: [(stderr || String(error)).trim()], warnings: [] });
      },
    );
  });
}

/**
 * `buildDir()`: the served build's folder, the one whose screen matches its API; `root`: the
 * project folder, whose content/ the screen writes and the check reads.
 */
export function editingScreen(buildDir: () => string, root: string) {
  /** The screen's page (every address under /keystatic: the UI routes itself) or one of its files. */
  function answer(req: IncomingMessage, res: ServerResponse) {
    const dir = join(buildDir(), 'editing-screen');
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
      return void res.end();
    }
    if (path === SCREEN_REPORT_PATH) {
      void checkReport(root).then((report) => {
        screenHeaders(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(report));
      });
      return;
    }
    if (!existsSync(join(dir, 'index.html'))) {
      screenHeaders(res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(
        'The editing screen is not part of the build being served (built with --no-editing-screen).',
      );
    }
    if (path.startsWith(ASSETS)) {
      const file = normalize(
        join(dir, decodeURIComponent(path.slice('/keystatic/_screen'.length))),
      );
      const type = TYPES[extname(file)];
      if (!file.startsWith(`${dir}/`) || !type || !existsSync(file) || !statSync(file).isFile()) {
        screenHeaders(res);
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('Not found');
      }
      screenHeaders(res, 'private, max-age=31536000, immutable');
      // The UI's script is 3 MB: gzipped as it is sent (a tenth of a second), a third of that.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': type,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      if (req.method === 'HEAD') return void res.end();
      const stream = createReadStream(file);
      return void (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
    }
    screenHeaders(res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(join(dir, 'index.html')));
  }

  /**
   * The API's answers (the build's route writes them): the screen's headers, set as they go out,
   * after the site's (the server sets those in a wrapper of its own around this one).
   */
  function apiHeaders(res: ServerResponse) {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      screenHeaders(res);
      return writeHead(...args);
    }) as ServerResponse['writeHead'];
  }

  return { answer, apiHeaders };
}
