/**
 * The Node server sets the security and caching headers on every response itself (server.mjs). A
 * static host runs no server code, so the build also writes a `_headers` file (the format Netlify
 * and Cloudflare Pages read) with the same headers, from the same modules: the security headers
 * for every path, and the long-lived caching of hashed and stable files (src/server/caching.ts).
 * Pages get no Cache-Control line: both hosts already revalidate HTML on every use with ETags of
 * their content, and a second `/*` rule would be joined to the first into one confused header.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtPagePolicies, headerPolicyFor } from '../security/header-policy';
import { securityHeaders } from '../security/headers';
import { cacheRules } from '../server/caching';

/** `_headers` for a build whose header Content Security Policy is `policy` (header-policy.ts). */
export function staticHostHeadersFile(policy: string): string {
  const lines = [
    "# Written by the build from src/security/headers.ts, the pages' policies (src/security/header-policy.ts) and src/server/caching.ts. Static hosts only: the Node server sets these itself.",
    '/*',
    `  Content-Security-Policy: ${policy}`,
    ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
    ...cacheRules.flatMap(({ path, cacheControl }) => [path, `  Cache-Control: ${cacheControl}`]),
  ];
  return `${lines.join('\n')}\n`;
}

export function staticHostHeaders(): AstroIntegration {
  return {
    name: 'static-host-headers',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const policy = headerPolicyFor(builtPagePolicies(fileURLToPath(dir)));
        await writeFile(new URL('_headers', dir), staticHostHeadersFile(policy));
      },
    },
  };
}
