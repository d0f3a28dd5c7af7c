/**
 * The page a browser without JavaScript gets when it posts one of our forms from another site
 * (403: the receiver accepts its own origin and the configured ones only). A visitor sent here by
 * a copy of our form on another site reads why, in their language, and finds the form on our site;
 * a JavaScript client gets the JSON answer instead (receiver.ts).
 *
 * A standalone page (no layout, no script, no style): it is an answer of the receiver, not one of
 * the built pages, and must read the same under any policy.
 */
import { config } from '../../config';
import { isLocale, type Locale } from '../../i18n/locales';
import { negotiateLocale } from '../../i18n/negotiate';
import { pathTo, type PageId } from '../../i18n/routes';
import { useTranslations } from '../../i18n/translate';
import { forms } from '../all';
import { escapeHtml } from '../../lib/escape-html';

/** The page of each form that has one (its definition's `page`); else the home page. */
const formPages: Partial<Record<string, PageId>> = Object.fromEntries(
  forms.flatMap((form) => ('page' in form ? [[form.name, form.page]] : [])),
);

export type RefusedPost = {
  /** The post's `form-name` and `locale` fields, when its body was small enough to read. */
  formName?: string | null;
  locale?: string | null;
  acceptLanguage?: string | null;
};

/** The page's HTML: the form's own locale when it said, else the browser's languages. */
export function refusedOriginPage({ formName, locale, acceptLanguage }: RefusedPost): string {
  const language: Locale = isLocale(locale) ? locale : negotiateLocale(acceptLanguage);
  const t = useTranslations(language);
  const page = (formName && formPages[formName]) || 'home';
  const link = new URL(pathTo(page, language), config.siteUrl).href;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('forms.refusedOrigin.title'))}</title>
</head>
<body>
<main>
<h1>${escapeHtml(t('forms.refusedOrigin.title'))}</h1>
<p>${escapeHtml(t('forms.refusedOrigin.explanation'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('forms.refusedOrigin.link'))}</a></p>
</main>
</body>
</html>
`;
}
