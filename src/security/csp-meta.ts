/**
 * A `<meta>` Content Security Policy governs only what comes after it in the document. Astro
 * writes its policy where it renders the head's own elements, after the consent head script and
 * the data blocks: that script would run unchecked. Moved right after `<meta charset>` (which
 * must stay first), the policy covers every script of the page, so a wrong hash shows at once.
 */
const CSP_META = /<meta http-equiv="content-security-policy" content="[^"]*">/i;
const CHARSET = /<meta charset="[^"]*">/i;

export function cspMetaFirst(html: string): string {
  const meta = html.match(CSP_META)?.[0];
  const charset = html.match(CHARSET);
  if (!meta || !charset) return html;
  const rest = html.replace(meta, '');
  const at = rest.indexOf(charset[0]) + charset[0].length;
  return rest.slice(0, at) + meta + rest.slice(at);
}
