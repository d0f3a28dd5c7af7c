/**
 * The Node server sets the security headers on every response itself (server.mjs). A static host
 * runs no server code, so the build also writes a `_headers` file (the format Netlify and
 * Cloudflare Pages read) with the same headers for every path, from the same module.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from '../security/headers';

export function staticHostHeadersFile(): string {
  const lines = [
    '# Written by the build from src/security/headers.ts. Static hosts only: the Node server sets these itself.',
    '/*',
    ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
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
