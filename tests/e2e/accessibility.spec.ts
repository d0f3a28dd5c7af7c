import { expect, test, type BrowserContext } from '@playwright/test';
import { expectNoViolations } from './axe';
import { everyPage } from './site';

/**
 * The pages of the site, each in a tab of its own, in one browser context a worker keeps: a
 * visitor's browser, its scripts, styles and fonts cached after the first page, rather than a
 * new context for each of 211 pages. The context is the configuration's (its viewport, the
 * cookie choice already made); these pages only load and are read, they write nothing a next
 * page would find.
 */
const pageInSharedContext = test.extend<object, { visitorContext: BrowserContext }>({
  visitorContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, storageState } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, storageState });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitorContext }, use) => {
    const page = await visitorContext.newPage();
    await use(page);
    await page.close();
  },
});

pageInSharedContext.describe('axe, every page in every locale', () => {
  const test = pageInSharedContext;
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
