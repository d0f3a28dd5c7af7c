import { expect, test } from '@playwright/test';
import { config } from '../../src/config';
import { pathTo } from '../../src/i18n/routes';
import { resortCount } from '../../src/content/counts';
import { facts } from '../../src/site-facts';
import { useTranslations } from './site';

test.describe('about page', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`${locale}: says what the company does, why, and shows the numbers from the site facts`, async ({
      page,
    }) => {
      const t = useTranslations(locale);
      const number = new Intl.NumberFormat(locale);
      await page.goto(pathTo('about', locale));
      await expect(page.getByRole('heading', { name: t('about.what.heading') })).toBeVisible();
      await expect(page.getByRole('heading', { name: t('about.company.heading') })).toBeVisible();
      const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(
        facts.claims.cheaperThanSchoolsPercent / 100,
      );
      await expect(page.getByText(percent, { exact: false }).first()).toBeVisible();
      const stats = page.locator('.stats');
      await expect(stats.getByRole('definition')).toHaveText([
        number.format(resortCount()), // one file per resort in content/resorts
        `${number.format(facts.stats.users)}+`,
        number.format(facts.stats.instructors),
        `${number.format(facts.stats.lessons)}+`,
      ]);
      await expect(page.getByRole('link', { name: t('about.cta.jobs') })).toHaveAttribute(
        'href',
        pathTo('jobs', locale),
      );
    });
  }
});

test.describe('download page', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`${locale}: both apps, with chat, GPS and reviews, and store links from the configuration`, async ({
      page,
    }) => {
      const t = useTranslations(locale);
      await page.goto(pathTo('download', locale));
      for (const app of Object.keys(config.apps) as (keyof typeof config.apps)[]) {
        const stores = config.apps[app];
        const section = page.locator(`[data-app="${app}"]`);
        const name = t(`download.${app}.name`);
        await expect(section.getByRole('heading', { level: 2 })).toHaveText(
          t(`download.${app}.heading`),
        );
        const appStore = section.getByRole('link', {
          name: `${t('download.appStore.small')} ${t('download.appStore.big')} (${name})`,
        });
        const googlePlay = section.getByRole('link', {
          name: `${t('download.googlePlay.small')} ${t('download.googlePlay.big')} (${name})`,
        });
        await expect(appStore).toHaveAttribute('href', stores.ios);
        await expect(googlePlay).toHaveAttribute('href', stores.android);
        await expect(appStore.locator('svg')).toHaveAttribute('aria-hidden', 'true');
      }
      await expect(page.getByText(t('download.client.features.chat'))).toBeVisible();
      await expect(page.getByText(t('download.client.features.gps'))).toBeVisible();
      await expect(page.getByText(t('download.client.features.reviews'))).toBeVisible();
      await expect(
        page.locator('[data-app="instructor"]').getByRole('link', { name: t('download.joinLink') }),
      ).toHaveAttribute('href', pathTo('instructorApplication', locale));
    });
  }
});
