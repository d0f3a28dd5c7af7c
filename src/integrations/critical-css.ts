/**
 * Every page's first response fits in a new connection's first round trip (14,600 bytes as sent,
 * scripts/budgets/weight.mjs), so the page's inline stylesheet keeps only what its first screen
 * needs. As each page is built (src/lib/page-rewrites.ts), its large inline `<style>` becomes:
 *
 * - the **critical CSS**, still inline: every rule that may apply to the top of the page (the
 *   skip link, the cookie banner, the header, and the first sections of `<main>`: see
 *   `firstScreen`), with every state it can reach there (hover, focus, open menus, consent);
 * - the **whole stylesheet** as a file (`/_astro/page.<hash>.css`, the same text as before and one
 *   rule showing what is further down; shared by every page with the same styles, cached a year),
 *   loaded without blocking the first paint: `media="print"` until it has loaded, then `all` (a
 *   hashed inline script; `<noscript>` links it plainly). It comes after the inline part and holds
 *   every rule in its original order, so once applied the cascade is the old inline stylesheet's.
 *
 * Until it applies, what is further down is hidden (`visibility`, which keeps its place): a
 * screen taller than the guess of `FIRST_SCREEN_MARKUP` shows nothing unstyled, nothing on
 * screen moves (CLS 0), and nothing looks different once loaded (the screenshot baselines are
 * unchanged).
 */
import type { AstroIntegration } from 'astro';
import postcss from 'postcss';
import { remembered } from '../lib/remembered';
import { cspHash } from '../security/content-security-policy';
import { iconsBelowFromSprite } from './icon-sprite';
import { builtAssetName, builtPageRewrite } from './rewrite-built-pages';

/** What Astro writes for its island elements in a `<style>` of its own. */
const ISLAND_RULE = 'astro-island,astro-slot,astro-static-slot{display:contents}';

/** Inline stylesheets smaller than this stay whole: splitting them would save less than it costs. */
const SPLIT_FROM = 4096;

/**
 * The first screen: at least the first two sections of `<main>` (the hero and what follows it),
 * and more until they hold this much markup, a stand-in for their height: a short second section
 * (the instructors page's) must not leave the third on a laptop's first screen unstyled.
 */
const FIRST_SCREEN_SECTIONS = 2;
const FIRST_SCREEN_MARKUP = 8000;

/**
 * The applying script: the whole stylesheet, fetched as `print`, applies to the screen once it
 * has loaded (at once if it already has: a cached file). The same text on every page, hashed in
 * the page's policy.
 */
export const applyStylesheetScript =
  "(function(l){function a(){l.media='all'}l.sheet?a():l.addEventListener('load',a)})(document.currentScript.previousElementSibling)";

/**
 * A selector as it may match at some moment on the first screen, written so that the static
 * build's DOM can answer: states the visitor or a script reaches later (`:hover`, `:focus`,
 * `:popover-open`, `[data-consent=pending]`, `[aria-expanded]`, `:has(…)`, `:not(…)`) are
 * dropped, which can only widen what it matches. Pseudo-elements go with them (their element
 * decides). The components' scoping attributes (`data-astro-cid-…`) stay: they tell components
 * apart; and so does a `type` (`input[type=file]`): no script here changes one, and the file
 * field's rules were 75 B of the home page's first response, which has no file field.
 */
export function widenedSelector(selector: string): string {
  let text = selector
    .replace(/:root\b/g, 'html')
    // Attribute selectors, except the components' scoping and an exact type.
    .replace(/\[(?!data-astro-cid-|type=(["']?)[\w-]+\1\])(?:[^\]"']|"[^"]*"|'[^']*')*\]/g, '');
  // Functional pseudo-classes and pseudo-elements, their parentheses balanced; :is() and :where()
  // keep their list (any of it may match).
  let out = '';
  const pseudo = /::?[\w-]+/g;
  let from = 0;
  for (let match; (match = pseudo.exec(text));) {
    const name = match[0];
    let end = match.index + name.length;
    if (text[end] === '(') {
      for (let depth = 0; end < text.length; end++) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')' && --depth === 0) break;
      }
      end++;
      if (name === ':is' || name === ':where') {
        // Keep the name and its list (pseudo-classes inside are dropped as the scan goes on).
        pseudo.lastIndex = match.index + name.length + 1;
        continue;
      }
    }
    out += text.slice(from, match.index);
    from = end;
    pseudo.lastIndex = end;
  }
  out += text.slice(from);
  text = out
    // A compound left empty (`> :hover`, `::before` alone) matches any element.
    .replace(/(^|[\s>+~(,])(?=[\s>+~),]|$)/g, '$1*')
    .trim();
  return text || '*';
}

/** Elements that have no end tag. */
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

/**
 * What the first screen holds, `<html>` and `<head>` included, element by element: its name and
 * its classes, id and scoping attributes (`div`, `.hero`, `#main`, `[data-astro-cid-x]`); and a
 * selector of what is further down (`below`), hidden until the whole stylesheet applies, and where
 * in `html` that starts (`belowFrom`, undefined when the whole page is the first screen). Read
 * from the tags alone, without building a DOM: the built pages are well formed (validated), and
 * a stray tag could only add names, which keeps more rules.
 */
type FirstScreen = { elements: Set<string>[]; below: string[]; belowFrom: number | undefined };

function firstScreen(html: string): FirstScreen {
  const elements: Set<string>[] = [];
  const after: Set<string>[] = [];
  // Where the scan is: before, in or after <main>; the depth below <main> while in it.
  let where: 'before' | 'main' | 'after' = 'before';
  let depth = 0;
  // The sections of <main> kept and their markup so far; the first one left out (1-based, as
  // :nth-child counts).
  let child = 0;
  let kept = 0;
  let markup = 0;
  let sectionStart = 0;
  let firstLeftOut: number | undefined;
  let belowFrom: number | undefined;
  // Scripts, styles and inert templates first: no element to style inside them.
  const tag =
    /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  for (let match; (match = tag.exec(html));) {
    if (match[1]) {
      if (where === 'main' && depth === 0) child++;
      continue;
    }
    const [whole, , closing, rawName, attributes = ''] = match;
    const name = rawName!.toLowerCase();
    if (where !== 'main') {
      if (!closing) (where === 'before' ? elements : after).push(tokensOf(name, attributes));
      if (name === 'main' && !closing) where = 'main';
      continue;
    }
    if (closing) {
      if (name === 'main' && depth === 0) {
        where = 'after';
        belowFrom = match.index + whole.length;
        continue;
      }
      depth--;
      if (depth === 0) markup += match.index + whole.length - sectionStart;
      continue;
    }
    if (depth === 0) {
      child++;
      sectionStart = match.index;
      if (kept >= FIRST_SCREEN_SECTIONS && markup >= FIRST_SCREEN_MARKUP) {
        // This section and every one after it are below, and the footer counts only when
        // nothing is left out: the rest of the page, most of it, cannot change what is kept.
        firstLeftOut = child;
        belowFrom = match.index;
        break;
      }
      kept++;
    }
    elements.push(tokensOf(name, attributes));
    if (!VOID.has(name) && !attributes.endsWith('/')) depth++;
    else if (depth === 0) markup += whole.length;
  }
  const below = firstLeftOut === undefined ? [] : [`main>:nth-child(n+${firstLeftOut})`];
  // A short page (a 404) shows its footer on the first screen.
  if (markup < FIRST_SCREEN_MARKUP && firstLeftOut === undefined) {
    elements.push(...after);
    belowFrom = undefined;
  } else below.push('main~*');
  return { elements, below, belowFrom };
}

/**
 * Each tag's names, by its text: the header, the menus and the footer are the same tags on every
 * page of a language, and reading their attributes again was most of the first screen's time.
 * The sets are only read. Bounded: a long build meets a few tens of thousands of different tags.
 */
const tagTokens = new Map<string, Set<string>>();
const TAG_TOKENS_LIMIT = 100_000;

function tokensOf(name: string, attributes: string): Set<string> {
  if (tagTokens.size >= TAG_TOKENS_LIMIT) tagTokens.clear();
  return remembered(tagTokens, `${name} ${attributes}`, () => namesIn(name, attributes));
}

/**
 * A modifier class's block (`badge--closed` → `badge`): a state a script may switch (the live
 * status badge's `badge--closed` becomes `badge--open`), so a selector's modifier is read as its
 * block, and an element's modifier names its block too (`fact--wide` alone, without `fact`).
 */
const blockOf = (className: string) => className.replace(/^([\w-]+?)--[\w-]+$/, '$1');

/** An element's type as a token, whatever its case (`[type=file]`). */
const typeToken = (type: string) => `[type=${type.toLowerCase()}]`;

function namesIn(name: string, attributes: string): Set<string> {
  const tokens = new Set([name]);
  for (const [, attribute = '', ...values] of attributes.matchAll(
    /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    const value = values.find((v) => v !== undefined) ?? '';
    if (attribute === 'class') {
      for (const name of value.split(/\s+/))
        if (name) tokens.add(`.${name}`).add(`.${blockOf(name)}`);
    } else if (attribute === 'id') tokens.add(`#${value}`);
    else if (attribute.startsWith('data-astro-cid-')) tokens.add(`[${attribute}]`);
    else if (attribute === 'type') tokens.add(typeToken(value));
  }
  return tokens;
}

/**
 * The names a compound selector requires of one element (`input.field[type=file]`), or
 * undefined when it holds a list (`:is()`, `:where()`) that any of several elements may meet.
 */
function requiredTokens(compound: string): string[] | undefined {
  if (/:(is|where)\(/.test(compound)) return undefined;
  return [
    ...compound.matchAll(
      /([.#]?)(-?[_a-zA-Z][\w-]*|\\.)+|\[data-astro-cid-[\w-]+\]|\[type=(["']?)([\w-]+)\3\]/g,
    ),
  ]
    .map(([token, , , , type]) => (type ? typeToken(type) : token))
    .map((token) => token.replace(/\\(.)/g, '$1'))
    .map((token) => (token.startsWith('.') ? `.${blockOf(token.slice(1))}` : token))
    .filter((token) => token !== '*');
}

/**
 * The rules of `css` that may apply to the first screen of the page `html`, in their order: a
 * rule stays when, for some selector of it widened (`widenedSelector`), each of its compounds
 * names what one element of the first screen has. That ignores how the compounds relate (a
 * descendant, a sibling), which can only keep more. At-rules that are not conditions
 * (`@font-face`, `@keyframes`, `@property`, `@layer` orders) stay whole. Last, what is further
 * down is hidden (`hideBelow`) until the whole stylesheet shows it (`SHOW_BELOW`), so a screen
 * taller than the first screen's guess never shows it unstyled, and nothing there can shift.
 */
export function criticalCss(css: string, html: string, screen = firstScreen(html)): string {
  const { elements, below } = screen;
  const { rules, critical } = preparedStylesheet(css);
  // The elements that have each name: a compound is looked for only among the elements that have
  // its rarest name, and not at all when one of its names is on none.
  const having = new Map<string, Set<string>[]>();
  for (const tokens of elements)
    for (const token of tokens) {
      const list = having.get(token);
      if (list) list.push(tokens);
      else having.set(token, [tokens]);
    }
  const known = new Map<string, boolean>();
  const compoundMayMatch = ({ key, required }: Compound): boolean => {
    let applies = known.get(key);
    if (applies === undefined) {
      applies = required === undefined || elementWithAll(required);
      known.set(key, applies);
    }
    return applies;
  };
  const elementWithAll = (required: string[]): boolean => {
    let candidates: Set<string>[] = elements;
    for (const token of required) {
      const list = having.get(token);
      if (!list) return false;
      if (list.length < candidates.length) candidates = list;
    }
    return candidates.some((tokens) => required.every((token) => tokens.has(token)));
  };
  // Which rules stay, in the order postcss walks them: a keyframe always, a rule when one of its
  // selectors may apply.
  const kept = rules
    .map((selectors) =>
      selectors === undefined || selectors.some((compounds) => compounds.every(compoundMayMatch))
        ? '1'
        : '0',
    )
    .join('');
  return (
    remembered(critical, kept, () => keptRules(css, kept)) + (below.length ? hideBelow(below) : '')
  );
}

/**
 * A pointer's states, left to the whole stylesheet: a visitor points at the first screen once it
 * has painted, and the stylesheet comes in the next round trip (until then, a hovered link keeps
 * its look). Focus states stay: a keyboard's first Tab must show the skip link at once.
 */
const POINTER_STATE = /:(?:hover|active)\b/;

/** A compound selector's required names (`requiredTokens`), and a key naming them. */
type Compound = { key: string; required: string[] | undefined };

/**
 * What every page with the same stylesheet shares, worked out once (pages of a view have the
 * same one): each rule's selectors, widened and cut into compounds, in the order postcss walks
 * the rules (undefined: a keyframe, always kept); and the critical CSS of each set of kept rules
 * already met (pages with the same first screen keep the same rules).
 */
type PreparedStylesheet = { rules: (Compound[][] | undefined)[]; critical: Map<string, string> };
const prepared = new Map<string, PreparedStylesheet>();

const preparedStylesheet = (css: string) => remembered(prepared, css, () => prepareStylesheet(css));

function prepareStylesheet(css: string): PreparedStylesheet {
  const rules: PreparedStylesheet['rules'] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name))
      rules.push(undefined);
    else
      rules.push(
        rule.selectors
          .filter((selector) => !POINTER_STATE.test(selector))
          .map((selector) =>
            widenedSelector(selector)
              .split(/\s*[\s>+~]\s*(?![^(]*\))/)
              .map((compound) => {
                const required = requiredTokens(compound);
                return { key: required?.join(' ') ?? ':is', required };
              }),
          ),
      );
  });
  return { rules, critical: new Map() };
}

/** The stylesheet with only the rules `kept` names ('1' or '0' each, in walking order). */
function keptRules(css: string, kept: string): string {
  const root = postcss.parse(css);
  let index = 0;
  root.walkRules((rule) => {
    if (kept[index++] === '0') rule.remove();
  });
  // Conditions (@media, @supports, @container) left empty.
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * Hiding what is further down, and showing it again at the end of the whole stylesheet: both
 * without specificity (`:where`), so that any rule of the site's own about visibility or overflow
 * wins over them, as before; the second one, later, over the first.
 *
 * Hidden is not enough: what is hidden still takes its place, and without its own rules a part of
 * it may be wider than the screen (a button whose label does not wrap yet). A phone then lays the
 * page out wider and zooms out to fit it, and when the stylesheet arrives, zooms back: the cookie
 * banner, fixed at the bottom, moved (a layout shift Lighthouse measured on the rental pages).
 * `overflow-x: clip` keeps it inside its section without making it a scrolling box or a new
 * formatting context, so nothing else is laid out differently.
 */
const hideBelow = (below: string[]) =>
  `:where(${below.join(',')}){visibility:hidden;overflow-x:clip}`;
export const SHOW_BELOW = ':where(main>*,main~*){visibility:inherit;overflow-x:visible}';

/**
 * What every page with the same inline stylesheet shares, worked out once (hashing a stylesheet of
 * tens of KB twice on every page was a tenth of the rewrites' time): the whole as a file, its
 * name, and the inline stylesheet's hash in the page's policy.
 */
const stylesheetFiles = new Map<string, { whole: string; name: string; oldHash: string }>();
const stylesheetFile = (inline: string) =>
  remembered(stylesheetFiles, inline, () => {
    const whole = inline + SHOW_BELOW;
    return { whole, name: builtAssetName('page', whole, 'css'), oldHash: `'${cspHash(inline)}'` };
  });

/** The critical CSS's hash, by text: pages with the same first screen share it. */
const criticalHashes = new Map<string, string>();
const criticalHash = (critical: string) =>
  remembered(criticalHashes, critical, () => cspHash(critical));

const applyScriptHash = cspHash(applyStylesheetScript);
const islandRuleHash = ` '${cspHash(ISLAND_RULE)}'`;

/**
 * One built page with its large inline stylesheet split (see above): the page's new HTML, the
 * stylesheet file it links and the icons' file of what is further down (src/integrations/
 * icon-sprite.ts, hidden with it until the stylesheet applies), or undefined when it has no
 * stylesheet to split. The page's policy (`<meta http-equiv="content-security-policy">`) gets
 * the critical CSS's hash in place of the whole stylesheet's, and the applying script's.
 */
export function splitPageStyles(
  page: string,
  assetsBase = '/_astro/',
):
  | {
      html: string;
      file: { name: string; css: string };
      icons: { name: string; svg: string } | undefined;
    }
  | undefined {
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  const largest = styles.sort((a, b) => b[1]!.length - a[1]!.length)[0];
  if (!largest || largest[1]!.length < SPLIT_FROM) return undefined;
  const inline = largest[1]!;
  const screen = firstScreen(page);
  // The icons below come after the stylesheet, in the body: its index holds.
  const icons =
    screen.belowFrom === undefined
      ? undefined
      : iconsBelowFromSprite(page, screen.belowFrom, assetsBase);
  const html = icons?.html ?? page;
  // Astro's rule for its islands (put at the end of the head by src/lib/page-head.ts) joins the
  // critical CSS: one element and one policy hash fewer in the first response.
  const islandStyle = html.includes(`<style>${ISLAND_RULE}</style>`);
  const critical = (islandStyle ? ISLAND_RULE : '') + criticalCss(inline, html, screen);
  const { whole, name, oldHash } = stylesheetFile(inline);
  const href = `${assetsBase}${name}`;
  // The policy comes first in <head> (src/lib/page-head.ts): only the part before the stylesheet
  // is searched and changed, not the whole page.
  const index = largest.index;
  const before = html.slice(0, index);
  if (!before.includes(oldHash))
    throw new Error(
      "critical-css: the page's policy does not list its stylesheet's hash; Astro's CSP output changed",
    );
  const head = (islandStyle ? before.replace(islandRuleHash, '') : before)
    .replace(oldHash, `'${criticalHash(critical)}'`)
    .replace(
      /(<meta http-equiv="content-security-policy" content="[^"]*script-src 'self')/,
      `$1 '${applyScriptHash}'`,
    );
  if (!head.includes(applyScriptHash))
    throw new Error("critical-css: the page's policy has no script-src 'self' to add to");
  const tags =
    `<style>${critical}</style>` +
    `<link rel="stylesheet" href="${href}" media="print">` +
    `<script>${applyStylesheetScript}</script>` +
    `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  const split = head + tags + html.slice(index + largest[0].length);
  const policy = islandStyle ? split.replace(`<style>${ISLAND_RULE}</style>`, '') : split;
  return { html: policy, file: { name, css: whole }, icons: icons?.file };
}

export function criticalStyles(): AstroIntegration {
  return {
    name: 'critical-css',
    hooks: builtPageRewrite(
      'critical-css',
      (pages, files) =>
        `${pages} page(s): the first screen's CSS inline, the whole in ${files} file(s)`,
    ),
  };
}
