/**
 * The texts the footer's newsletter dialog shows once its form is enhanced (newsletter-form.ts),
 * one file per language, built with the pages: fetched on the dialog's first opening rather than
 * carried in every page's first response.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { newsletterTexts } from '../../components/forms/strings';
import { allLocales, type Locale } from '../../i18n/locales';

export const getStaticPaths = (() =>
  allLocales.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(newsletterTexts(params.locale as Locale)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
