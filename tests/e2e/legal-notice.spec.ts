/**
 * Who runs the site: the legal notice in every locale, the footer's line and link on every page,
 * and the Organization data, all naming the company as the e2e build is configured
 * (tests/e2e/e2e.env sets every COMPANY_* fact, so every line shows).
 */
import { expect, test, type Page } from '@playwright/test';
import { phoneText, postalAddress } from '../../src/company';
import { allLocales } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { e2eConfig as site, everyPage, useTranslations } from './site';

test.use({ javaScriptEnabled: false });

const { company } = site;

/** The page's Organization data (schema.org), parsed from its JSON-LD. */
async function organizationOf(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const found = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'Organization');
  expect(found).toBeDefined();
  return found!;
}

test.describe('legal notice', () => {
  for (const locale of allLocales) {
    test(`${locale}: names the company with every configured fact`, async ({ page }) => {
      const t = useTranslations(locale);
      const response = await page.goto(pathTo('legalNotice', locale));
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(t('pages.legalNotice.heading'));
      const facts = page.locator('main dl');
      const value = (label: string) =>
        facts
          .locator('div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd');
      await expect(value(t('company.name'))).toHaveText(company.name);
      await expect(value(t('company.registration'))).toHaveText(company.registration);
      await expect(value(t('company.vat'))).toHaveText(company.vatId);
      await expect(value(t('company.address'))).toHaveText(postalAddress(site, locale)!);
      await expect(value(t('company.email')).getByRole('link')).toHaveAttribute(
        'href',
        `mailto:${site.contactEmail}`,
      );
      const phone = value(t('company.phone')).getByRole('link', { name: phoneText(company.phone) });
      await expect(phone).toHaveAttribute('href', `tel:${company.phone.replace(/ /g, '')}`);
      await expect(
        page.locator('main').getByRole('link', { name: t('company.contactLink') }),
      ).toHaveAttribute('href', pathTo('contact', locale));
    });
  }

  test('its Organization data carries the same facts, as on the home page', async ({ page }) => {
    for (const path of [pathTo('legalNotice', 'fr'), pathTo('home', 'en')]) {
      await page.goto(path);
      expect(await organizationOf(page), path).toMatchObject({
        '@id': 'http://localhost:4321/#organization',
        legalName: company.name,
        vatID: company.vatId,
        iso6523Code: `0106:${company.registration}`,
        identifier: { '@type': 'PropertyValue', propertyID: 'KvK', value: company.registration },
        telephone: company.phone,
        email: site.contactEmail,
        // A PNG of 112 px or more, as Google asks (its bytes are checked in share-images.spec.ts).
        logo: 'http://localhost:4321/logo.png',
        address: {
          '@type': 'PostalAddress',
          streetAddress: company.address?.street,
          postalCode: company.address?.postalCode,
          addressLocality: company.address?.city,
          addressCountry: company.address?.country,
        },
      });
    }
  });

  test('other pages name the same organization without repeating its legal facts', async ({
    page,
  }) => {
    await page.goto(pathTo('about', 'es'));
    const organization = await organizationOf(page);
    expect(organization['@id']).toBe('http://localhost:4321/#organization');
    expect(organization).not.toHaveProperty('vatID');
  });
});

test('every page’s footer names the company and links to the legal notice in its language', async ({
  request,
}) => {
  test.setTimeout(30_000 + everyPage.length * 1_000); // time in proportion to the pages
  const problems: string[] = [];
  for (let i = 0; i < everyPage.length; i += 8) {
    await Promise.all(
      everyPage.slice(i, i + 8).map(async ({ locale, path }) => {
        const t = useTranslations(locale);
        const html = await (await request.get(path)).text();
        const footer = html.slice(html.indexOf('<footer'));
        const expected = [
          `href="${pathTo('legalNotice', locale)}"`,
          `>${t('footer.legalNotice')}</a>`,
          `>${company.name}</span>`,
          `>${t('company.registrationShort', { number: company.registration })}</span>`,
          `>${t('company.vatShort', { number: company.vatId })}</span>`,
          `>${postalAddress(site, locale)}</span>`,
          `>${phoneText(company.phone)}</a>`,
        ];
        for (const text of expected)
          if (!footer.includes(text)) problems.push(`${path}: no ${text}`);
      }),
    );
  }
  expect(problems).toEqual([]);
});

test('the footer’s company line is readable at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathTo('legalNotice', 'fr'));
  const line = page.locator('footer address');
  await expect(line).toBeVisible();
  const box = await line.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await expect(line.getByRole('link', { name: phoneText(company.phone) })).toBeVisible();
});
