/**
 * The Node server answers `/`, the unprefixed addresses and unknown paths itself (on-demand routes).
 * A static host has no server code, so the build also writes a `_redirects` file (the format
 * Netlify and Cloudflare Pages read) that says the same thing from the same tables.
 *
 * Unknown paths: Netlify follows the `404` lines (its rule for a page per language). Cloudflare
 * Pages accepts no `404` status in `_redirects` (it warns and skips those lines) and serves instead
 * the nearest `404.html` up the path: `/fr/…` → `fr/404.html`, already built for every locale. For
 * a path outside the locales both use `404.html` at the root, a copy of the default locale's.
 */
import { copyFile, writeFile } from 'node:fs/promises';
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
        await copyFile(new URL(`${defaultLocale}/404.html`, dir), new URL('404.html', dir));
      },
    },
  };
}
