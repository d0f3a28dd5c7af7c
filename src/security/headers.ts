/**
 * The security headers every response carries, in one place for both ways the site is served:
 * the Node server (server.mjs) sets them on every response it sends, and the build writes them
 * into `_headers` for static hosts (src/integrations/static-host-headers.ts). docs/security.md
 * says what each is for.
 *
 * The page's main Content Security Policy is not here: it is a `<meta>` element Astro writes into
 * every page with the hashes of that page's scripts and styles (src/security/content-security-policy.ts).
 * The header policy is made of the built pages' policies (header-policy.ts), plus what a `<meta>`
 * policy cannot carry (`frame-ancestors`, below); a browser enforces both policies, so a request
 * must pass each.
 */

/**
 * Restrictions on the document itself, in both policies (the header one and the page's `<meta>`),
 * so that a static host that ignores `_headers` still applies them:
 * - `object-src 'none'`: no plugins (`<object>`, `<embed>`), an old way around script-src.
 * - `base-uri 'self'`: an injected `<base href>` cannot point the page's relative URLs (scripts
 *   included) at another host.
 */
export const documentRestrictions = ["object-src 'none'", "base-uri 'self'"] as const;

/**
 * What only a header policy can carry: all that a built page, whose `<meta>` policy has the rest,
 * needs in its header (src/server/built-files.ts). `frame-ancestors 'self'`: only the site may
 * frame its pages (against clickjacking). Not `'none'`: Partytown, after tracking consent, runs in
 * a same-origin iframe (`/~partytown/`).
 */
export const headerOnlyDirectives = ["frame-ancestors 'self'"] as const;

/**
 * The header-only directives and the document restrictions: added to a policy of the response's
 * own (the 404 page's), and all of the header policy of a build without pages.
 */
export const headerContentSecurityPolicy = [...headerOnlyDirectives, ...documentRestrictions].join(
  '; ',
);

/** HSTS lifetime: one year, the usual minimum for a long-lived HTTPS site (and for preload lists). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Features a page could ask the browser for and that the site never uses: switched off for the
 * site and anything it embeds (a tag included), so no script can prompt the visitor for them.
 */
const unusedFeatures = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
] as const;

/** The headers of every response, but the Content Security Policy (of a build: header-policy.ts). */
export const securityHeaders = {
  // Browsers go straight to HTTPS for a year (and for subdomains); ignored over plain HTTP, so
  // local servers are unaffected. Not `preload`: joining the browsers' list is a deliberate step.
  'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  // Files are run or rendered as their Content-Type says, never sniffed into something else.
  'X-Content-Type-Options': 'nosniff',
  // Other sites see our origin, never a page's path and query (a lesson search, a campaign).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': unusedFeatures.map((feature) => `${feature}=()`).join(', '),
  // No X-Frame-Options: every browser of the support target (.browserslistrc) obeys the policy's
  // `frame-ancestors`, which overrides it; its 33 bytes were the instructors page's last ones in
  // a first round trip.
  // A window another site opens (or that opens one) shares no browsing context group with ours:
  // no `window.opener` either way, and no cross-window leaks (Spectre-class reads).
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Our files are for our pages only: another site cannot embed them as a script, an image or a
  // style (no-cors requests). The forms' posts from a static host are CORS requests, unaffected.
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const satisfies Record<string, string>;

export type SecurityHeaderName = keyof typeof securityHeaders;

/** What `addSecurityHeaders` needs of a Node response (`http.ServerResponse`). */
type HeaderTarget = {
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: string | string[]): unknown;
};

/**
 * Sets the security headers on a response about to be sent (server.mjs), with `policy` (the
 * build's header policy, header-policy.ts) as its Content Security Policy. A policy the response
 * already has (Astro's, on the 404 page rendered on demand) is kept instead, and the header-only
 * directives it lacks (`frame-ancestors`) are added to it: one header, one complete policy with
 * its `default-src`. Should it set one of those differently, ours is sent as a second policy
 * instead: the browser enforces both, so neither loosens the other.
 *
 * An HTML answer without a charset (Astro's 404) gets `charset=utf-8`, so no browser guesses it.
 */
export function addSecurityHeaders(
  response: HeaderTarget,
  policy: string = headerContentSecurityPolicy,
): void {
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  const existing = response.getHeader('Content-Security-Policy');
  response.setHeader(
    'Content-Security-Policy',
    existing === undefined ? policy : withHeaderPolicy([existing].flat().map(String)),
  );
  const type = response.getHeader('content-type');
  if (typeof type === 'string' && /^text\/html\s*$/i.test(type))
    response.setHeader('content-type', 'text/html; charset=utf-8');
}

const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => [directive.split(/\s+/)[0]!.toLowerCase(), directive] as const),
  );

/** A response's policies with ours added (see addSecurityHeaders). */
function withHeaderPolicy(policies: string[]): string | string[] {
  if (policies.includes(headerContentSecurityPolicy))
    return policies.length === 1 ? policies[0]! : policies;
  if (policies.length !== 1) return [...policies, headerContentSecurityPolicy];
  const page = policies[0]!;
  const present = directivesOf(page);
  const missing: string[] = [];
  for (const [directiveName, directive] of directivesOf(headerContentSecurityPolicy)) {
    const theirs = present.get(directiveName);
    if (theirs === undefined) missing.push(directive);
    else if (theirs.replace(/\s+/g, ' ') !== directive) return [page, headerContentSecurityPolicy];
  }
  return missing.length ? `${page.replace(/;\s*$/, '')}; ${missing.join('; ')}` : page;
}
