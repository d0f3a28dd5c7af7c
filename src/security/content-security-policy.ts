/**
 * The page's Content Security Policy: Astro's `security.csp` (astro.config.mjs) writes it into
 * every page as a `<meta http-equiv="content-security-policy">`, with `script-src` and
 * `style-src` listing the hashes of that page's own inline scripts and styles. A meta policy works
 * on any host; what it cannot carry (`frame-ancestors`) is in the header policy (headers.ts).
 * docs/security.md explains each directive and how to allow a new third-party host.
 *
 * Scripts: only the site's own files (`'self'`) and hashed inline scripts, never `'unsafe-inline'`
 * or `'unsafe-eval'`. Astro hashes the scripts it generates; the two inline scripts written as
 * `is:inline` are hashed here from the very strings the pages print, so they cannot drift.
 *
 * Analytics: after tracking consent, the Google tags run in Partytown's web worker, which gets its
 * script from Partytown's service worker through a same-origin iframe (`/~partytown/`). That
 * iframe and its worker are documents of their own, served by the service worker without a
 * policy, so the tags' code (run there with `new Function`) and their requests are not this
 * page's: the page only has to allow the iframe, the service worker, and what the tags put into
 * the page itself (images).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AstroUserConfig } from 'astro';
import { consentHeadScript } from '../consent/head-script';
import { reviewsShuffleScript } from '../lib/reviews-shuffle';
import type { SiteConfig } from '../config';
import { documentRestrictions } from './headers';

type CspOptions = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspHash = `sha256-${string}`;

/** Hash of a script or style as CSP writes it (`sha256-` + base64); the text exactly as served. */
export function cspHash(text: string): CspHash {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * Every `is:inline` script of the site, as the text the page prints (`set:html`). Astro does not
 * hash these; a new inline script must be added here or the browser refuses to run it (the
 * end-to-end tests fail on any policy violation). JSON data blocks (`type="application/json"`,
 * `application/ld+json`) are not run and need nothing.
 */
export const inlineScripts = {
  /** Consent's head script, the same text on every page (src/consent/head-script.ts). */
  consentHead: consentHeadScript,
  /** The home page's review shuffle (src/components/home/Reviews.astro). */
  reviewsShuffle: reviewsShuffleScript,
} as const;

/**
 * The stylesheet sonner (the toasts) adds as a `<style>` element when it loads. It is one constant
 * string in sonner's bundle, read from the installed package so that an upgrade brings its hash
 * along; if sonner stops shipping it this way, the build fails here rather than the toasts
 * losing their styles in production.
 */
export function sonnerInjectedCss(): string {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
  const literal = bundle.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  if (!literal)
    throw new Error(
      'sonner no longer injects its stylesheet with __insertCSS("…"): update sonnerInjectedCss() in src/security/content-security-policy.ts',
    );
  return JSON.parse(literal) as string;
}

/** The origin (scheme://host:port) of an absolute URL; undefined for a path on this site. */
function originOf(url: string, site: URL): string | undefined {
  const origin = new URL(url, site).origin;
  return origin === site.origin ? undefined : origin;
}

/** The other origins the page policy names, with the variable that sets each. */
export function policyOrigins(config: PolicyConfig) {
  return [
    { variable: 'CHAT_GRAPHQL_URL', origin: originOf(config.chatGraphqlUrl, config.siteUrl) },
    { variable: 'FORMS_ENDPOINT', origin: originOf(config.formsEndpoint, config.siteUrl) },
  ].filter((named): named is { variable: string; origin: string } => Boolean(named.origin));
}

/**
 * Whether a page of the site can use an origin at all: a page served over https cannot reach an
 * `http:` one (browsers block mixed content), so its policy never names one (the HTTP Observatory
 * marks an `http:` source down). The build refuses such a setting, or warns when it is a default
 * (src/integrations/policy-origins-guard.ts).
 */
export const reachableFrom = (site: URL, origin: string) =>
  !(site.protocol === 'https:' && origin.startsWith('http:'));

const sources = (...list: (string | undefined)[]) =>
  [...new Set(list.filter((s): s is string => Boolean(s)))].join(' ');

/**
 * Hosts of the Google tags (Google's own CSP guide for GA4 and the tag manager). Only images go
 * through the page: a tag's pixel added to the document by Partytown lands in this page, while
 * the tags' scripts and requests run in Partytown's worker (see above).
 */
const googleTagImageHosts = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

export type PolicyConfig = Pick<SiteConfig, 'siteUrl' | 'chatGraphqlUrl' | 'formsEndpoint'>;

/**
 * The hashes we give Astro, beyond those it computes for the page: our inline scripts, and the
 * stylesheet sonner adds at run time, first empty then filled (the browser checks it both times;
 * an empty stylesheet is harmless).
 */
export function configuredHashes(): { scripts: CspHash[]; styles: CspHash[] } {
  return {
    scripts: Object.values(inlineScripts).map(cspHash),
    styles: [cspHash(''), cspHash(sonnerInjectedCss())],
  };
}

/** The `security.csp` value for astro.config.mjs, from the site's configuration. */
export function contentSecurityPolicy(config: PolicyConfig): CspOptions {
  const hashes = configuredHashes();
  const named = (variable: string) =>
    policyOrigins(config).find(
      (entry) => entry.variable === variable && reachableFrom(config.siteUrl, entry.origin),
    )?.origin;
  const formsOrigin = named('FORMS_ENDPOINT');
  return {
    algorithm: 'SHA-256',
    directives: [
      // Anything not named below: this site only.
      "default-src 'self'",
      // fetch(): the site's own routes (the form receiver, the live resort conditions' relay),
      // the chat API, and the form receiver if it lives on another host (FORMS_ENDPOINT). The
      // marketplace backend is not named: the Node server asks it, pages never do.
      `connect-src ${sources("'self'", named('CHAT_GRAPHQL_URL'), formsOrigin)}`,
      // The site's own images (favicon, pictures) and the Google tags' pixels (see above).
      `img-src ${sources("'self'", ...googleTagImageHosts)}`,
      // Partytown's sandbox iframe and its service worker, both under /~partytown/ on this site.
      "frame-src 'self'",
      "worker-src 'self'",
      // Where forms may be sent without JavaScript (not covered by default-src).
      `form-action ${sources("'self'", formsOrigin)}`,
      ...documentRestrictions,
    ],
    scriptDirective: { hashes: hashes.scripts },
    // Astro hashes the page's own `<style>` elements. Style attributes need nothing: React sets
    // them through the DOM, which CSP does not restrict.
    styleDirective: { hashes: hashes.styles },
  };
}
