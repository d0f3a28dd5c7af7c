/**
 * `/` sends each visitor to the home page in their language: the best match between their
 * browser's Accept-Language and the selectable locales, English otherwise.
 */
import type { APIRoute } from 'astro';
import { negotiateLocale } from '../i18n/negotiate';
import { pathTo } from '../i18n/routes';

export const prerender = false;

export const GET: APIRoute = ({ request }) =>
  new Response(null, {
    status: 302,
    headers: {
      Location: pathTo('home', negotiateLocale(request.headers.get('accept-language'))),
      Vary: 'Accept-Language',
      'Cache-Control': 'private, no-cache',
    },
  });
