/**
 * The lesson search without JavaScript: the home page's search form is a plain GET form to here,
 * and this sends the visitor on to the chosen resort's ski or snowboard lessons page with the
 * search in the query, as the island does in the browser. A resort it cannot find sends them to
 * the resorts page to pick one. (With JavaScript the island goes to the resort page itself and
 * this is never asked.) Served on demand by `npm start`, like the form receiver.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { defaultLocale, isLocale } from '../../i18n/locales';
import { pathTo } from '../../i18n/routes';
import { draftFromQuery, draftToQuery, findResort } from '../../lessons/search';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const asked = url.searchParams.get('locale');
  const locale = isLocale(asked) ? asked : defaultLocale;
  const resorts = (await getCollection('resorts')).map((r) => ({
    id: r.id,
    name: r.data.name,
    aliases: r.data.aliases,
  }));
  const draft = draftFromQuery(url.searchParams, locale, resorts);
  const resort = findResort(draft.where, resorts);
  const to = (location: string) =>
    new Response(null, { status: 303, headers: { Location: location } });
  if (!resort) return to(pathTo('resorts', locale));
  const page = draft.sport === 'snowboard' ? 'resortSnowboardLessons' : 'resortSkiLessons';
  return to(
    `${pathTo(page, locale, { resort: resort.id })}?${draftToQuery(draft, resorts)}#your-search`,
  );
};
