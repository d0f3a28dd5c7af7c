/**
 * A build without SITE_URL would publish `http://localhost:4321` in every canonical, hreflang,
 * Open Graph and sitemap URL. This says so loudly on a developer's machine (at the start and again
 * at the end of the build, where it is seen) and stops a build under CI (src/config.ts,
 * `siteUrlVerdict`; docs/configuration.md).
 */
import type { AstroIntegration } from 'astro';
import { LOCAL_SITE_URL, siteUrlVerdict } from '../config';
import { boxed } from './boxed';

export const siteUrlRefusal = [
  'SITE_URL is not set, and this build runs under CI: it would be deployed.',
  `Every canonical, hreflang, Open Graph and sitemap URL would be ${LOCAL_SITE_URL}.`,
  'Set SITE_URL to the public origin of the site (e.g. SITE_URL=https://www.example.com).',
  `A test build that means it sets SITE_URL=${LOCAL_SITE_URL} explicitly.`,
].join('\n');

const warningLines = [
  `SITE_URL is not set: the pages name ${LOCAL_SITE_URL} as their address`,
  '(canonical, hreflang, Open Graph, sitemap). Fine on this machine; set it',
  'for a deployment. A build under CI (CI=true) stops without it.',
];
export const siteUrlWarning = boxed(warningLines);

/** Stops (throws) or warns as `siteUrlVerdict` says; nothing when SITE_URL is set. */
export function enforceSiteUrl(
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): void {
  const verdict = siteUrlVerdict(env);
  if (verdict === 'refuse') throw new Error(siteUrlRefusal);
  if (verdict === 'warn') warn(`\n${siteUrlWarning}`);
}

export function siteUrlGuard(
  env: Record<string, string | undefined> = process.env,
): AstroIntegration {
  return {
    name: 'site-url-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command === 'build') enforceSiteUrl(env, (message) => logger.warn(message));
      },
      // Said again once the build's long log is over, where it is seen.
      'astro:build:done': ({ logger }) => {
        if (siteUrlVerdict(env) === 'warn') logger.warn(`\n${siteUrlWarning}`);
      },
    },
  };
}
