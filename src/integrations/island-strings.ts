/**
 * A form island's texts (its `strings` prop: every label, hint, problem and outcome of the form,
 * in the page's language) are most of its props, and its props are written into the page: 0.9 to
 * 1.6 KB of brotli of a form page's first response, for code that only runs once the visitor
 * reaches for the form. After the build, on each island that waits for that interaction
 * (`client:interaction`), they move to a file of their own (`/_astro/strings.<hash>.js`, one per
 * form and language, shared by every page with the same texts, cached a year):
 *
 * - the island names it (`data-strings`), and it joins the chunks the directive asks for at once
 *   on the first interaction (`data-chunks`), so it comes in the same single wave as the island's
 *   code (src/lib/island-chunks.ts);
 * - the directive puts the texts back into the props before Astro reads them
 *   (src/components/islands/interaction-directive.ts), so the island hydrates with exactly the
 *   props it was rendered with (no hydration mismatch).
 *
 * The file holds the texts as Astro serialised them (`[0,{…}]`), so they come back unchanged.
 */
import { escapeHtml } from '../lib/escape-html';
import { builtAssetName } from './rewrite-built-pages';

/**
 * The reverse of `escapeHtml`, which escapes as Astro escapes an attribute's value
 * (astro/dist/runtime/server/escape.js): checked on every island by escaping the result again.
 */
const characters: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&#39;': "'",
  '&quot;': '"',
};
const unescapeAttribute = (text: string) =>
  text.replace(/&(?:amp|lt|gt|#39|quot);/g, (entity) => characters[entity]!);

/**
 * One built page with its interaction islands' texts in files: the new HTML and the files, or
 * undefined when no island has texts to move.
 */
export function externalIslandStrings(
  html: string,
  assetsBase = '/_astro/',
): { html: string; files: { name: string; code: string }[] } | undefined {
  const files: { name: string; code: string }[] = [];
  const page = html.replace(/<astro-island\b[^>]*>/g, (tag) => {
    const attribute = /\sprops="([^"]*)"/.exec(tag);
    if (!/\sclient="interaction"/.test(tag) || !attribute || / data-strings="/.test(tag))
      return tag;
    const props = JSON.parse(unescapeAttribute(attribute[1]!)) as Record<string, unknown>;
    if (escapeHtml(JSON.stringify(props)) !== attribute[1])
      throw new Error("island-strings: an island's props are not escaped as Astro escapes them");
    if (!('strings' in props)) return tag;
    const { strings, ...rest } = props;
    const code = `export default ${JSON.stringify(strings)};\n`;
    const name = builtAssetName('strings', code, 'js');
    files.push({ name, code });
    const named = tag.replace(attribute[0], ` props="${escapeHtml(JSON.stringify(rest))}"`);
    const listed = / data-chunks="/.test(named)
      ? named.replace(
          / data-chunks="([^"]*)"/,
          // First among the chunks: the smallest file, done first, its connection free again
          // for the last chunk where an island has six files of code (HTTP/1.1's six).
          (_, chunks: string) => ` data-chunks="${name} ${chunks}"`,
        )
      : named.replace(/>$/, ` data-chunks="${name}">`);
    return listed.replace(/>$/, ` data-strings="${assetsBase}${name}">`);
  });
  return files.length ? { html: page, files } : undefined;
}
