/**
 * The header Content Security Policy of a build: the pages' own policies (the `<meta>` Astro
 * writes into each, src/security/csp-meta.ts) made into one, plus what only a header can carry
 * (`frame-ancestors`). Computed from the build output, by the build for the static hosts'
 * `_headers` and by the Node server when it starts (the build it serves).
 *
 * A browser enforces every policy it receives, header and `<meta>` alike: a script must pass
 * both. So the header policy is complete (`default-src 'self'` and every directive of the pages),
 * and its `script-src` lists the hashes of the inline scripts of all the built pages (each page's
 * own `<meta>` narrows them to that page's). A document without a `<meta>` (an answer of the
 * receiver, a file opened directly) still gets the whole policy: only the site's own files and
 * inline scripts run there.
 *
 * Styles: the header allows inline styles (`'unsafe-inline'` in `style-src`); each page's `<meta>`
 * still allows only its own, by hash, and a page's effective policy is the stricter of the two.
 * Listing the style hashes of every page instead (41 of them) would make the header 2.1 KB on
 * every response, past the 2,000 characters Cloudflare Pages accepts on a `_headers` line; an
 * inline style in a document without a `<meta>` can restyle it, not run code.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { headerContentSecurityPolicy } from './headers.ts';

const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
/** The directive whose sources are the union over the pages (hashes of inline scripts). */
const MERGED = new Set(['script-src']);
const isHash = (source: string) => /^'sha(256|384|512)-/.test(source);

const unescapeAttribute = (value: string) =>
  value
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * Where the policy is found: the build puts it right after `<meta charset>` (csp-meta.ts). Only
 * that much of each page is read: the server does this at start, and 200 whole pages read at once
 * would stay in its memory (tens of MB) until collected.
 */
const HEAD_BYTES = 16 * 1024;

function headOf(path: string, buffer: Buffer) {
  const fd = openSync(path, 'r');
  try {
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.byteLength, 0));
  } finally {
    closeSync(fd);
  }
}

/** The `<meta>` policies of every HTML file under `dir` (the built pages). */
export function builtPagePolicies(dir: string): string[] {
  const policies: string[] = [];
  const buffer = Buffer.alloc(HEAD_BYTES);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) {
        const content = CSP_META.exec(headOf(path, buffer))?.[1];
        if (content !== undefined) policies.push(unescapeAttribute(content));
      }
    }
  };
  walk(dir);
  return policies;
}

const parse = (policy: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const);

/**
 * One policy for every response: the pages' directives (the same on every page, or the build
 * fails: a page with a looser one would be loosened), the union of their `script-src` and
 * `style-src` sources, and `frame-ancestors`. No pages (a build without them): the header-only
 * restrictions alone.
 */
export function headerPolicyFor(pagePolicies: readonly string[]): string {
  if (pagePolicies.length === 0) return headerContentSecurityPolicy;
  const directives = new Map<string, string[]>();
  // Each different policy once: thousands of pages share a few dozen, and one seen again adds
  // nothing to the union or the comparison (parsing every page's: half a second at 5,000 pages).
  for (const policy of new Set(pagePolicies)) {
    for (const [name, pageSources] of parse(policy)) {
      const sources =
        name === 'style-src'
          ? [...pageSources.filter((s) => !isHash(s)), "'unsafe-inline'"]
          : pageSources;
      const known = directives.get(name);
      if (!known) directives.set(name, [...sources]);
      else if (MERGED.has(name)) known.push(...sources.filter((s) => !known.includes(s)));
      else if (known.join(' ') !== sources.join(' '))
        throw new Error(
          `The built pages disagree on ${name} (${known.join(' ')} / ${sources.join(' ')}): the header policy would loosen one of them.`,
        );
    }
  }
  for (const [name, sources] of parse(headerContentSecurityPolicy))
    if (!directives.has(name)) directives.set(name, sources);
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
