/**
 * Tests follow the content: an editor's ordinary, correct edits, made as the docs say in a copy
 * of the project (a resort added, a posting added in en/fr/es and another deleted, the new
 * posting's salary set in English only, the private lesson price changed, a translation string
 * added), keep green every unit test that reads the
 * content (found by ./content-tests.ts, not listed), and the build shows them. A test that fixed
 * a count, a price, a name or a slug would fail here (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { money, moneyRange } from '../../src/i18n/format';
import { pathTo } from '../../src/i18n/routes';
import { contentReadingTests } from './content-tests';
import { copyProject, type ProjectCopy } from './project-copy';

const locales = ['en', 'fr', 'es'] as const;

let site: ProjectCopy;
/** Every unit test that reads content/ (the others test code on fixtures). */
let contentTests: string[];
let units: { code: number; output: string };
let build: { code: number; output: string };
const edits = {
  resort: 'pic-de-prova',
  resortName: 'Pic de Prova',
  posting: 'ski-patrol-liaison',
  deleted: '',
  salary: { min: 0, max: 0 },
  price: 0,
  model: '',
  closed: '',
};
/** A text of content/translations/<locale>.json in the copy, its {{resort}} filled in. */
const words = (locale: string, path: string, resort: string) =>
  String(
    path
      .split('.')
      .reduce<unknown>(
        (at, key) => (at as Record<string, unknown>)[key],
        JSON.parse(site.read(`content/translations/${locale}.json`)),
      ),
  ).replace('{{resort}}', resort);

/** A built page's HTML, by its address (pages are files: `/en/jobs` is `en/jobs.html`). */
const page = (path: string) => readFileSync(join(site.dir, 'dist/client', `${path}.html`), 'utf8');
const built = (path: string) => existsSync(join(site.dir, 'dist/client', `${path}.html`));

beforeAll(async () => {
  site = copyProject('editor');
  const files = (dir: string) => readdirSync(join(site.dir, dir)).sort();

  // A resort, modelled on an existing one (docs/content-resorts.md): its own name and uuid, and
  // a season that ended yesterday (the build goes on, and its pages say so).
  const model = files('content/resorts').find((name) => name.endsWith('.yaml'))!;
  edits.model = model.replace(/\.yaml$/, '');
  const daysAgo = (days: number) =>
    new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  edits.closed = daysAgo(1);
  site.write(
    `content/resorts/${edits.resort}.yaml`,
    site
      .read(`content/resorts/${model}`)
      .replace(/^name: .*$/m, `name: ${edits.resortName}`)
      .replace(/^uuid: \S+/m, `uuid: ${randomUUID()}`)
      .replace(/^season: .*$/m, `season: { opens: ${daysAgo(140)}, closes: ${edits.closed} }`),
  );
  // …and the resort it was modelled on in season, whatever the day the test runs.
  site.edit(`content/resorts/${model}`, (text) =>
    text.replace(/^season: .*$/m, `season: { opens: ${daysAgo(10)}, closes: ${daysAgo(-120)} }`),
  );

  // A posting in en, fr and es, copied from the first (docs/content-jobs.md), and the last deleted.
  // Its salary is written once, in English: the translations hold only their words.
  const postings = files('content/jobs/en');
  edits.deleted = postings.at(-1)!.replace(/\.md$/, '');
  const paid = postings.find((name) =>
    /^salary: .*per: year/m.test(site.read(`content/jobs/en/${name}`)),
  );
  const band = /^salary: \{ min: (\d+), max: (\d+)/m.exec(site.read(`content/jobs/en/${paid}`))!;
  edits.salary = { min: Number(band[1]) + 1100, max: Number(band[2]) + 1300 };
  for (const locale of locales) {
    site.write(
      `content/jobs/${locale}/${edits.posting}.md`,
      site
        .read(`content/jobs/${locale}/${paid}`)
        .replace(/^title: .*$/m, `title: Ski patrol liaison ${locale}`)
        .replace(
          /^salary: .*$/m,
          `salary: { min: ${edits.salary.min}, max: ${edits.salary.max}, per: year }`,
        ),
    );
  }
  for (const locale of readdirSync(join(site.dir, 'content/jobs'))) {
    if (existsSync(join(site.dir, `content/jobs/${locale}/${edits.deleted}.md`)))
      site.remove(`content/jobs/${locale}/${edits.deleted}.md`);
  }

  // The private lesson price (docs/content.md: content/site-facts.json).
  const facts = JSON.parse(site.read('content/site-facts.json'));
  edits.price = facts.lessons.privateHourly =
    Math.round((facts.lessons.privateHourly + 1.35) * 100) / 100;
  site.write('content/site-facts.json', `${JSON.stringify(facts, null, 2)}\n`);

  // A translation string, in every language (docs/translations.md).
  for (const locale of ['en', 'fr', 'es', 'pt']) {
    site.edit(`content/translations/${locale}.json`, (text) => {
      const strings = JSON.parse(text);
      strings.editorsNote = { heading: `Note (${locale})` };
      return `${JSON.stringify(strings, null, 2)}\n`;
    });
  }

  contentTests = contentReadingTests(site.dir);
  const timed = async <T>(what: string, run: Promise<T>) => {
    const start = performance.now();
    const result = await run;
    console.log(`${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return result;
  };
  // One after the other: the tests that start servers and command-line tools time out when they
  // share two cores with a build.
  build = await timed('build', site.build());
  units = await timed(
    `${contentTests.length} unit test files`,
    site.node(['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...contentTests]),
  );
}, 360_000);

afterAll(() => site?.removeAll());

describe('after an editor’s ordinary edits', () => {
  test('every unit test that reads the content passes', () => {
    expect(units.output).toMatch(/Tests\s+\d+ passed/);
    expect(units.code, units.output).toBe(0);
    // Each found file ran: none was left out by a filter that matched nothing.
    for (const file of contentTests) expect(units.output).toContain(file);
  });

  test('the tests found include those that read the content through the site’s modules', () => {
    // Through src/site-facts.ts (the lesson price) and src/i18n/translate.ts (the words).
    expect(contentTests).toContain('tests/unit/lesson-search.test.ts');
    expect(contentTests).toContain('tests/unit/i18n.test.ts');
    // From disk, by the folder's name (src/content/check).
    expect(contentTests).toContain('tests/unit/content-check.test.ts');
    // A test of code on fixtures alone is not run again.
    expect(contentTests).not.toContain('tests/unit/locales.test.ts');
  });

  test('the site builds, warning of the season that has ended', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).toContain(
      `content/resorts/${edits.resort}.yaml, line ${
        site
          .read(`content/resorts/${edits.resort}.yaml`)
          .split('\n')
          .findIndex((l) => l.startsWith('season:')) + 1
      }: season ended on ${edits.closed}`,
    );
  });

  test('a resort whose season has ended says the next season’s dates are to be announced, and offers no booking', () => {
    for (const locale of locales) {
      const lessons = page(pathTo('resortSkiLessons', locale, { resort: edits.resort }));
      expect(lessons).toContain(words(locale, 'resorts.lessons.seasonOver', edits.resortName));
      expect(lessons).toContain(words(locale, 'resorts.info.nextSeason', edits.resortName));
      const invitation = words(locale, 'resorts.lessons.closed', edits.resortName).split(
        '{{date}}',
      )[1]!;
      expect(lessons).not.toContain(invitation.trim());
      expect(lessons).not.toContain(words(locale, 'resorts.lessons.bookButton', edits.resortName));
      const rental = page(pathTo('resortRental', locale, { resort: edits.resort }));
      expect(rental).not.toContain('id="reserve"');
      expect(rental).not.toContain('#reserve');
      // The resort it was modelled on, in season, still takes bookings.
      expect(page(pathTo('resortRental', locale, { resort: edits.model }))).toContain(
        'id="reserve"',
      );
      expect(page(pathTo('resortSkiLessons', locale, { resort: edits.model }))).not.toContain(
        words(locale, 'resorts.info.nextSeason', edits.resortName),
      );
    }
  });

  test('the new resort has its pages in every language, listed on the destinations page', () => {
    for (const locale of locales) {
      for (const id of ['resortSkiLessons', 'resortSnowboardLessons', 'resortRental'] as const) {
        expect(built(pathTo(id, locale, { resort: edits.resort })), `${id} ${locale}`).toBe(true);
      }
      expect(page(pathTo('destinations', locale))).toContain(edits.resortName);
    }
  });

  test('the jobs page lists the new posting and no longer the deleted one', () => {
    for (const locale of locales) {
      expect(built(pathTo('job', locale, { job: edits.posting }))).toBe(true);
      expect(built(pathTo('job', locale, { job: edits.deleted }))).toBe(false);
      const jobs = page(pathTo('jobs', locale));
      expect(jobs).toContain(`Ski patrol liaison ${locale}`);
      expect(jobs).not.toContain(`/${edits.deleted}"`);
    }
  });

  test('the new posting shows in every language the salary written only in its English file', () => {
    expect(site.read(`content/jobs/fr/${edits.posting}.md`)).not.toMatch(/^salary:/m);
    for (const locale of locales) {
      expect(page(pathTo('job', locale, { job: edits.posting }))).toContain(
        moneyRange(edits.salary.min, edits.salary.max, locale),
      );
    }
  });

  test('every lesson page shows the new private lesson price, the locale’s way', () => {
    for (const locale of locales) {
      const html = page(pathTo('resortSkiLessons', locale, { resort: edits.resort }));
      expect(/data-price="private-hourly"[^>]*>([^<]*)</.exec(html)?.[1]).toBe(
        money(edits.price, locale),
      );
      expect(page(pathTo('home', locale))).toContain(money(edits.price, locale));
    }
  });
});
