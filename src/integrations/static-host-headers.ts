/**
 * The Node server sets the security and caching headers on every response itself (server.mjs). A
 * static host runs no server code, so the build also writes a `_headers` file (the format Netlify
 * and Cloudflare Pages read) with the same headers, from the same modules: the security headers
 * for every path, and the long-lived caching of hashed and stable files (src/server/caching.ts).
 * Pages get no Cache-Control line: both hosts already revalidate HTML on every use with ETags of
 * their content, and a second `/*` rule would be joined to the first into one confused header.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from '../security/headers';
import { cacheRules } from '../server/caching';

export function staticHostHeadersFile(): string {
  const lines = [
    '# Written by the build from src/security/headers.ts and src/server/caching.ts. Static hosts only: the Node server sets these itself.',
    '/*',
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
        await writeFile(new URL('_headers', dir), staticHostHeadersFile());
      },
    },
  };
}
