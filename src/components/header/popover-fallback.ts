/**
 * The header's two panels (navigation, language list) are native popovers. Browsers without them
 * (Safari and iOS before 17, Firefox before 125) get this instead, fetched by the header's script
 * only there: modern browsers never load it, and the page's CSS carries nothing for it.
 *
 * - Open and closed: the open panel is marked `data-popover-open` (the header's script has already
 *   hidden the closed ones). The page's own rules for `:popover-open`, which such a browser drops,
 *   are added again with `[data-popover-open]` in its place, so an open panel looks as it does
 *   natively, and the header turns solid under it.
 * - What the browser would do: a `popovertarget` button toggles its panel and says whether it is
 *   expanded; opening one closes the other; a click outside or Escape closes it, Escape giving
 *   focus back to its button.
 */
const OPEN = 'data-popover-open';

/** `prelude{body}` blocks at the top level of a style sheet's text. */
function blocks(css: string): { prelude: string; body: string }[] {
  const found: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{' && depth++ === 0) open = i;
    if (css[i] === '}' && --depth === 0) {
      found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  return found;
}

/** The rules about open popovers in `css` (inside their `@media` or `@supports`), rewritten. */
function openPanelRules(css: string): string[] {
  return blocks(css).flatMap(({ prelude, body }) => {
    if (prelude.startsWith('@')) {
      const inner = openPanelRules(body);
      return inner.length ? [`${prelude}{${inner.join('')}}`] : [];
    }
    return prelude.includes(':popover-open')
      ? [`${prelude.replaceAll(':popover-open', `[${OPEN}]`)}{${body}}`]
      : [];
  });
}

const sheet = document.styleSheets[document.styleSheets.length - 1];
const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
for (const rule of openPanelRules(css.replace(/\/\*[\s\S]*?\*\//g, ''))) {
  try {
    sheet?.insertRule(rule, sheet.cssRules.length);
  } catch {
    // A selector this browser cannot read either (`:has` before Safari 15.4): the panel still
    // opens, the header just does not change with it.
  }
}

const buttons = [...document.querySelectorAll<HTMLElement>('[popovertarget]')];
const panelOf = (button: Element) =>
  document.getElementById(button.getAttribute('popovertarget') ?? '');
const isOpen = (panel: Element | null) => !!panel?.hasAttribute(OPEN);

function setOpen(panel: HTMLElement, open: boolean) {
  panel.toggleAttribute(OPEN, open);
  for (const button of buttons)
    if (panelOf(button) === panel) button.setAttribute('aria-expanded', String(open));
}

const panels = new Set(buttons.map(panelOf).filter((panel) => panel !== null));
for (const panel of panels) setOpen(panel, false);
const closeAll = (except?: Element) => {
  for (const panel of panels) if (panel !== except && isOpen(panel)) setOpen(panel, false);
};

document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const button = target.closest?.('[popovertarget]');
  const panel = button && panelOf(button);
  if (panel) {
    closeAll(panel);
    setOpen(panel, !isOpen(panel));
  } else {
    // A click outside every open panel closes them, as a native popover's "light dismiss".
    closeAll([...panels].find((p) => p.contains(target)));
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const panel = [...panels].find(isOpen);
  if (!panel) return;
  setOpen(panel, false);
  buttons.find((button) => panelOf(button) === panel)?.focus();
});
