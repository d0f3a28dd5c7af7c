import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Zero axe violations, reported as "rule: target (help)" lines so a failure says what to fix.
 *
 * Sections the browser has not rendered yet are rendered first: below the home page's lesson
 * search, sections are laid out only as they near the viewport (`content-visibility: auto`), and
 * axe cannot tell the colours of content that is not laid out (axe-core#2768). A visitor sees each
 * of them once scrolled to, so that is what is checked. (Set through the CSSOM, which the
 * Content Security Policy allows, unlike an injected style sheet.)
 */
export async function expectNoViolations(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`))).toEqual([]);
}
