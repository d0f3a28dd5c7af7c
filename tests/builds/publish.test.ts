/**
 * Publishing in a copy of the project (a git repository, as a deployed site is), served by its
 * own `npm start` under load. An editor signs in in Chromium and presses Publish: the new build is
 * served without a restart and no request fails during the switch. `npm run publish -- --rollback`
 * brings the previous build and its content back the same way. Each is a git commit of content/
 * by the editor; a publish the content check refuses changes nothing.
 *
 * Then what docs/content.md tells a new editor, all in the browser against the same `npm start`:
 * a posting added in English, French and Spanish in the editing screen, previewed (the preview
 * shows it, the live site does not), published (live without a restart, no failed request) and
 * rolled back (gone again).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { pathTo } from '../../src/i18n/routes';
import type { Locale } from '../../src/i18n/locales';
import { pageAddresses } from '../../src/server/prebuilt-pages';
import { startNodeServer } from '../../scripts/budgets/as-sent.mjs';
import { eventually } from '../eventually';
import { copyProject, type ProjectCopy } from './project-copy';

let site: ProjectCopy;
let server: Awaited<ReturnType<typeof startNodeServer>>;
let browser: Browser;
const editor = 'Ann Editor <ann@example.com>';
const account = { email: 'ann@example.com', password: 'a long passphrase for tests' };

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: site.dir, encoding: 'utf8' }).trim();
const publish = (...args: string[]) => site.node(['scripts/publish.mjs', '--by', editor, ...args]);

beforeAll(async () => {
  site = copyProject('publish');
  const identity = ['-c', 'user.name=Deploy', '-c', 'user.email=deploy@example.com'];
  git('init', '-q');
  git('add', '-A');
  git(...identity, 'commit', '-qm', 'Site as deployed');
  const first = await publish();
  expect(first.code, first.output).toBe(0);
  const added = await site.node(
    ['scripts/editors.mjs', 'add', account.email, '--name', 'Ann Editor'],
    { EDITOR_PASSWORD: account.password },
  );
  expect(added.code, added.output).toBe(0);
  // The server's Publish button builds: with SITE_URL, as a deployed server has it (a build under
  // CI stops without one).
  server = await startNodeServer(site.dir, { env: { SITE_URL: 'http://localhost:4321' } });
  browser = await chromium.launch(chromiumLaunchOptions);
  // A first build in a fresh copy: up to two minutes on a busy 2-core machine.
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.removeAll();
});

/** An English posting (the first by file name), its title as the file says it. */
function aPosting() {
  const file = `content/jobs/en/${readdirSync(join(site.dir, 'content/jobs/en')).sort()[0]}`;
  const title = /^title: (.*)$/m.exec(site.read(file))?.[1];
  if (!title) throw new Error(`${file} has no title`);
  return { file, title, page: `/en/jobs/${file.split('/').pop()!.replace(/\.md$/, '')}` };
}

/**
 * Visitors, four at a time, asking for pages, an asset and a missing page (answered by the
 * server code loaded on demand) until stopped: every answer that is not the expected status, or
 * no answer at all, is a failure.
 */
function load(url: string) {
  const html = execFileSync('curl', ['-s', `${url}/en`], { encoding: 'utf8' });
  const asset = /\/_astro\/[^"']+\.(?:css|js)/.exec(html)?.[0];
  if (!asset) throw new Error('The home page links no asset');
  const asks: [string, number][] = [
    ['/en', 200],
    ['/fr/emplois', 200],
    [aPosting().page, 200],
    [asset, 200],
    ['/en/no-such-page', 404],
  ];
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const visitor = async (start: number) => {
    for (let i = start; running; i++) {
      const [path, status] = asks[i % asks.length]!;
      try {
        const response = await fetch(url + path);
        await response.arrayBuffer();
        if (response.status !== status) failures.push(`${path}: ${response.status}`);
        answered++;
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
      }
    }
  };
  const visitors = [0, 1, 2, 3].map(visitor);
  return {
    stop: async () => {
      running = false;
      await Promise.all(visitors);
      return { answered, failures };
    },
  };
}

/**
 * Waits for what a switch shows. The server loads the new build's code beside the old one before
 * it switches: under a second on a quiet machine, seconds on a busy one.
 */
const SWITCH_MS = 60_000;

const pageText = async (path: string) => (await fetch(server.url + path)).text();

describe('npm run publish', () => {
  const posting = () => aPosting();
  let original: ReturnType<typeof aPosting>;
  let renamed: string;

  test('an editor signs in and presses Publish: served without a restart, no request fails', async () => {
    original = posting();
    renamed = `${original.title} (renamed)`;
    site.edit(original.file, (text) =>
      text.replace(`title: ${original.title}`, `title: ${renamed}`),
    );
    const page = await browser.newPage();
    page.setDefaultTimeout(170_000);
    // The editing screen's address leads to signing in first.
    await page.goto(`${server.url}/keystatic`);
    await expect(
      page.getByRole('heading', { name: 'Sign in to edit the site' }).count(),
    ).resolves.toBe(1);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Ann Editor').waitFor();

    const visitors = load(server.url);
    const started = performance.now();
    await page.getByRole('button', { name: 'Publish' }).click();
    const result = await page.getByRole('status').textContent();
    const seconds = (performance.now() - started) / 1000;
    await eventually(
      'the new title',
      async () => (await pageText(original.page)).includes(renamed),
      SWITCH_MS,
    );
    const { answered, failures } = await visitors.stop();
    console.log(`publish: ${seconds.toFixed(1)} s, ${answered} requests during it`);
    await page.close();

    expect(result).toContain('Published: 1 changed file(s) of content/ are live');
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    expect(server.process.exitCode).toBeNull(); // the same process: not restarted
    // Every page of the new build, and the on-demand 404 whose code is loaded from it.
    const pages = [...pageAddresses(join(realpathSync(join(site.dir, 'dist')), 'client'))];
    expect(pages.length).toBeGreaterThan(50);
    const statuses = await Promise.all(
      pages.map(async (path) => [path, (await fetch(server.url + encodeURI(path))).status]),
    );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    expect((await fetch(`${server.url}/en/no-such-page`)).status).toBe(404);
    // Recorded: who, when, what.
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe(`${editor}|Publish by Ann Editor`);
    expect(git('log', '-1', '--format=%b')).toContain(`M\t${original.file}`);
    expect(git('status', '--porcelain', '--', 'content')).toBe('');
  }, 300_000); // a build: up to two and a half minutes on a busy 2-core machine

  test('rolls back under load: the previous build and its content are back, no request fails', async () => {
    const served = realpathSync(join(site.dir, 'dist'));
    const visitors = load(server.url);
    const started = performance.now();
    const rolledBack = await publish('--rollback');
    const seconds = (performance.now() - started) / 1000;
    expect(rolledBack.code, rolledBack.output).toBe(0);
    await eventually(
      'the old title',
      async () => !(await pageText(original.page)).includes(renamed),
      SWITCH_MS,
    );
    const { answered, failures } = await visitors.stop();
    console.log(`rollback: ${seconds.toFixed(1)} s, ${answered} requests during it`);

    expect(failures).toEqual([]);
    expect(await pageText(original.page)).toContain(original.title);
    expect(server.process.exitCode).toBeNull();
    expect(realpathSync(join(site.dir, 'dist'))).not.toBe(served);
    // The editing screen shows what visitors see: the content as that build was made from.
    expect(site.read(original.file)).toContain(`title: ${original.title}\n`);
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toMatch(
      new RegExp(`^${editor}\\|Roll back to the publish of .* by Ann Editor, by Ann Editor$`),
    );
  });

  test('a publish the content check refuses changes nothing visitors see, and records nothing', async () => {
    const served = realpathSync(join(site.dir, 'dist'));
    const commits = git('rev-list', '--count', 'HEAD');
    const { file } = posting();
    site.edit(file, (text) => `${text}\n{{noSuchFact}}\n`);

    const refused = await publish();
    site.edit(file, (text) => text.replace('\n{{noSuchFact}}\n', ''));

    expect(refused.code).toBe(1);
    expect(refused.output).toContain('noSuchFact');
    expect(refused.output).toContain('Not published: the content check found problems');
    expect(realpathSync(join(site.dir, 'dist'))).toBe(served);
    expect(git('rev-list', '--count', 'HEAD')).toBe(commits);
  });
});

/** Signs in on the page it is shown (the editing screen's and the preview's links lead there). */
async function signIn(page: Page) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A posting as the test writes it in one language. */
type Posting = { title: string; location: string; body: string };

/** Fills the fields every posting form has, then presses Create and waits for the saved entry. */
async function fillAndCreate(page: Page, locale: Locale, slug: string, posting: Posting) {
  await page.getByRole('textbox', { name: /^Location/ }).fill(posting.location);
  await page.locator('[contenteditable="true"]').first().fill(posting.body);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(new RegExp(`/keystatic/collection/jobs-${locale}/item/${slug}$`));
}

/** The English posting, through the editing screen's form: its file name is made from the title. */
async function addEnglishPosting(page: Page, url: string, posting: Posting) {
  await page.goto(`${url}/keystatic/collection/jobs-en/create`);
  await page.getByRole('textbox', { name: /^Title/ }).fill(posting.title);
  const slug = await page.getByRole('textbox', { name: /^File name/ }).inputValue();
  // The facts every language shows are the English posting's alone.
  await page.getByRole('textbox', { name: /^City/ }).fill(posting.location);
  await page.getByLabel('Posted on').fill(new Date().toISOString().slice(0, 10));
  await fillAndCreate(page, 'en', slug, posting);
  return slug;
}

/**
 * A translation of the English posting `slug`, through the editing screen's form. The one place
 * that knows how a translation is entered: the title in its language, the English posting picked
 * from the list (its file name becomes the translation's), the location and the description; the
 * facts (salary, order, workplace, contract, country) are the English posting's, not asked here.
 */
async function addTranslation(
  page: Page,
  url: string,
  locale: Locale,
  slug: string,
  posting: Posting,
) {
  await page.goto(`${url}/keystatic/collection/jobs-${locale}/create`);
  await page.getByRole('textbox', { name: /^Title/ }).fill(posting.title);
  // Picked with the keyboard, as the list's own layout may put an option under the screen's
  // fixed link: typing filters the list, the arrow takes its first entry, Enter chooses it.
  const picker = page.getByRole('combobox', { name: /^English posting/ });
  const option = page.getByRole('option', { name: slug, exact: true });
  // The list's entries come once the screen has read the collection. Typed before that, the
  // filter finds nothing, the list closes and does not open again when they come (failed once
  // in a rehearsal): typed again until the posting shows.
  const deadline = Date.now() + 150_000;
  for (;;) {
    await picker.fill(slug);
    try {
      await option.waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await picker.fill('');
    }
  }
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await fillAndCreate(page, locale, slug, posting);
}

/** Presses a button of the editors' page and gives what the page then says, and how long it took. */
async function press(page: Page, button: string) {
  await page.goto(`${server.url}/editors`);
  const started = performance.now();
  await page.getByRole('button', { name: button, exact: true }).click();
  const said = await page.locator('[role=status]').first().textContent();
  return { said: said ?? '', seconds: (performance.now() - started) / 1000 };
}

describe('an editor alone, in the browser: edit, preview, publish, roll back', () => {
  const stamp = Date.now().toString(36);
  const postings: Record<'en' | 'fr' | 'es', Posting> = {
    en: {
      title: `Snow studio coordinator ${stamp}`,
      location: 'Jaca',
      body: 'Plan the first days of {{brand}} instructors at the resort.',
    },
    fr: {
      title: `Coordinateur studio neige ${stamp}`,
      location: 'Jaca',
      body: 'Organiser les premiers jours des moniteurs {{brand}} en station.',
    },
    es: {
      title: `Coordinador estudio nieve ${stamp}`,
      location: 'Jaca',
      body: 'Organizar los primeros días de los monitores de {{brand}} en la estación.',
    },
  };
  const languages = Object.keys(postings) as (keyof typeof postings)[];

  test('adds a posting in three languages, previews, publishes and rolls it back', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(170_000);
    const began = performance.now();
    const step = (what: string) =>
      console.log(`editor alone: ${what} at ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const liveStatus = async (path: string) => (await fetch(server.url + path)).status;

    // The editing screen, from the editors' page.
    await page.goto(`${server.url}/keystatic`);
    await signIn(page);
    await page.getByRole('link', { name: 'Open the editing screen' }).click();
    await page.getByRole('link', { name: 'Preview, publish or roll back' }).waitFor();

    const slug = await addEnglishPosting(page, server.url, postings.en);
    await addTranslation(page, server.url, 'fr', slug, postings.fr);
    await addTranslation(page, server.url, 'es', slug, postings.es);
    step('three postings saved');
    const pages = languages.map((locale) => pathTo('job', locale, { job: slug }));
    for (const locale of languages)
      expect(site.read(`content/jobs/${locale}/${slug}.md`)).toContain(postings[locale].title);

    // Preview: the editor sees the posting in every language, marked; visitors do not.
    await page.getByRole('link', { name: 'Preview, publish or roll back' }).click();
    const previewed = await press(page, 'Preview');
    step('preview built');
    expect(previewed.said).toContain('Preview ready');
    await page.getByRole('link', { name: 'open the preview' }).click();
    for (const [i, locale] of languages.entries()) {
      await page.goto(server.url + pages[i]!);
      await page.getByRole('heading', { name: postings[locale].title }).waitFor();
      await expect(page.locator('#preview-marker').isVisible()).resolves.toBe(true);
      // The band sits above the site's header, not over it (its logo, menus and language).
      const band = (await page.locator('#preview-marker').boundingBox())!;
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(band.y + band.height - 1);
      expect(await liveStatus(pages[i]!)).toBe(404);
    }
    // A colleague opens the shared link, signs in, and sees the same.
    const colleague = await browser.newPage();
    await colleague.goto(`${server.url}/editors/preview`);
    await signIn(colleague);
    await colleague.goto(server.url + pages[0]!);
    await colleague.getByRole('heading', { name: postings.en.title }).waitFor();
    await colleague.close();
    // Leaving the preview (the band's words are the page's: English here): the live site again.
    await page.goto(server.url + pages[0]!);
    await page.getByRole('link', { name: 'Leave the preview' }).click();
    expect((await page.goto(server.url + pages[0]!))?.status()).toBe(404);

    step('preview seen');
    // Publish: the previewed build goes live, without a restart, no request failing.
    const visitors = load(server.url);
    const published = await press(page, 'Publish');
    await eventually(
      'the posting, live',
      async () => (await liveStatus(pages[0]!)) === 200,
      SWITCH_MS,
    );
    const during = await visitors.stop();
    expect(published.said).toContain('Published: 3 changed file(s) of content/ are live');
    expect(during.failures).toEqual([]);
    for (const [i, locale] of languages.entries())
      expect(await pageText(pages[i]!)).toContain(postings[locale].title);
    expect(server.process.exitCode).toBeNull();

    // Roll back: gone again, the files too.
    const rolledBack = await press(page, 'Roll back');
    expect(rolledBack.said).toContain('Rolled back');
    await eventually(
      'the posting, gone',
      async () => (await liveStatus(pages[0]!)) === 404,
      SWITCH_MS,
    );
    for (const path of pages) expect(await liveStatus(path)).toBe(404);
    for (const locale of languages)
      expect(existsSync(join(site.dir, `content/jobs/${locale}/${slug}.md`))).toBe(false);
    console.log(
      `editor alone: preview ${previewed.seconds.toFixed(1)} s, publish ${published.seconds.toFixed(1)} s, rollback ${rolledBack.seconds.toFixed(1)} s`,
    );
    await page.close();
    step('done');
  }, 420_000); // a build (the preview's): up to three minutes on a busy 2-core machine
});
