/**
 * The privacy and cookies policies, the learners' FAQ and the COVID-19 note, as a visitor (and a
 * search engine) reads them, in several locales. Expected numbers come from content/site-facts.json
 * and content/cookies.yaml, so the tests follow the facts rather than copies of them.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { lifetimeInWords, parseLifetime } from '../../src/consent/cookie-lifetime';
import { money as euros } from '../../src/i18n/format';
import { config } from '../../src/config';
import { locales, type Locale } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { facts } from '../../src/site-facts';
import { e2eConfig, useTranslations } from './site';

test.use({ javaScriptEnabled: false });

type CatalogueCookie = { name: string; category: string; lifetime: string };
const catalogue = (
  parse(readFileSync('content/cookies.yaml', 'utf8')) as { cookies: CatalogueCookie[] }
).cookies;

const longDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locales[locale].ogLocale.replace('_', '-'), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
// Collapses layout whitespace only: no-break spaces are part of the text.
const squash = (text: string | null) => (text ?? '').replace(/[ \t\r\n]+/g, ' ').trim();
const article = (page: Page) => page.locator('main article');

const cvRetention = { en: 'months', fr: 'mois', es: 'meses' } as const;

test.describe('privacy policy', () => {
  for (const locale of ['en', 'fr', 'es'] as const) {
    test(`names the Dutch entity, its dates and limits in ${locale}`, async ({ page }) => {
      await page.goto(pathTo('privacy', locale));
      const text = article(page);
      await expect(text).toContainText(e2eConfig.company.name);
      await expect(text).toContainText(facts.legal.city);
      await expect(page.locator('main time').first()).toHaveText(
        longDate(facts.legal.policiesPublished, locale),
      );
      await expect(page.locator('main time').first()).toHaveAttribute(
        'datetime',
        facts.legal.policiesPublished,
      );
      await expect(text).toContainText(`${facts.legal.cvRetentionMonths} ${cvRetention[locale]}`);
      await expect(text).toContainText(String(facts.legal.minimumAge));
      await expect(
        text.getByRole('link', { name: facts.legal.supervisoryAuthority }),
      ).toHaveAttribute('href', facts.legal.supervisoryAuthorityUrl);
      await expect(text.getByRole('link', { name: config.contactEmail }).first()).toHaveAttribute(
        'href',
        `mailto:${config.contactEmail}`,
      );
      await expect(
        text.locator(`a[href="${pathTo('preferences', locale)}"]`).first(),
      ).toBeVisible();
      // Every section is reachable from the contents.
      const sections = await text.locator('h2').count();
      await expect(
        page
          .getByRole('navigation', { name: useTranslations(locale)('legal.contents') })
          .getByRole('link'),
      ).toHaveCount(sections);
    });
  }

  test('Portuguese shows the English text, marked as English, with a note in Portuguese', async ({
    page,
  }) => {
    await page.goto(pathTo('privacy', 'pt'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(article(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('note')).toHaveText(useTranslations('pt')('legal.fallbackNote'));
    await expect(page.getByRole('note')).toContainText('português');
    await expect(page.locator('main time').first()).toHaveText(
      longDate(facts.legal.policiesPublished, 'pt'),
    );
  });
});

test.describe('cookies policy', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`lists every cookie of the catalogue with its category and lifetime in ${locale}`, async ({
      page,
    }) => {
      const t = useTranslations(locale);
      await page.goto(pathTo('cookies', locale));
      expect(catalogue.length).toBeGreaterThan(10);
      for (const cookie of catalogue) {
        const row = page.locator(
          `[data-category="${cookie.category}"] tr[data-cookie="${cookie.name}"]`,
        );
        await expect(row, cookie.name).toHaveCount(1);
        await expect(row.locator('th')).toHaveText(cookie.name);
        const lifetime = lifetimeInWords(
          parseLifetime(cookie.lifetime),
          locale,
          t('legal.cookies.session'),
        );
        await expect(row.locator('td').nth(1), cookie.name).toHaveText(lifetime);
      }
      await expect(page.locator('tr[data-cookie]')).toHaveCount(catalogue.length);
      // Each table sits under its category's heading.
      await expect(
        page.getByRole('table', { name: t('legal.cookies.categories.tracking.name') }),
      ).toContainText('visitor_id');
    });
  }

  test('states the consent cookies’ 93 days and the visitor id’s year from the facts', async ({
    page,
  }) => {
    await page.goto(pathTo('cookies', 'es'));
    const consent = lifetimeInWords(
      { session: false, amount: facts.cookies.consentDays, unit: 'day' },
      'es',
      '',
    );
    await expect(page.locator('tr[data-cookie="consent_tracking"] td').nth(1)).toHaveText(consent);
    await expect(page.locator('tr[data-cookie="visitor_id"] td').nth(1)).toHaveText(
      lifetimeInWords(parseLifetime(`${facts.cookies.visitorIdSeconds} seconds`), 'es', ''),
    );
    await expect(page.locator('tr[data-cookie="visitor_id"] td').nth(1)).toHaveText('1 año');
  });

  test('says no functionality cookie is set, and links to the preferences', async ({ page }) => {
    const t = useTranslations('en');
    await page.goto(pathTo('cookies', 'en'));
    const functionality = page.locator('[data-category="functionality"]');
    await expect(functionality.locator('table')).toHaveCount(0);
    await expect(functionality).toContainText(t('legal.cookies.none'));
    await expect(
      article(page)
        .locator(`a[href="${pathTo('preferences', 'en')}"]`)
        .first(),
    ).toBeVisible();
    await expect(article(page)).toContainText(`${facts.cookies.consentDays} days`);
  });

  test('stacks each cookie into a readable block on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pathTo('cookies', 'fr'));
    const table = page.locator('[data-category="tracking"] table');
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expect(page.locator('tr[data-cookie="_gid"] td').first()).toBeVisible();
  });
});

test.describe('learners’ FAQ', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`publishes FAQPage data matching the visible questions in ${locale}`, async ({ page }) => {
      await page.goto(pathTo('faq', locale));
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const faqPage = scripts.map((s) => JSON.parse(s)).find((d) => d['@type'] === 'FAQPage');
      expect(faqPage, 'FAQPage structured data').toBeTruthy();
      const items = page.locator('main details');
      const count = await items.count();
      expect(count).toBeGreaterThanOrEqual(10);
      expect(faqPage.mainEntity).toHaveLength(count);
      for (let i = 0; i < count; i++) {
        const entity = faqPage.mainEntity[i];
        expect(entity['@type']).toBe('Question');
        expect(entity.acceptedAnswer['@type']).toBe('Answer');
        expect(entity.name).toBe(squash(await items.nth(i).locator('summary').textContent()));
        expect(squash(entity.acceptedAnswer.text)).toBe(
          squash(await items.nth(i).locator('summary + div').textContent()),
        );
      }
    });
  }

  test('answers carry the numbers of the site facts, written per locale', async ({ page }) => {
    for (const locale of ['en', 'fr'] as const) {
      await page.goto(pathTo('faq', locale));
      const faq = page.locator('main .faq');
      await expect(faq).toContainText(euros(facts.lessons.privateHourly, locale));
      await expect(faq).toContainText(euros(facts.lessons.extraPersonHourly, locale));
      await expect(faq).toContainText(euros(facts.clubPass.monthlyFrom, locale));
      await expect(page.locator('#change-or-cancel')).toContainText(
        String(facts.lessons.freeChangeHours),
      );
      await expect(page.locator('#private-or-group')).toContainText(
        String(facts.lessons.group.min),
      );
      await expect(page.locator('#private-or-group')).toContainText(
        String(facts.lessons.group.max),
      );
    }
  });

  test('opens an answer from its question, without JavaScript', async ({ page }) => {
    await page.goto(pathTo('faq', 'es'));
    const item = page.locator('#change-or-cancel');
    await expect(item.locator('summary + div')).toBeHidden();
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(item.locator('summary + div')).toBeVisible();
  });

  test('Portuguese shows English answers marked as English, with a note', async ({ page }) => {
    await page.goto(pathTo('faq', 'pt'));
    await expect(page.locator('main details').first()).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('note')).toHaveText(useTranslations('pt')('faq.fallbackNote'));
  });
});

test.describe('COVID-19 note', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`is current and points to the free change policy and contact in ${locale}`, async ({
      page,
    }) => {
      await page.goto(pathTo('covid19', locale));
      await expect(article(page)).toContainText(String(facts.lessons.freeChangeHours));
      await expect(
        article(page)
          .locator(`a[href="${pathTo('contact', locale)}"]`)
          .first(),
      ).toBeVisible();
      await expect(page.locator('main time')).toHaveAttribute('datetime', /^2026-/);
    });
  }
});
