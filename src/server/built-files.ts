/**
 * The built files as the Node server sends them (server.mjs): each as compressed at build time
 * (src/server/precompressed.ts), in the encoding the request accepts, with its length, ETag and
 * Cache-Control (caching.ts) and the security headers (src/security/headers.ts), worked out once
 * per file and kept. Nothing is compressed per request: that cost `npm start` nine tenths of
 * what nginx serves from the same files.
 *
 * A page's Content Security Policy is the `<meta>` in its `<head>`; its header carries only what a
 * `<meta>` cannot (`frame-ancestors`). Every other file (a script, Partytown's service worker, an
 * SVG opened on its own) gets the build's whole header policy, as before.
 *
 * Files without their compressed copies (a build made with `astro build` alone) and requests this
 * does not answer (a Range, another method) are left to the adapter, which compresses on the fly.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import Negotiator from 'negotiator';
import { hasPolicyMeta } from '../security/csp-meta.ts';
import { headerOnlyDirectives, securityHeaders } from '../security/headers.ts';
import { cacheControlFor, contentEtag, matches } from './caching.ts';
import {
  MIN_COMPRESSED_SIZE,
  contentTypes,
  encodings,
  type EncodingName,
} from './precompressed.ts';

type Encoding = EncodingName | 'identity';

type BuiltFile = {
  /** On disk. */
  path: string;
  type: string;
  /** The encodings it was compressed in, the server's preference first. */
  encodings: EncodingName[];
};

type Loaded = {
  etag: string;
  /** Content-Type, ETag, Cache-Control, Vary, the security headers: the same in every encoding. */
  headers: OutgoingHttpHeaders;
  /** The bodies kept in memory, each with its whole set of headers. */
  sent: Partial<Record<Encoding, Variant>>;
};

type Variant = { body: Buffer; headers: OutgoingHttpHeaders };

/** Above this, files are read from disk on every request rather than kept (a site of 5,000 pages). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** The files of `clientDir` by URL path (`/en.html`, `/_astro/client.x1.js`), with their copies. */
function indexOf(clientDir: string): Map<string, BuiltFile> {
  const entries = readdirSync(clientDir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  const onDisk = new Set(entries.map((entry) => join(entry.parentPath, entry.name)));
  const files = new Map<string, BuiltFile>();
  for (const path of onDisk) {
    const type = contentTypes[extname(path)];
    const urlPath = '/' + relative(clientDir, path).split(sep).join('/');
    // Dot files stay the adapter's (it refuses them).
    if (!type || urlPath.split('/').some((segment) => segment.startsWith('.'))) continue;
    const copies = encodings.filter((e) => onDisk.has(path + e.suffix)).map((e) => e.name);
    // Compressible, 1 KB or more and without its copies: a build without the step (`astro build`
    // alone). The adapter sends those, compressed on the fly.
    if (type.compressible && !copies.length && statSync(path).size >= MIN_COMPRESSED_SIZE) continue;
    files.set(urlPath, { path, type: type.type, encodings: copies });
  }
  return files;
}

export function builtFiles(clientDir: string, headerPolicy: string) {
  const files = indexOf(clientDir);
  const loaded = new Map<string, Loaded>();
  const loading = new Map<string, Promise<Loaded>>();
  let keptBytes = 0;
  /** The encoding each Accept-Encoding value gets, per list of copies (few distinct values). */
  const negotiated = new Map<string, Encoding>();

  function encodingFor(req: IncomingMessage, file: BuiltFile): Encoding {
    if (file.encodings.length === 0) return 'identity';
    const accept = req.headers['accept-encoding'] ?? '';
    const key = `${file.encodings.join()}|${accept}`;
    let encoding = negotiated.get(key);
    if (encoding === undefined) {
      // Among encodings the request accepts equally, ours first (negotiator 1.x takes a
      // preference; its types predate it).
      const negotiator = new Negotiator(req) as unknown as {
        encoding(available: string[], options: { preferred: string[] }): string | undefined;
      };
      const choice = negotiator.encoding([...file.encodings, 'identity'], {
        preferred: file.encodings,
      });
      encoding = (choice as Encoding | undefined) ?? 'identity';
      if (negotiated.size > 1000) negotiated.clear();
      negotiated.set(key, encoding);
    }
    return encoding;
  }

  /** The file's headers and ETag, read once (concurrent first requests share the reading). */
  function load(urlPath: string, file: BuiltFile): Promise<Loaded> {
    let entry = loading.get(urlPath);
    if (!entry) {
      entry = readFile(file.path).then((content) => {
        const isPage =
          file.type.startsWith('text/html') && hasPolicyMeta(content.toString('latin1'));
        const etag = contentEtag(content);
        const ready: Loaded = {
          etag,
          headers: {
            'content-type': file.type,
            etag,
            'cache-control': cacheControlFor(urlPath),
            ...(file.encodings.length ? { vary: 'Accept-Encoding' } : {}),
            ...securityHeaders,
            'content-security-policy': isPage ? headerOnlyDirectives.join('; ') : headerPolicy,
          },
          sent: {},
        };
        loaded.set(urlPath, ready);
        return ready;
      });
      loading.set(urlPath, entry);
      entry.catch(() => loading.delete(urlPath));
    }
    return entry;
  }

  async function variantOf(entry: Loaded, file: BuiltFile, encoding: Encoding): Promise<Variant> {
    const kept = entry.sent[encoding];
    if (kept) return kept;
    const suffix = encodings.find((e) => e.name === encoding)?.suffix ?? '';
    const body = await readFile(file.path + suffix);
    const variant = {
      body,
      headers: {
        ...entry.headers,
        'content-length': body.length,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      },
    };
    if (!entry.sent[encoding] && keptBytes + body.length <= MAX_KEPT_BYTES) {
      entry.sent[encoding] = variant;
      keptBytes += body.length;
    }
    return variant;
  }

  /**
   * Answers a GET or HEAD of the built file at `urlPath` (a page's file: `/en.html`) with 200 or
   * 304 and returns true, or returns false at once when it is not one this answers (the adapter
   * then does).
   */
  function respond(req: IncomingMessage, res: ServerResponse, urlPath: string): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    let decoded: string;
    try {
      decoded = decodeURI(urlPath);
    } catch {
      return false;
    }
    const file = files.get(decoded);
    if (!file) return false;
    // What is kept is sent at once; the rest is read from disk first.
    const entry = loaded.get(decoded);
    const encoding = encodingFor(req, file);
    if (entry && (notModified(req, entry) || entry.sent[encoding])) {
      send(req, res, entry, notModified(req, entry) ? undefined : entry.sent[encoding]);
      return true;
    }
    load(decoded, file)
      .then(async (ready) =>
        send(
          req,
          res,
          ready,
          notModified(req, ready) ? undefined : await variantOf(ready, file, encoding),
        ),
      )
      .catch((error: unknown) => {
        console.error(`Could not send ${decoded}:`, error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    return true;
  }

  const notModified = (req: IncomingMessage, entry: Loaded) =>
    matches(req.headers['if-none-match'], entry.etag);

  /** 200 with the body in its encoding, or 304 without one (the browser has this version). */
  function send(req: IncomingMessage, res: ServerResponse, entry: Loaded, variant?: Variant) {
    if (!variant) {
      res.writeHead(304, entry.headers);
      res.end();
      return;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }

  return { respond };
}
