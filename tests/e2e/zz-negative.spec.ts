import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';

test('an image without a text alternative is a violation', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    document.querySelector('main')!.prepend(image);
  });
  await expect(expectNoViolations(page)).rejects.toThrow(/image-alt/);
});
