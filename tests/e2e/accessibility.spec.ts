import { expect, test, type Page } from '@playwright/test';
import { axeSource, expectNoViolations } from './axe';
import { everyPage } from './site';

/**
 * The pages of the site one after the other in one tab a worker keeps, as a visitor goes from page
 * to page: scripts, styles and fonts cached after the first page, rather than a new context for
 * each of 211 pages. The context is the configuration's (its viewport, the cookie choice already
 * made); these pages only load and are read, they write nothing a next page would find.
 *
 * axe-core is put in every page of that tab as the page starts (an init script) rather than after
 * its load: in one tab, the same renderer compiles the same 650 kB once and reuses the result (V8's
 * cache), where a new tab for each page compiled it again each time. Measured alternately on the
 * same 51 pages at a load of 12 on this 2-core machine: 0.61 s a page (load, drawing, axe's run)
 * instead of 1.64 s with a new tab a page and axe put in after the load; the same violations (none).
 */
const pageInSharedTab = test.extend<object, { visitorTab: Page }>({
  visitorTab: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, storageState } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, storageState });
      await context.addInitScript(axeSource);
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitorTab }, use) => {
    await use(visitorTab);
  },
});

pageInSharedTab.describe('axe, every page in every locale', () => {
  const test = pageInSharedTab;
  for (const { path } of everyPage) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoViolations(page);
    });
  }

  for (const path of ['/temp-landing', '/fr/introuvable', '/en/404']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoViolations(page);
    });
  }
});

test.describe('axe, header states', () => {
  test('open language menu, scrolled header', async ({ page }) => {
    await page.goto('/fr');
    await page.evaluate(() => window.scrollTo(0, window.innerHeight));
    await page.locator('.language-menu__button').click();
    await expect(page.locator('#language-list')).toBeVisible();
    await expectNoViolations(page);
  });

  test('open mobile menu at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/es/precios');
    await page.locator('.menu-button').click();
    await expect(page.locator('#site-nav')).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe('axe, the newsletter dialog', () => {
  test('open, with an invalid address, at 390 px in French', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fr/a-propos');
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('marie@exemple');
    await dialog.locator('form[data-newsletter-form] button').click();
    await expect(page.locator('#newsletter-dialog-email-error')).toBeVisible();
    await expectNoViolations(page);
  });

  test('open, subscribed, in English', async ({ page }) => {
    await page.goto('/en/about');
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(`axe-${Date.now()}@example.com`);
    await dialog.locator('form[data-newsletter-form] button').click();
    await expect(dialog.getByRole('status')).not.toBeEmpty();
    await expectNoViolations(page);
  });
});
