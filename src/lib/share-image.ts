/**
 * Share images (Open Graph, 1200×630 PNG): each resort page and job posting in each language has
 * its own, with its heading over the brand's scene, drawn at build time by
 * src/integrations/share-images.ts. Other pages share public/og-image.jpg.
 */
import { Buffer } from 'node:buffer';
import { resortPageIds } from '../i18n/site-pages';
import type { PageId } from '../i18n/routes';

const ownImagePages: readonly PageId[] = [...resortPageIds, 'job'];

export const shareImageSize = { width: 1200, height: 630 } as const;

/** The site's share image (the brand's mark over mountains), for pages without their own. */
export const siteShareImage = '/og-image.jpg';

/** The share image of the page at `path`, site-relative: its own, or the site's. */
export function shareImageOf(page: PageId | undefined, path: string | undefined): string {
  return page && path && ownImagePages.includes(page) ? `/og${path}.png` : siteShareImage;
}

/**
 * The brand's mark as a PNG for other sites (schema.org Organization `logo`: Google wants 112 px or
 * more, and no SVG), drawn from public/favicon.svg by the build (src/integrations/share-images.ts).
 */
export const logoImage = { path: '/logo.png', size: 512 } as const;

/** What a page's share image shows. */
export type ShareCard = { heading: string; lang: string };
/** A page's share image (site-relative) and what it shows. */
export type SharedPage = { image: string; card: ShareCard };

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (entities[name] ?? whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The language of the page's hero section, when it has its own: the first `<section>` tag with
 * the class `hero…` and a `lang`. Each tag is tested alone: one pattern over the whole page,
 * tried at every `<section`, was most of this module's time in a build.
 */
function heroLang(html: string): string | undefined {
  for (let at = html.indexOf('<section'); at !== -1; at = html.indexOf('<section', at + 1)) {
    const end = html.indexOf('>', at);
    const tag = html.slice(at, end === -1 ? html.length : end);
    const lang = /^<section[^>]*class="hero[^"]*"[^>]*\blang="([^"]+)"/.exec(tag)?.[1];
    if (lang !== undefined) return lang;
  }
  return undefined;
}

/**
 * The share image a rendered page asks for, and what it must show; none if it uses the site's.
 * `decode` turns the heading's markup into text: the page may be a Latin-1 reading of its UTF-8
 * bytes (src/lib/page-head.ts), where only the heading needs decoding.
 */
export function cardOf(
  html: string,
  decode: (markup: string) => string = (markup) => markup,
): SharedPage | undefined {
  const image = /<meta property="og:image" content="[^"]*?(\/og\/[^"]+\.png)"/.exec(html)?.[1];
  if (!image) return undefined;
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  const lang = heroLang(html) ?? /<html lang="([^"]+)"/.exec(html)?.[1];
  if (!heading || !lang)
    throw new Error(`share images: ${image}'s page has no heading or language`);
  return { image, card: { heading: textOf(decode(heading)), lang } };
}

// The build's share images (src/integrations/share-images.ts) are listed as the pages are
// rendered, instead of reading every built page again afterwards (5,000 pages: 450 MB, 3.6 s).
// The integration and the prerendered pages' code are two copies of this module: they meet on a
// global, which only a build sets.
const KEY = Symbol.for('pistelink.sharedPages');
const store = globalThis as { [KEY]?: SharedPage[] };

/** Starts listing the rendered pages' share images; returns the list, filled as pages render. */
export function listSharedPages(): SharedPage[] {
  return (store[KEY] = []);
}

/** Adds a rendered page (its bytes as a Latin-1 string) to the list, if a build keeps one. */
export function recordSharedPage(latin1Html: string): void {
  const list = store[KEY];
  if (!list) return;
  const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
  const found = cardOf(latin1Html, utf8);
  // New strings, not slices: a piece of a string cut out by a regular expression keeps the whole
  // page alive in V8 (5,000 pages kept: 400 MB more at the build's peak).
  if (found)
    list.push({ image: utf8(found.image), card: { ...found.card, lang: utf8(found.card.lang) } });
}
