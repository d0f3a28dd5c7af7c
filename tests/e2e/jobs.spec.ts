import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { day } from '../../src/i18n/format';
import { config } from '../../src/config';
import { pathTo } from '../../src/i18n/routes';
import { teamIn } from '../../src/content/teams';
import { englishPostings, jobSlugs, teams, useTranslations } from './site';

/** Postings of the content for the tests that need one of a kind (whichever the editors keep). */
const remote = englishPostings.find((p) => p.workplace === 'remote') ?? englishPostings[0]!;
const seasonal = englishPostings.find((p) => p.validThrough && p.workplace !== 'remote');
const employmentType: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  seasonal: 'TEMPORARY',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** A posting's title as its file writes it (front matter `title:`). */
const titleOf = (locale: string, slug: string) =>
  /^title: (.+)$/m.exec(readFileSync(`content/jobs/${locale}/${slug}.md`, 'utf8'))![1]!;
const origin = 'http://localhost:4321';

test.describe('jobs page', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`${locale}: lists every posting with its team, location, contract and workplace, and the perks`, async ({
      page,
    }) => {
      const t = useTranslations(locale);
      await page.goto(pathTo('jobs', locale));
      const postings = page.locator('.posting');
      await expect(postings).toHaveCount(jobSlugs.length);
      for (const slug of jobSlugs) {
        const link = page.getByRole('link', { name: titleOf(locale, slug), exact: true });
        await expect(link).toHaveAttribute('href', pathTo('job', locale, { job: slug }));
      }
      // A translation's facts are its English posting's; its team is named in the page's language.
      const first = englishPostings[0]!;
      const title = titleOf(locale, first.slug);
      const team = teamIn(teams, first.team, locale);
      const listed = postings.filter({ has: page.getByRole('link', { name: title }) });
      await expect(listed).toContainText(t(`jobs.type.${first.type}`));
      await expect(listed).toContainText(t(`jobs.workplace.${first.workplace}`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      // Teams are headings, and the team links jump to them without JavaScript.
      // The first team is the first posting's (docs/content-jobs.md: `order`).
      await expect(page.getByRole('heading', { level: 3, name: team })).toBeVisible();
      const firstTeamLink = page
        .getByRole('navigation', { name: t('jobs.teamsLabel') })
        .getByRole('link')
        .first();
      const [path, fragment] = (await firstTeamLink.getAttribute('href'))!.split('#');
      expect(path).toBe(pathTo('jobs', locale));
      await expect(page.locator(`#${fragment}`).getByRole('heading', { level: 3 })).toHaveText(
        team,
      );
      for (const perk of ['skiTrips', 'equity', 'remote', 'flexibleHours'] as const) {
        await expect(
          page.getByRole('heading', { name: t(`jobs.perks.${perk}.title`), exact: true }),
        ).toBeVisible();
      }
      await expect(page.getByText(t('jobs.perks.skiTrips.text'))).toBeVisible();
    });
  }

  test('a spontaneous application writes to the contact address', async ({ page }) => {
    const t = useTranslations('es');
    await page.goto(pathTo('jobs', 'es'));
    await expect(page.getByRole('link', { name: t('jobs.noRole.cta') })).toHaveAttribute(
      'href',
      `mailto:${config.contactEmail}?subject=${encodeURIComponent(t('jobs.noRole.subject'))}`,
    );
  });
});

test.describe('a job posting', () => {
  for (const locale of ['en', 'fr', 'es'] as const) {
    test(`${locale}: title, body in the visitor's language, and an apply link with the job title as subject`, async ({
      page,
    }) => {
      const t = useTranslations(locale);
      const title = titleOf(locale, remote.slug);
      await page.goto(pathTo('job', locale, { job: remote.slug }));
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page).toHaveTitle(t('pages.job.title', { job: title }));
      await expect(page.locator('.job__fallback')).toHaveCount(0);
      await expect(page.locator('article')).not.toHaveAttribute('lang', /./);
      await expect(page.locator('article h2').first()).toBeVisible();
      const apply = page.getByRole('link', { name: t('jobs.apply'), exact: true }).first();
      await expect(apply).toHaveAttribute(
        'href',
        `mailto:${config.contactEmail}?subject=${encodeURIComponent(title)}`,
      );
      await expect(page.getByRole('heading', { name: t('jobs.perks.equity.title') })).toBeVisible();
      await page.getByRole('link', { name: t('jobs.back') }).click();
      await expect(page).toHaveURL(new RegExp(`${pathTo('jobs', locale)}$`));
    });
  }

  test('its JobPosting data has what job search engines require, pointing at the site’s Organization', async ({
    page,
  }) => {
    await page.goto(pathTo('job', 'fr', { job: remote.slug }));
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const organization = data.find((d) => d['@type'] === 'Organization')!;
    const posting = data.find((d) => d['@type'] === 'JobPosting')!;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      title: titleOf('fr', remote.slug),
      // The posting's own id, the same in every language, under the brand's name.
      identifier: { '@type': 'PropertyValue', name: config.brand, value: remote.slug },
      datePosted: remote.posted,
      employmentType: employmentType[remote.type],
      hiringOrganization: { '@id': `${origin}/#organization`, name: config.brand },
      jobLocationType: 'TELECOMMUTE',
      directApply: false,
      inLanguage: 'fr',
      url: `${origin}${pathTo('job', 'fr', { job: remote.slug })}`,
    });
    expect(organization['@id']).toBe(`${origin}/#organization`);
    expect(posting.description).toMatch(/<h2[^>]*>Vos missions<\/h2>/);
    expect((posting.applicantLocationRequirements as unknown[]).length).toBeGreaterThan(0);
  });

  test('an on-site seasonal posting names its place and its closing date', async ({ page }) => {
    const t = useTranslations('en');
    if (!seasonal)
      throw new Error('content/jobs/en has no on-site or hybrid posting with validThrough');
    await page.goto(pathTo('job', 'en', { job: seasonal.slug }));
    const posting = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').nth(1).textContent())!,
    );
    expect(posting).toMatchObject({
      employmentType: employmentType[seasonal.type],
      validThrough: seasonal.validThrough,
      jobLocation: {
        address: { addressCountry: seasonal.country, addressLocality: seasonal.city },
      },
    });
    await expect(page.locator('.glance')).toContainText(t('jobs.facts.applyBy'));
    await expect(page.locator('.glance')).toContainText(day(seasonal.validThrough!, 'en'));
  });

  test('fr and es have every posting in their own language', async ({ request }) => {
    for (const locale of ['fr', 'es'] as const) {
      for (const slug of jobSlugs) {
        const html = await (await request.get(pathTo('job', locale, { job: slug }))).text();
        expect(html, `${locale}/${slug}`).toMatch(
          new RegExp(`<h1[^>]*>${RegExp.escape(titleOf(locale, slug))}</h1>`),
        );
        expect(html, `${locale}/${slug}`).not.toContain('class="job__fallback"');
      }
    }
  });

  test('Portuguese shows the English posting, marked as English, with a note in Portuguese', async ({
    page,
  }) => {
    const t = useTranslations('pt');
    // Postings without a Portuguese file (all of them today).
    const englishOnly = jobSlugs
      .filter((slug) => !existsSync(`content/jobs/pt/${slug}.md`))
      .slice(0, 2);
    expect(englishOnly.length).toBeGreaterThan(0);
    for (const slug of englishOnly) {
      await page.goto(pathTo('job', 'pt', { job: slug }));
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
      const note = page.getByRole('note');
      await expect(note).toHaveText(t('jobs.fallbackNote'));
      await expect(note).toHaveText('Esta vaga só está disponível em inglês.');
      await expect(page.locator('article')).toHaveAttribute('lang', 'en');
      await expect(page.locator('h1')).toHaveText(titleOf('en', slug));
      // The heading is the English title too, so it sits inside the English part of the page.
      expect(
        await page.locator('h1').evaluate((h) => h.closest('[lang]')?.getAttribute('lang')),
      ).toBe('en');
      // The interface around it stays Portuguese.
      await expect(page.getByRole('link', { name: t('jobs.back') })).toBeVisible();
      await expect(
        page.getByRole('link', { name: t('jobs.apply'), exact: true }).first(),
      ).toBeVisible();
    }
  });
});
