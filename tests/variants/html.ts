/** Reading a built page as a visitor does: its elements, their text, their links. */
import { parseHTML } from 'linkedom';

export const parsePage = (html: string): Document => parseHTML(html).document;

export function one(root: ParentNode, selector: string): Element {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`No ${selector} in the page`);
  return found;
}

/** The element's text as read, spaces collapsed. */
export const textOf = (node: Node): string => (node.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The links whose text is one of `texts`, alone or with a note in brackets ("(opens in a new tab)"). */
export const linksSaying = (root: ParentNode, texts: readonly string[]): HTMLAnchorElement[] =>
  [...root.querySelectorAll('a')].filter((a) =>
    texts.some((text) => textOf(a) === text || textOf(a).startsWith(`${text} (`)),
  );
