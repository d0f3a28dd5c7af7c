import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { drawEverything } from '../../scripts/draw-everything.mjs';

/**
 * Zero axe violations, reported as "rule: target (help)" lines so a failure says what to fix.
 * Sections not drawn yet (below the home page's lesson search) are drawn first: axe cannot tell
 * the colours of content that is not laid out, and a visitor sees each once scrolled to.
 *
 * axe-core runs in the page itself, put there once (@axe-core/playwright's legacy mode put its
 * 580 kB twice a page, and its default mode opens a blank page of its own to merge frames'
 * results: ours have no frame). Every rule runs on every element; only the violations are
 * reported in full (`resultTypes`): axe then skips writing a selector and an HTML extract for
 * each of the thousands of elements that pass. Measured on the same pages alternately: 2.7 s a
 * page instead of 6.0 s at a load average of 22 on this 2-core machine.
 */
export async function expectNoViolations(page: Page) {
  await drawEverything(page);
  await page.evaluate(axe.source);
  const violations = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe
      .run(document, { resultTypes: ['violations'] })
      .then((results) => results.violations),
  );
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`)),
  ).toEqual([]);
}
