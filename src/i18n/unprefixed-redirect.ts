import type { APIRoute } from 'astro';
import { unprefixedRedirects } from './routes';

/** A 301 from an unprefixed address to the page the route table gives it, keeping the query. */
export function unprefixedRedirect(from: keyof typeof unprefixedRedirects & string): APIRoute {
  const to = unprefixedRedirects[from];
  if (!to) throw new Error(`No redirect is declared for ${from} in routes.ts`);
  return ({ url }) => new Response(null, { status: 301, headers: { Location: to + url.search } });
}
