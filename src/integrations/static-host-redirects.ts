/**
 * The Node server answers `/`, the unprefixed addresses and unknown paths itself (on-demand routes).
 * A static host has no server code, so the build also writes a `_redirects` file (the format
 * Netlify and Cloudflare Pages read) that says the same thing from the same tables.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { allLocales, defaultLocale } from '../i18n/locales';
import { pathTo, unprefixedRedirects } from '../i18n/routes';

export function staticHostRedirectsFile(): string {
  const lines = [
    '# Written by the build from src/i18n/routes.ts. Static hosts only: the Node server does this itself.',
    `/ ${pathTo('home', defaultLocale)} 302`,
    ...Object.entries(unprefixedRedirects).map(([from, to]) => `${from} ${to} 301`),
    ...allLocales.map((locale) => `/${locale}/* /${locale}/404 404`),
    `/* /${defaultLocale}/404 404`,
  ];
  return `${lines.join('\n')}\n`;
}

export function staticHostRedirects(): AstroIntegration {
  return {
    name: 'static-host-redirects',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('_redirects', dir), staticHostRedirectsFile());
      },
    },
  };
}
