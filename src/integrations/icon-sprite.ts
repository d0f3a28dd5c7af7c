/**
 * The icons further down a page, drawn from a cached file instead of inline. Every Icon
 * (src/components/Icon.astro) is written inline: nothing to download, nothing to wait for. But a
 * page's first response must fit in a new connection's first round trip (docs/performance.md),
 * and the icons below its first screen (the home page's cards and sports, the footer's marks)
 * are 0.3–0.8 KB of its brotli, their paths being all different. What is below the first screen
 * is hidden until the whole stylesheet applies (src/integrations/critical-css.ts), which comes in
 * the second round trip; the icons there can come in it too, from one small file asked for as
 * the page is parsed (`<use href="/_astro/icons.<hash>.svg#i0">`, cached a year, shared by
 * every page with the same icons down there). The icons of the first screen stay inline: they
 * are on screen before anything else arrives.
 *
 * An icon here is what Icon writes: an `<svg viewBox="0 0 24 24">` holding one `<path>` with no
 * class or scope of its own (no page style reaches into it). Its `<svg>` keeps its size, class
 * and stroke (which the path inherits through `<use>`), so its box is the same and nothing moves.
 * Islands are left alone (React hydrates the markup it rendered), as are `<template>`s.
 */
import { builtAssetName } from './rewrite-built-pages';

const ICON =
  /(<svg\b[^>]*\sviewBox="0 0 24 24"[^>]*>)(<path\b(?![^>]*\s(?:class|data-astro-cid-[\w-]+)[=\s>])[^>]*>)<\/path><\/svg>/g;

/** Where the markup an icon may not be rewritten in starts, and its end. */
const UNTOUCHED = /<astro-island\b|<template\b/g;
const endOf = (tag: string) => (tag === '<astro-island' ? '</astro-island>' : '</template>');

/**
 * The page with the icons after `from` (an index into `html`, where what is further down
 * starts) drawn from a sprite file, and that file; undefined when there are none.
 */
export function iconsBelowFromSprite(
  html: string,
  from: number,
  assetsBase = '/_astro/',
): { html: string; file: { name: string; svg: string } } | undefined {
  // The parts of the tail that may be rewritten, between islands and templates.
  const pieces: { text: string; free: boolean }[] = [];
  let at = from;
  UNTOUCHED.lastIndex = from;
  for (let match; (match = UNTOUCHED.exec(html));) {
    const close = html.indexOf(endOf(match[0]), match.index);
    const end = close === -1 ? html.length : close + endOf(match[0]).length;
    pieces.push({ text: html.slice(at, match.index), free: true });
    pieces.push({ text: html.slice(match.index, end), free: false });
    at = end;
    UNTOUCHED.lastIndex = end;
  }
  pieces.push({ text: html.slice(at), free: true });

  const symbols = new Map<string, string>();
  const idOf = (path: string) => {
    let id = symbols.get(path);
    if (id === undefined) symbols.set(path, (id = `i${symbols.size}`));
    return id;
  };
  // The file's name depends on its symbols, known once every icon is read: a placeholder first.
  const HREF = '\u0000sprite\u0000';
  const tail = pieces
    .map(({ text, free }) =>
      free
        ? text.replace(
            ICON,
            (_, svg: string, path: string) =>
              `${svg}<use href="${HREF}#${idOf(path)}"></use></svg>`,
          )
        : text,
    )
    .join('');
  if (symbols.size === 0) return undefined;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg">' +
    [...symbols]
      .map(([path, id]) => `<symbol id="${id}" viewBox="0 0 24 24">${path}</path></symbol>`)
      .join('') +
    '</svg>\n';
  const name = builtAssetName('icons', svg, 'svg');
  return {
    html: html.slice(0, from) + tail.replaceAll(HREF, `${assetsBase}${name}`),
    file: { name, svg },
  };
}
