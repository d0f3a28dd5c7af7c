import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { drawEverything } from '../../scripts/draw-everything.mjs';

/**
 * Zero axe violations, reported as "rule: target (help)" lines so a failure says what to fix.
 * Sections not drawn yet (below the home page's lesson search) are drawn first: axe cannot tell
 * the colours of content that is not laid out, and a visitor sees each once scrolled to.
 */
export async function expectNoViolationsBefore(page: Page) {
  await drawEverything(page);
  // Legacy mode runs axe in the page itself. The default also opens a blank page of its own to
  // merge the frames' results, which tripled the time of each check (0.45 s instead of 1.2 s a
  // page, measured); it is for pages with cross-origin frames, and ours have no frame at all.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`)),
  ).toEqual([]);
}
