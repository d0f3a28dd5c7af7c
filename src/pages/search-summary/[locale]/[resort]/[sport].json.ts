/**
 * The booking box's data of each resort lessons page (src/components/search/summary-data.ts),
 * one file per page, built with the pages.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { searchSummaryData, type LessonSport } from '../../../../components/search/summary-data';
import { contentSitePages } from '../../../../content/site-content';
import { allLocales, type Locale } from '../../../../i18n/locales';
import { resortFor } from '../../../../resorts/load';

const sportOf = { resortSkiLessons: 'ski', resortSnowboardLessons: 'snowboard' } as const;

export const getStaticPaths = (async () => {
  const pages = await contentSitePages();
  return allLocales.flatMap((locale) =>
    pages.flatMap(({ page, params }) =>
      page in sportOf && params.resort
        ? [
            {
              params: {
                locale,
                resort: params.resort,
                sport: sportOf[page as keyof typeof sportOf],
              },
            },
          ]
        : [],
    ),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const resort = await resortFor(params);
  const data = searchSummaryData(params.locale as Locale, params.sport as LessonSport, resort);
  return new Response(JSON.stringify(data), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
