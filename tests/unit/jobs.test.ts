import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyHref,
  byTeam,
  isOpen,
  jobPostingData,
  postingsFor,
  type JobFields,
} from '../../src/content/postings';

const job = (fields: Partial<JobFields> = {}): JobFields => ({
  title: 'Backend engineer',
  team: 'Engineering',
  location: 'Remote (Europe)',
  country: 'NL',
  applicantCountries: ['NL', 'FR'],
  type: 'full-time',
  workplace: 'remote',
  posted: new Date('2026-11-09'),
  order: 100,
  ...fields,
});

const teams = {
  teams: [
    { name: { en: 'Engineering', fr: 'Tech', es: 'Ingeniería' } },
    { name: { en: 'Design', fr: 'Design', es: 'Diseño' } },
  ],
};

describe('which posting a locale shows', () => {
  const english = [
    { id: 'en/backend-engineer', data: job({ order: 20 }) },
    { id: 'en/database-engineer', data: job({ title: 'Database engineer', order: 10 }) },
  ];
  const translations = [
    {
      id: 'fr/backend-engineer',
      data: { title: 'Ingénieur backend (F/H)', location: 'Télétravail (Europe)' },
    },
  ];

  it('shows the locale’s own words when translated', () => {
    const fr = postingsFor(english, translations, teams, 'fr').find(
      (p) => p.slug === 'backend-engineer',
    );
    expect(fr).toMatchObject({ lang: 'fr', fallback: false, entry: { id: 'fr/backend-engineer' } });
    expect(fr?.job).toMatchObject({
      title: 'Ingénieur backend (F/H)',
      location: 'Télétravail (Europe)',
    });
  });

  it('takes every fact of a translation from its English posting, the team named in the locale', () => {
    const paid = [
      { ...english[0]!, data: job({ salary: { min: 50000, max: 60000, per: 'year' } }) },
    ];
    const fr = postingsFor(paid, translations, teams, 'fr')[0]!;
    const { title: _title, location: _location, team: _team, ...facts } = paid[0]!.data;
    expect(fr.job).toMatchObject(facts);
    expect(fr.job.team).toBe('Tech');
    // A change of the English posting reaches the translation with nothing written in French.
    paid[0]!.data.salary = { min: 70000, max: 80000, per: 'year' };
    expect(postingsFor(paid, translations, teams, 'fr')[0]!.job.salary?.min).toBe(70000);
  });

  it('falls back to the English posting, marked as such, when the locale has none', () => {
    const fr = postingsFor(english, translations, teams, 'fr').find(
      (p) => p.slug === 'database-engineer',
    );
    expect(fr).toMatchObject({ lang: 'en', fallback: true, entry: { id: 'en/database-engineer' } });
    expect(fr?.job).toBe(english[1]!.data);
    const pt = postingsFor(english, translations, teams, 'pt');
    expect(pt.every((p) => p.fallback && p.lang === 'en')).toBe(true);
  });

  it('never calls English a fallback, and lists one posting per English file in order', () => {
    const en = postingsFor(english, translations, teams, 'en');
    expect(en.map((p) => [p.slug, p.fallback])).toEqual([
      ['database-engineer', false],
      ['backend-engineer', false],
    ]);
  });

  it('ignores a translation whose English original is gone (a closed posting)', () => {
    const orphan = [
      ...translations,
      { id: 'es/old-role', data: { title: 'Puesto antiguo', location: 'Remoto' } },
    ];
    expect(postingsFor(english, orphan, teams, 'es').map((p) => p.slug)).not.toContain('old-role');
  });

  it('groups by team in the order of each team’s first posting', () => {
    const postings = postingsFor(
      [
        { id: 'en/a', data: job({ team: 'Design', order: 30 }) },
        { id: 'en/b', data: job({ team: 'Engineering', order: 10 }) },
        { id: 'en/c', data: job({ team: 'Engineering', order: 20 }) },
      ],
      [],
      teams,
      'en',
    );
    expect(byTeam(postings).map((g) => [g.team, g.postings.length])).toEqual([
      ['Engineering', 2],
      ['Design', 1],
    ]);
  });
});

describe('the postings in content/jobs', () => {
  const slugs = (locale: string) =>
    existsSync(`content/jobs/${locale}`)
      ? readdirSync(`content/jobs/${locale}`).filter((f) => f.endsWith('.md'))
      : [];
  const english = slugs('en');

  // Editors add and remove postings (docs/content-jobs.md): no count or slug is fixed here.
  it('has postings, each file named by its slug (lower case words joined by hyphens)', () => {
    expect(english.length).toBeGreaterThan(0);
    for (const file of english) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  });

  it.each(['fr', 'es'])('%s has every posting, under the same file names', (locale) => {
    expect(slugs(locale).sort()).toEqual([...english].sort());
  });

  it('no translation lacks its English original (the site map takes slugs from English)', () => {
    for (const locale of ['fr', 'es', 'pt'])
      for (const file of slugs(locale)) expect(english, `${locale}/${file}`).toContain(file);
  });
});

describe('applying', () => {
  it('writes to the contact address with the job title as subject', () => {
    expect(
      applyHref(
        { careersUrl: '', contactEmail: 'jobs@example.com' },
        'Coordinateur moniteurs France (F/H)',
      ),
    ).toBe('mailto:jobs@example.com?subject=Coordinateur%20moniteurs%20France%20(F%2FH)');
  });

  it('goes to the careers site when one is configured', () => {
    expect(
      applyHref({ careersUrl: 'https://careers.example.com/', contactEmail: 'a@b.c' }, 'x'),
    ).toBe('https://careers.example.com/');
  });

  it('is open through the last day of validThrough, closed after it', () => {
    const seasonal = job({ validThrough: new Date('2026-12-15') });
    expect(isOpen(seasonal, new Date('2026-12-15T22:00:00Z'))).toBe(true);
    expect(isOpen(seasonal, new Date('2026-12-16T00:00:01Z'))).toBe(false);
    expect(isOpen(job(), new Date('2030-01-01'))).toBe(true);
  });
});

describe('JobPosting structured data', () => {
  const common = {
    id: 'backend-engineer',
    descriptionHtml: '<p>Body</p>',
    url: 'https://x.test/en/jobs/a',
    organizationId: 'https://x.test/#organization',
    brand: 'Pistelink',
    lang: 'en',
  };

  it('describes a remote job as telecommute, with the countries candidates may live in', () => {
    const data = jobPostingData({ ...common, job: job() });
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: 'Backend engineer',
      identifier: { '@type': 'PropertyValue', name: 'Pistelink', value: 'backend-engineer' },
      description: '<p>Body</p>',
      datePosted: '2026-11-09',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@id': 'https://x.test/#organization', name: 'Pistelink' },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'Country', name: 'NL' },
        { '@type': 'Country', name: 'FR' },
      ],
      directApply: false,
    });
    expect(data).not.toHaveProperty('jobLocation');
  });

  it('gives an on-site seasonal job its place, its closing date and its monthly pay', () => {
    const data = jobPostingData({
      ...common,
      job: job({
        workplace: 'on-site',
        type: 'seasonal',
        country: 'AT',
        city: 'Innsbruck',
        applicantCountries: undefined,
        validThrough: new Date('2026-12-15'),
        salary: { min: 2300, max: 2700, per: 'month' },
      }),
    });
    expect(data).toMatchObject({
      employmentType: 'TEMPORARY',
      validThrough: '2026-12-15',
      jobLocation: {
        '@type': 'Place',
        address: { addressCountry: 'AT', addressLocality: 'Innsbruck' },
      },
      baseSalary: { currency: 'EUR', value: { minValue: 2300, maxValue: 2700, unitText: 'MONTH' } },
    });
    expect(data).not.toHaveProperty('jobLocationType');
  });
});
