/**
 * The long-form pages written in markdown (`content/articles/<locale>/<slug>.md`): policies and the
 * COVID-19 note. A locale without its own text shows the English one, marked as English.
 *
 * Markdown cannot call `pathTo`, so articles link to site pages as `[text](page:preferences)`;
 * `resolvePageLinks` turns those into the locale's path and fails the build on an unknown page.
 */
import type { MarkdownHeading } from 'astro';
import { getCollection } from 'astro:content';
import { defaultLocale, type Locale } from '../i18n/locales';
import { pathTo, routes, type PageId } from '../i18n/routes';
import { foldAccents } from '../lib/slug';

const PAGE_LINK = /href="page:([^"#]*)(#[^"]*)?"/g;

export function resolvePageLinks(html: string, locale: Locale, file: string): string {
  return html.replace(PAGE_LINK, (_, page: string, hash = '') => {
    if (!Object.hasOwn(routes, page)) throw new Error(`${file}: link to unknown page "page:${page}"`);
    return `href="${pathTo(page as PageId, locale)}${hash}"`;
  });
}

/**
 * Heading anchors without accents (`#quienes-somos`, not `#quiénes-somos`): they survive being
 * pasted into an email or chat without percent-encoding, and equal the text people would type.
 */
const asciiAnchor = foldAccents;

function withAsciiAnchors(html: string, headings: readonly MarkdownHeading[]): string {
  return headings.reduce((out, h) => out.replace(`id="${h.slug}"`, `id="${asciiAnchor(h.slug)}"`), html);
}

export type Article = {
  /** The language the text is written in: the page's locale, or English when it has none yet. */
  lang: Locale;
  fallback: boolean;
  html: string;
  /** Second-level headings, for the table of contents. */
  sections: { id: string; text: string }[];
  updated?: Date;
};

export async function loadArticle(slug: string, locale: Locale): Promise<Article> {
  // Looked up in the collection rather than with getEntry, which warns about every missing locale.
  const versions = await getCollection('articles', (e) => e.id.endsWith(`/${slug}`));
  const own = versions.find((e) => e.id === `${locale}/${slug}`);
  const entry = own ?? versions.find((e) => e.id === `${defaultLocale}/${slug}`);
  if (!entry?.rendered) throw new Error(`content/articles/${defaultLocale}/${slug}.md is missing`);
  const lang = own ? locale : defaultLocale;
  const headings = (entry.rendered.metadata?.headings ?? []) as MarkdownHeading[];
  return {
    lang,
    fallback: !own,
    html: resolvePageLinks(withAsciiAnchors(entry.rendered.html, headings), locale, `content/articles/${lang}/${slug}.md`),
    sections: headings.filter((h) => h.depth === 2).map((h) => ({ id: asciiAnchor(h.slug), text: h.text })),
    updated: entry.data.updated,
  };
}
