import { expect, test } from '@playwright/test';
import { expectNoViolationsBefore as expectNoViolations } from './zz-axe-before';
import { everyPage } from './site';

test.describe('axe, every page in every locale', () => {
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
