import { expect, test, type Page } from '@playwright/test';
import { money, percent, percentRange } from '../../src/i18n/format';
import { facts } from '../../src/site-facts';
import { useTranslations } from './site';

const { earnings } = facts.instructors;
const cards = (page: Page) => page.locator('[data-country]');
const visibleCountries = (page: Page) =>
  cards(page).evaluateAll((items) =>
    items
      .filter((i) => (i as HTMLElement).offsetParent !== null)
      .map((i) => i.getAttribute('data-country')),
  );

test.describe('country dropdown', () => {
  test('shows every country at first, then only the one chosen, with its own earnings claim', async ({
    page,
  }) => {
    await page.goto('/en/instructors');
    const select = page.getByLabel(useTranslations('en')('instructors.countries.label'));
    await expect(select).toHaveValue('all');
    expect((await visibleCountries(page)).toSorted()).toEqual([
      'AR',
      'AT',
      'CH',
      'CL',
      'ES',
      'FR',
      'IT',
    ]);

    await select.selectOption({ label: 'France' });
    expect(await visibleCountries(page)).toEqual(['FR']);
    await expect(page.locator('[data-country=FR]')).toContainText(
      `About ${percent(earnings.francePercent, 'en')} more`,
    );
    await expect(page.locator('[data-country=FR]')).toContainText('Diplôme d’État');

    await select.selectOption({ label: 'Spain' });
    expect(await visibleCountries(page)).toEqual(['ES']);
    await expect(page.locator('[data-country=ES]')).toContainText(
      `${percentRange(earnings.spainPercent.min, earnings.spainPercent.max, 'en')} more`,
    );
    await expect(page.locator('[data-country=ES]')).toContainText('TD1');

    // Every country filters to itself (each needs its CSS rule).
    const options = await select
      .locator('option')
      .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
    for (const code of options.filter((v) => v !== 'all')) {
      await select.selectOption(code);
      expect(await visibleCountries(page)).toEqual([code]);
    }
    await select.selectOption('all');
    expect(await visibleCountries(page)).toHaveLength(7);
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/fr/instructeurs');
    const select = page.getByLabel(useTranslations('fr')('instructors.countries.label'));
    await select.focus();
    await page.keyboard.press('ArrowDown'); // first country, alphabetically in French: Argentine
    await expect(select).toHaveValue('AR');
    expect(await visibleCountries(page)).toEqual(['AR']);
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('AT'); // Autriche
    expect(await visibleCountries(page)).toEqual(['AT']);
    await expect(page.locator('[data-country=AT]')).toContainText(
      `Jusqu’à ${percent(earnings.upToPercent, 'fr')} de plus`,
    );
  });
});

test('the FAQ opens question by question, its answers with the site facts filled in', async ({
  page,
}) => {
  await page.goto('/es/instructores');
  const questions = page.locator('[data-section=faq] details');
  expect(await questions.count()).toBeGreaterThanOrEqual(8);
  const first = questions.first();
  await expect(first.locator('p')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
  await expect(first).toContainText('TD1');

  const answers = await questions.locator('p').allTextContents();
  for (const answer of answers) expect(answer).not.toContain('{{');
  expect(answers.join(' ')).toContain(`${facts.instructors.minimumAge} años`);
  // FAQPage data is the learners' FAQ page's alone (InstructorFaq.astro says why).
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.map((text) => JSON.parse(text)['@type'])).not.toContain('FAQPage');
});

test('the season and the referral bonus come from the site facts', async ({ page }) => {
  const season = facts.instructors.applicationSeason;
  await page.goto('/en/instructors');
  await expect(page.locator('[data-season]')).toContainText(
    `Applications are open for the ${season} season`,
  );
  await expect(page.locator('[data-earning=referral]')).toContainText(
    `€${facts.instructors.referralBonus} referral bonus`,
  );
  await expect(page.locator('[data-section=apply]')).toContainText(season);
  await expect(
    page.locator('[data-section=apply]').getByRole('link', { name: 'Apply to teach' }),
  ).toHaveAttribute('href', '/en/instructors/join-us');

  await page.goto('/fr/instructeurs');
  await expect(page.locator('[data-earning=referral]')).toContainText(
    `${money(facts.instructors.referralBonus, 'fr')} de prime`,
  );
  await expect(page.locator('[data-section=faq]')).toContainText(
    money(facts.instructors.referralBonus, 'fr'),
  );
});

test('/temp-landing sells the instructor offer in one screen, with the season and the apply button', async ({
  page,
}) => {
  await page.goto('/temp-landing');
  await expect(page.locator('[data-season]')).toContainText(facts.instructors.applicationSeason);
  await expect(page.getByText('Earn up to 30% more than with a ski school')).toBeVisible();
  const apply = page.getByRole('link', { name: 'Apply now' });
  await expect(apply).toBeInViewport();
  await expect(apply).toHaveAttribute('href', '/en/instructors/join-us');
  await expect(
    page.getByText(`€${facts.instructors.referralBonus} for each instructor you refer`),
  ).toBeVisible();
});
