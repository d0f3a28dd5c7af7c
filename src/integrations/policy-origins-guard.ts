/**
 * No `http:` origin in the policies of a site served over https (its SITE_URL): such a page cannot
 * reach it (browsers block mixed content) and the HTTP Observatory marks the policy down for it.
 * The policy leaves it out (src/security/content-security-policy.ts); the build says so:
 * - set explicitly (CHAT_GRAPHQL_URL=http://…, FORMS_ENDPOINT=http://…): it stops, a mistake;
 * - a default (CHAT_GRAPHQL_URL unset, `http://localhost:4040/graphql`): it warns in a box, at the
 *   start and the end of the build, as for SITE_URL (site-url-guard.ts).
 * A site on http (this machine, the test builds) keeps its local origins.
 */
import type { AstroIntegration } from 'astro';
import { readConfig } from '../config';
import { policyOrigins, reachableFrom } from '../security/content-security-policy';
import { boxed } from './boxed';

export function policyOriginsVerdict(env: Record<string, string | undefined>) {
  const config = readConfig(env);
  const unreachable = policyOrigins(config).filter(
    ({ origin }) => !reachableFrom(config.siteUrl, origin),
  );
  const explicit = unreachable.filter(({ variable }) => (env[variable] ?? '').trim() !== '');
  const lines = (list: typeof unreachable) =>
    list.map(({ variable, origin }) => `${variable}: ${origin}`);
  if (explicit.length > 0)
    return {
      verdict: 'refuse' as const,
      message: [
        `SITE_URL is ${config.siteUrl.origin}: its pages cannot reach an http: origin`,
        '(browsers block mixed content), yet these are set to one:',
        ...lines(explicit),
        'Set them to https URLs.',
      ].join('\n'),
    };
  if (unreachable.length > 0)
    return {
      verdict: 'warn' as const,
      message: boxed([
        `SITE_URL is ${config.siteUrl.origin}, and these are not set: their defaults`,
        'are http: origins, which its pages cannot reach (mixed content). They are',
        'left out of the Content Security Policy: set them to https URLs if used.',
        ...lines(unreachable),
      ]),
    };
  return { verdict: 'ok' as const, message: '' };
}

export function policyOriginsGuard(
  env: Record<string, string | undefined> = process.env,
): AstroIntegration {
  return {
    name: 'policy-origins-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        const { verdict, message } = policyOriginsVerdict(env);
        if (verdict === 'refuse') throw new Error(message);
        if (verdict === 'warn') logger.warn(`\n${message}`);
      },
      // Said again once the build's long log is over, where it is seen.
      'astro:build:done': ({ logger }) => {
        const { verdict, message } = policyOriginsVerdict(env);
        if (verdict === 'warn') logger.warn(`\n${message}`);
      },
    },
  };
}
