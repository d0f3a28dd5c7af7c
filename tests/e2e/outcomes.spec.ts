/**
 * A form's outcome is seen: after the instructor application is sent, or fails, the message is
 * scrolled to just below the fixed header and has the focus (so a screen reader reads it), on a
 * phone and on a desktop, in English and French.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectSeen, fillApplication, pdfBytes, uniqueEmail } from './forms-helpers';

const pages = [
  { locale: 'en', path: '/en/instructors/join-us', apply: 'Apply' },
  { locale: 'fr', path: '/fr/instructeurs/rejoignez-nous', apply: 'Postuler' },
];
const widths = [390, 1280];

async function applyFilled(page: Page, path: string) {
  await page.goto(path);
  // A first touch of the form hydrates it, whether it hydrates when seen or when used.
  await page.locator('#application-firstname').click();
  await expect(page.locator('astro-island:has(#application-firstname)')).not.toHaveAttribute(
    'ssr',
    { timeout: 10_000 },
  );
  await fillApplication(page, uniqueEmail('outcome'));
  await page
    .locator('#application-licence')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
}

for (const { locale, path, apply } of pages) {
  for (const width of widths) {
    test.describe(`application outcome, ${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('a failure is seen and focused, the form kept; then the success too', async ({
        page,
      }) => {
        await applyFilled(page, path);
        await page.route('**/api/forms', (route) => route.abort('internetdisconnected'));
        const button = page.getByRole('button', { name: apply });
        await button.click();
        const outcome = page.getByRole('status').filter({ hasText: /\S/ });
        await expect(outcome).toHaveClass(/form-status--error/);
        await expectSeen(page, outcome);

        // A second failure (the same message) is brought back into view too.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await button.click();
        await expectSeen(page, outcome);

        await page.unroute('**/api/forms');
        await button.click();
        await expect(outcome).toHaveClass(/form-status--success/);
        await expectSeen(page, outcome);
      });
    });
  }
}
