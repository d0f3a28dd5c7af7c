import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { drawEverything } from '../../scripts/draw-everything.mjs';

/**
 * axe-core's minified build (650 kB), read once per worker. `axe.source` is the unminified one
 * (1.5 MB): putting that in every page cost more than the page's own load. Measured on the same 26
 * pages alternately at a load of 14 on this 2-core machine: 474 ms a page instead of 671 ms for
 * putting it in, the same 0.4 s for axe's run and the same rules (one build of one version).
 */
export const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Zero axe violations, reported as "rule: target (help)" lines so a failure says what to fix.
 * Sections not drawn yet (below the home page's lesson search) are drawn first: axe cannot tell
 * the colours of content that is not laid out, and a visitor sees each once scrolled to.
 *
 * axe-core runs in the page itself, put there once (@axe-core/playwright's legacy mode put its
 * 1.5 MB twice a page, and its default mode opens a blank page of its own to merge frames'
 * results: ours have no frame). Every rule runs on every element of the page, or of `within` (a
 * selector: one part of the page in a state of its own, such as the cookie banner); only the
 * violations are reported in full (`resultTypes`): axe then skips writing a selector and an HTML
 * extract for each of the thousands of elements that pass. Measured on the same pages
 * alternately: 2.7 s a page instead of 6.0 s at a load average of 22 on this 2-core machine.
 */
export async function expectNoViolations(page: Page, within?: string) {
  await drawEverything(page);
  // Unless an init script put it there as the page started (accessibility.spec.ts).
  const present = await page.evaluate(
    () => typeof (window as unknown as { axe?: typeof axe }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (context) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(context ?? document, { resultTypes: ['violations'] })
        .then((results) => results.violations),
    within === undefined ? null : { include: [within] },
  );
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`)),
  ).toEqual([]);
}
