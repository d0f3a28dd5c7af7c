/**
 * What the browser suite asks the page, written once for every engine (function bodies, run by
 * `Visitor.run` with their arguments), and the waits built on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach } from 'vitest';
import { eventually, until, type Visitor } from './visitors';

/** The element is laid out and not hidden. */
export const isShown = `const element = document.querySelector(arguments[0]);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';`;

export const shown = (visitor: Visitor, selector: string) =>
  until(visitor, `${selector} to show`, isShown, selector);

export const hidden = (visitor: Visitor, selector: string) =>
  until(
    visitor,
    `${selector} to hide`,
    `return !(function () { ${isShown} }).apply(null, arguments)`,
    selector,
  );

/** Waits until the element's text contains `text`; returns its text. */
export const textOf = (visitor: Visitor, selector: string, text: string) =>
  until<string>(
    visitor,
    `${selector} to say “${text}”`,
    `const element = document.querySelector(arguments[0]);
     return element && element.textContent.includes(arguments[1]) && element.textContent;`,
    selector,
    text,
  );

/**
 * Waits for the page at `path` (the address's path, or its start) and its load. The address is
 * asked of the browser until it is the new page's, and only then the page itself: a script sent
 * while a clicked link replaces the page may never be answered (WPEWebDriver 2.38).
 */
export async function at(visitor: Visitor, path: string | RegExp) {
  const wanted = (address: string) => {
    const { pathname } = new URL(address);
    return typeof path === 'string' ? pathname === path : path.test(pathname);
  };
  await eventually(`${visitor.name}: the address ${path}`, async () =>
    wanted(await visitor.address()),
  );
  return until<string>(
    visitor,
    `the page ${path}`,
    `return document.readyState === 'complete' && location.pathname;`,
  );
}

/**
 * A selector for the `tag` under `scope` whose text is `text` (a button, a link named so): the
 * element is marked for the click that follows.
 */
export async function named(visitor: Visitor, scope: string, tag: string, text: string) {
  const mark = `visit-${Math.random().toString(36).slice(2)}`;
  await until(
    visitor,
    `a ${tag} “${text}” in ${scope}`,
    `const found = [...document.querySelectorAll(arguments[0] + ' ' + arguments[1])]
       .find((element) => element.textContent.trim() === arguments[2]);
     if (found) found.setAttribute('data-visit', arguments[3]);
     return !!found;`,
    scope,
    tag,
    text,
    mark,
  );
  return `[data-visit="${mark}"]`;
}

/** An island has hydrated once the visitor reached for it (`client:interaction`): focus, then wait. */
export async function hydrate(visitor: Visitor, field: string) {
  await visitor.click(field);
  await until(
    visitor,
    `the island of ${field} to hydrate`,
    `const island = document.querySelector(arguments[0])?.closest('astro-island');
     return island && !island.hasAttribute('ssr');`,
    field,
  );
}

/** The header and the page at the current width: what a visitor sees of the layout. */
export type Layout = {
  width: number;
  /** How far the page scrolls sideways (0: not at all). */
  overflow: number;
  header: { color: string; background: string };
};
export const layout = (visitor: Visitor) =>
  visitor.run<Layout>(`const header = getComputedStyle(document.querySelector('[data-site-header]'));
    return {
      width: innerWidth,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      header: { color: header.color, background: header.backgroundColor },
    };`);

/** When a test fails, what the browser showed: test-results/browsers/<browser> - <test>.png. */
export function screenshotOnFailure(visitor: () => Visitor | undefined) {
  afterEach(async ({ task }) => {
    const shown = visitor();
    if (task.result?.state !== 'fail' || !shown) return;
    const file = `test-results/browsers/${shown.name} - ${task.name}.png`.replace(/[^\w ./-]/g, '');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await shown.screenshot().catch(() => new Uint8Array()));
    console.error(`${shown.name}: screenshot of the failure in ${file}`);
  });
}
