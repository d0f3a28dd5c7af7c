import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consentHeadScript } from '../../src/consent/head-script';
import { reviewsShuffleScript } from '../../src/lib/reviews-shuffle';
import { readConfig } from '../../src/config';
import { policyOriginsVerdict } from '../../src/integrations/policy-origins-guard';
import {
  staticHostHeaders,
  staticHostHeadersFile,
} from '../../src/integrations/static-host-headers';
import { cacheRules } from '../../src/server/caching';
import {
  contentSecurityPolicy,
  cspHash,
  inlineScripts,
  sonnerInjectedCss,
} from '../../src/security/content-security-policy';
import { headInPlace } from '../../src/lib/page-head';
import { cspMetaFirst, pageOwnHashes } from '../../src/security/csp-meta';
import { builtPagePolicies, headerPolicyFor } from '../../src/security/header-policy';
import {
  addSecurityHeaders,
  headerContentSecurityPolicy,
  securityHeaders,
} from '../../src/security/headers';

/** Hashed here with the plain algorithm, not with the module's helper. */
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

const directive = (directives: readonly string[] | undefined, name: string) =>
  directives
    ?.find((d) => d.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);

describe('security headers', () => {
  it('are the values docs/security.md explains', () => {
    expect(headerContentSecurityPolicy).toBe(
      "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
    );
    expect(securityHeaders).toEqual({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy':
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });

  /** A stand-in for Node's ServerResponse: case-insensitive names, like Node. */
  function response(initial: Record<string, string | string[]> = {}) {
    const headers = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      headers,
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      setHeader: (name: string, value: string | string[]) => headers.set(name.toLowerCase(), value),
    };
  }

  it('are set on a response that has none, with the build’s header policy', () => {
    const res = response({ 'content-type': 'text/html' });
    const policy = headerPolicyFor([pagePolicy('a')]);
    addSecurityHeaders(res, policy);
    for (const [name, value] of Object.entries(securityHeaders))
      expect(res.getHeader(name)).toBe(value);
    expect(res.getHeader('content-security-policy')).toBe(policy);
    expect(res.getHeader('content-type')).toBe('text/html; charset=utf-8'); // a charset, never guessed
  });

  it('add the directives a page’s own Content Security Policy lacks to it: one header, once', () => {
    const page =
      "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'; base-uri 'self'";
    const res = response({ 'Content-Security-Policy': page, 'content-type': 'text/html' });
    addSecurityHeaders(res);
    expect(res.getHeader('content-security-policy')).toBe(`${page}; frame-ancestors 'self'`);
    addSecurityHeaders(res);
    expect(res.getHeader('content-security-policy')).toBe(`${page}; frame-ancestors 'self'`);
    expect(res.getHeader('content-type')).toBe('text/html; charset=utf-8');
  });

  it('send theirs as a second policy when the page’s sets one of their directives otherwise', () => {
    const res = response({ 'Content-Security-Policy': "script-src 'self'; object-src 'self'" });
    addSecurityHeaders(res);
    expect(res.getHeader('content-security-policy')).toEqual([
      "script-src 'self'; object-src 'self'",
      headerContentSecurityPolicy,
    ]);
  });

  it('are written to _headers for every path of a static host', () => {
    expect(staticHostHeadersFile('the policy')).toBe(
      [
        "# Written by the build from src/security/headers.ts, the pages' policies (src/security/header-policy.ts) and src/server/caching.ts. Static hosts only: the Node server sets these itself.",
        '/*',
        '  Content-Security-Policy: the policy',
        ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
        ...cacheRules.flatMap(({ path, cacheControl }) => [
          path,
          `  Cache-Control: ${cacheControl}`,
        ]),
        '',
      ].join('\n'),
    );
  });

  it('_headers is what the build leaves in the client folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-'));
    const hook = staticHostHeaders().hooks['astro:build:done']!;
    await hook({ dir: pathToFileURL(`${dir}/`) } as Parameters<typeof hook>[0]);
    expect(readdirSync(dir)).toEqual(['_headers']);
    // No pages in that folder: the header-only restrictions.
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(
      staticHostHeadersFile(headerContentSecurityPolicy),
    );
  });
});

/** A page's policy as Astro writes it, allowing the inline script `script`. */
const pagePolicy = (script: string) =>
  `default-src 'self';img-src 'self';object-src 'none';base-uri 'self'; script-src 'self' 'sha256-${script}='; style-src 'self' 'sha256-css=';`;

describe('the header Content Security Policy of a build', () => {
  it('is complete: default-src, every directive of the pages, their inline scripts’ hashes, frame-ancestors', () => {
    const policy = new Map(
      headerPolicyFor([pagePolicy('a'), pagePolicy('b')])
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-a='", "'sha256-b='"]);
    // Inline styles by the pages' own <meta> only (see header-policy.ts).
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('fails the build when two pages differ on another directive (one would be loosened)', () => {
    expect(() =>
      headerPolicyFor([pagePolicy('a'), pagePolicy('a').replace("img-src 'self'", 'img-src *')]),
    ).toThrow(/img-src/);
  });

  it('is read from the pages’ <meta> in the build output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'built-pages-'));
    mkdirSync(join(dir, 'fr'));
    const page = (policy: string) =>
      `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${policy}"></head></html>`;
    writeFileSync(join(dir, 'en.html'), page(pagePolicy('a')));
    writeFileSync(join(dir, 'fr', 'contact.html'), page(pagePolicy('b')));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    expect(builtPagePolicies(dir).sort()).toEqual([pagePolicy('a'), pagePolicy('b')]);
  });
});

describe('the page’s Content Security Policy', () => {
  const config = readConfig({
    SITE_URL: 'https://www.pistelink.com',
    BACKEND_GRAPHQL_URL: 'https://api.pistelink.com/graphql',
    CHAT_GRAPHQL_URL: 'https://chat.pistelink.com/graphql',
  });
  const policy = contentSecurityPolicy(config);

  it('allows scripts by file and by hash only, the consent head script and the reviews’ shuffle included', () => {
    const hashes = policy.scriptDirective?.hashes;
    expect(hashes).toContain(sha256(consentHeadScript));
    expect(hashes).toContain(sha256(reviewsShuffleScript));
    expect(policy.scriptDirective?.resources).toBeUndefined(); // Astro's default: 'self'
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('hashes as browsers do', () => {
    expect(cspHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(cspHash('é')).toBe(sha256('é'));
  });

  it('is a real policy: this site by default, and the chat API for fetch (the backend is the server’s to ask)', () => {
    expect(directive(policy.directives, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy.directives, 'connect-src')).toEqual([
      "'self'",
      'https://chat.pistelink.com',
    ]);
    expect(directive(policy.directives, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy.directives, 'frame-src')).toEqual(["'self'"]);
    expect(directive(policy.directives, 'worker-src')).toEqual(["'self'"]);
    expect(directive(policy.directives, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy.directives, 'base-uri')).toEqual(["'self'"]);
    // A <meta> policy cannot carry it; the header does.
    expect(directive(policy.directives, 'frame-ancestors')).toBeUndefined();
  });

  it('follows the form receiver to another host, for fetch and for forms sent without JavaScript', () => {
    const elsewhere = contentSecurityPolicy({
      ...config,
      formsEndpoint: 'https://forms.example.org/submit',
    });
    expect(directive(elsewhere.directives, 'connect-src')).toContain('https://forms.example.org');
    expect(directive(elsewhere.directives, 'form-action')).toEqual([
      "'self'",
      'https://forms.example.org',
    ]);
  });

  it('names a backend on the site’s own origin once', () => {
    const same = contentSecurityPolicy({
      ...config,
      chatGraphqlUrl: 'https://www.pistelink.com/chat',
    });
    expect(directive(same.directives, 'connect-src')).toEqual(["'self'"]);
  });

  it('never names an http: origin on an https site (mixed content), but keeps local ones on an http site', () => {
    const https = contentSecurityPolicy(
      readConfig({ SITE_URL: 'https://www.pistelink.com', FORMS_ENDPOINT: 'http://f.example/x' }),
    );
    expect(directive(https.directives, 'connect-src')).toEqual(["'self'"]);
    expect(directive(https.directives, 'form-action')).toEqual(["'self'"]);
    const local = contentSecurityPolicy(readConfig({ SITE_URL: 'http://localhost:4321' }));
    expect(directive(local.directives, 'connect-src')).toEqual(["'self'", 'http://localhost:4040']);
  });

  it('allows sonner’s stylesheet, the very text its browser bundle inserts', () => {
    const css = sonnerInjectedCss();
    expect(css).toMatch(/^\[data-sonner-toaster\]/);
    expect(readFileSync('node_modules/sonner/dist/index.mjs', 'utf8')).toContain(
      `__insertCSS(${JSON.stringify(css)})`,
    );
    expect(policy.styleDirective?.hashes).toEqual([sha256(''), sha256(css)]);
  });

  it('knows every inline script of the site (an unknown one would be refused by browsers)', () => {
    const astroFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory()
          ? astroFiles(path)
          : path.endsWith('.astro')
            ? [path]
            : [];
      });
    // A script with a `src` is a file of our own origin ('self'), not inline code, however Astro is told to leave it.
    const inline = astroFiles('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<script\b[^>]*\bis:inline\b[^>]*>/g)]
        .filter((m) => !/\ssrc=/.test(m[0]))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(inline.sort()).toEqual([
      'src/components/consent/ConsentHead.astro: <script is:inline set:html={consentHeadScript} />',
      'src/components/home/Reviews.astro: <script is:inline set:html={reviewsShuffleScript} />',
    ]);
    expect(Object.values(inlineScripts).sort()).toEqual(
      [consentHeadScript, reviewsShuffleScript].sort(),
    );
  });
});

describe('cspMetaFirst', () => {
  const meta = `<meta http-equiv="content-security-policy" content="script-src 'self'">`;

  it('moves the policy right after <meta charset>, before any script', () => {
    const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title><script>go()</script>${meta}</head><body></body></html>`;
    expect(cspMetaFirst(html)).toBe(
      `<!DOCTYPE html><html><head><meta charset="utf-8">${meta}<title>x</title><script>go()</script></head><body></body></html>`,
    );
  });

  it('leaves a page without a policy (or without a charset) as it is', () => {
    const plain = '<html><head><meta charset="utf-8"><title>x</title></head></html>';
    expect(cspMetaFirst(plain)).toBe(plain);
    const noCharset = `<html><head>${meta}</head></html>`;
    expect(cspMetaFirst(noCharset)).toBe(noCharset);
  });
});

describe("each page's policy lists only its own hashes", () => {
  const hash = (text: string) =>
    `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
  const page = (hashes: string[]) =>
    `<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="script-src 'self' ${hashes.map((h) => `'${h}'`).join(' ')};"><style>p{color:red}</style>` +
    `<script type="application/json" id="x">{"a":1}</script></head><body><script>run()</script><script src="/a.js"></script></body></html>`;

  it("keeps the hashes of the page's inline scripts and styles and the configured ones, drops the others", () => {
    const [style, script, otherPage, json, configured] = [
      hash('p{color:red}'),
      hash('run()'),
      hash('elsewhere()'),
      hash('{"a":1}'),
      hash('sonner'),
    ];
    const result = pageOwnHashes(page([style, script, otherPage, json, configured]), [configured]);
    const meta = /content-security-policy" content="([^"]*)"/.exec(result)?.[1] ?? '';
    expect(meta).toContain(style);
    expect(meta).toContain(script);
    expect(meta).toContain(configured);
    expect(meta).not.toContain(otherPage);
    expect(meta).not.toContain(json); // data blocks are not run: their hash allows nothing
  });
});

describe('the page head put right, on the page as bytes', () => {
  const island = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
  // Non-ASCII text in an inline script and in the body: its hash is that of its UTF-8 bytes.
  const script = 'show("Réservez — ¡ya!")';
  const policy = (hashes: string[]) =>
    `<meta http-equiv="content-security-policy" content="script-src 'self' ${hashes.map((h) => `'${h}'`).join(' ')};">`;
  const page = (hashes: string[]) =>
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Pistes enneigées</title>${policy(hashes)}</head>` +
    `<body><p>Forfait journée</p>${island}<script>${script}</script></body></html>`;

  it('moves the island style into <head> and the policy first, keeps this page’s hashes, and leaves every other byte as it was', () => {
    const [own, other] = [sha256(script), sha256('elsewhere()')];
    const moved = headInPlace(new TextEncoder().encode(page([own, other])), []);
    expect(new TextDecoder().decode(moved)).toBe(
      `<!DOCTYPE html><html><head><meta charset="utf-8">${policy([own])}<title>Pistes enneigées</title>${island}</head>` +
        `<body><p>Forfait journée</p><script>${script}</script></body></html>`,
    );
  });

  it('leaves a page with nothing to move alone', () => {
    const plain = '<html><head><meta charset="utf-8"><title>Été</title></head><body></body></html>';
    expect(headInPlace(new TextEncoder().encode(plain), [])).toBeUndefined();
  });
});

describe('the build’s guard against http: origins in the policy of an https site', () => {
  it('stops on one set explicitly, naming the variable', () => {
    const { verdict, message } = policyOriginsVerdict({
      SITE_URL: 'https://www.pistelink.com',
      CHAT_GRAPHQL_URL: 'http://chat.pistelink.com/graphql',
    });
    expect(verdict).toBe('refuse');
    expect(message).toContain('CHAT_GRAPHQL_URL: http://chat.pistelink.com');
  });

  it('warns in a box about a default left out of the policy (the chat API’s localhost)', () => {
    const { verdict, message } = policyOriginsVerdict({ SITE_URL: 'https://www.pistelink.com' });
    expect(verdict).toBe('warn');
    expect(message).toMatch(/^┌/);
    expect(message).toContain('CHAT_GRAPHQL_URL: http://localhost:4040');
  });

  it('says nothing when every origin is https, or the site itself is local', () => {
    expect(
      policyOriginsVerdict({
        SITE_URL: 'https://www.pistelink.com',
        CHAT_GRAPHQL_URL: 'https://chat.pistelink.com/graphql',
      }).verdict,
    ).toBe('ok');
    expect(policyOriginsVerdict({ SITE_URL: 'http://localhost:4321' }).verdict).toBe('ok');
  });
});
