import { expect, test } from '@playwright/test';
import { config } from '../../src/config';
import { pathTo } from '../../src/i18n/routes';
import { useTranslations } from './site';

test.use({ javaScriptEnabled: false });

for (const locale of ['en', 'fr', 'es'] as const) {
  test(`footer in ${locale}: site links, social networks, newsletter and the current year`, async ({
    page,
  }) => {
    const t = useTranslations(locale);
    await page.goto(`/${locale}/about`);
    const footer = page.locator('footer');
    const expected: [string, string][] = [
      [
        t('footer.becomeInstructor'),
        { en: '/en/instructors', fr: '/fr/instructeurs', es: '/es/instructores' }[locale],
      ],
      [
        t('footer.download'),
        { en: '/en/download', fr: '/fr/telecharger', es: '/es/descargar' }[locale],
      ],
      [t('footer.resorts'), `/${locale}/resorts`],
      [t('footer.rental'), { en: '/en/rental', fr: '/fr/de-location', es: '/es/alquiler' }[locale]],
      [
        t('footer.contact'),
        { en: '/en/contact', fr: '/fr/contacter', es: '/es/contactar' }[locale],
      ],
      [
        t('footer.preferences'),
        { en: '/en/preferences', fr: '/fr/preferences', es: '/es/preferencias' }[locale],
      ],
      [t('footer.cookies'), `/${locale}/cookies`],
      [t('footer.legalNotice'), pathTo('legalNotice', locale)],
      [t('footer.newsletter'), `/${locale}/newsletter`],
      // No external careers site is configured in tests: the link falls back to our jobs page.
      [t('footer.careers'), { en: '/en/jobs', fr: '/fr/emplois', es: '/es/trabajos' }[locale]],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const newsletter = footer.getByRole('link', { name: t('footer.newsletter') });
    await expect(newsletter).toHaveAttribute('data-newsletter-trigger', '');
    await expect(newsletter).toHaveAttribute('aria-haspopup', 'dialog');
    for (const [network, href] of Object.entries({
      Facebook: config.social.facebook,
      LinkedIn: config.social.linkedin,
      YouTube: config.social.youtube,
      Instagram: config.social.instagram,
    })) {
      await expect(
        footer.getByRole('link', { name: t('footer.onNetwork', { network }) }),
      ).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: t('header.homeLink') })).toHaveAttribute(
      'href',
      `/${locale}`,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${config.brand}.`);
  });
}

test('without JavaScript, "Stay up to date" is a link to the newsletter page; its dialog stays closed', async ({
  page,
}) => {
  const t = useTranslations('fr');
  await page.goto('/fr/a-propos');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page
    .locator('footer')
    .getByRole('link', { name: t('footer.newsletter') })
    .click();
  await expect(page).toHaveURL(/\/fr\/newsletter$/);
  await expect(page.locator('main').getByLabel(t('forms.newsletter.email'))).toBeVisible();
});
