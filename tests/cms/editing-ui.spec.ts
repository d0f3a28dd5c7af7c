/**
 * The editing UI (`npm run cms`, Keystatic at /keystatic) as an editor uses it, in a copy of the
 * project: a changed price is saved into the site facts, which keep their shape and pass the
 * editors' check; a job posting created through the form is saved as a file the editors' check
 * accepts, and the build makes its page; a French posting is created by choosing its English
 * posting, under that posting's file name; a rental pack's price changed in its list is saved and
 * checked. The UI's load and save times are printed (docs/content.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { copyProject, type ProjectCopy } from '../builds/project-copy';
import { freePort } from '../free-port';
import { parse } from 'yaml';

/** A rental pack as content/rental-packs.yaml holds it (the fields this test reads). */
type PackFile = { id: string; name: { en: string }; dayPrice: number; photoAlt?: object };

/**
 * Keystatic writes a file in place, so a read may catch it half written (empty, or cut off): a
 * poll reads it through this, which gives undefined for a file that does not parse, and reads
 * again. A poll waits for the whole file as expected, not one field of it, for the same reason.
 */
const whenWhole =
  <T>(read: () => T) =>
  (): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };

let site: ProjectCopy;
let ui: ChildProcess;
let url = '';

/** The posting the test writes: a title no content has, and the slug Keystatic makes of it. */
const title = `Snow test coordinator ${Date.now().toString(36)}`;
const slug = title.toLowerCase().replaceAll(' ', '-');

test.beforeAll(async () => {
  site = copyProject('cms');
  // `npm run cms` there: astro dev with CMS=1, on a port the test reads from its output.
  const port = await freePort();
  ui = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port)],
    {
      cwd: site.dir,
      env: { ...process.env, CMS: '1', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  url = await new Promise<string>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = /Local\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (found) done(found[1]!);
    };
    ui.stdout!.on('data', read);
    ui.stderr!.on('data', read);
    ui.once('exit', () => fail(new Error(`npm run cms stopped:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (ui && ui.exitCode === null) {
    const exited = new Promise((done) => ui.once('exit', done));
    ui.kill('SIGTERM');
    await exited;
  }
  site?.removeAll();
});

test('the private lesson’s hourly price changed in the editing UI is saved into the site facts', async ({
  page,
}) => {
  const file = 'content/site-facts.json';
  const before = JSON.parse(site.read(file)) as { lessons: { privateHourly: number } };
  // A price the file does not hold yet, with cents, as an editor types it.
  const price = Math.round((before.lessons.privateHourly + 1.25) * 100) / 100;

  const loading = Date.now();
  await page.goto(`${url}/keystatic/singleton/site-facts`);
  const field = page.getByLabel(/^Private lesson, per hour/);
  await expect(field).toBeVisible({ timeout: 120_000 });
  const loadTime = Date.now() - loading;
  await expect(
    page.getByText('What one hour of private lesson costs for one learner'),
  ).toBeVisible();

  // A price the site would refuse is stopped in the form, in words, and nothing is written.
  await field.fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/must be at least 0/)).toBeVisible();
  expect(JSON.parse(site.read(file))).toEqual(before);

  await field.fill(String(price));
  const saving = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Unsaved')).toBeHidden();
  // Only the price changed: every other fact, and the file's shape, are as they were.
  await expect
    .poll(whenWhole(() => JSON.parse(site.read(file)) as unknown))
    .toEqual({ ...before, lessons: { ...before.lessons, privateHourly: price } });
  const saveTime = Date.now() - saving;
  console.log(`Editing UI: site facts ready in ${loadTime} ms, price saved in ${saveTime} ms`);
  const check = await site.node(['scripts/content-check.mjs']);
  expect(check.output).toContain('no problems found');
});

test('a job posting created in the editing UI is saved, checked and built into its page', async ({
  page,
}) => {
  const teams = (parse(site.read('content/teams.yaml')) as { teams: { name: { en: string } }[] })
    .teams;

  const loading = Date.now();
  await page.goto(`${url}/keystatic/collection/jobs-en/create`);
  const titleField = page.getByRole('textbox', { name: /^Title/ });
  await expect(titleField).toBeVisible({ timeout: 120_000 });
  const loadTime = Date.now() - loading;

  // The help the schemas' comments give is shown under the fields.
  await expect(
    page.getByText('The team the posting is listed under on the jobs page'),
  ).toBeVisible();
  await titleField.fill(title);
  await page.getByRole('textbox', { name: /^Location/ }).fill('Jaca');
  await page.getByRole('textbox', { name: /^City/ }).fill('Jaca');
  await page.getByLabel('Posted on').fill('2026-11-23');
  await page
    .locator('[contenteditable="true"]')
    .first()
    .fill('Plan the first days of {{brand}} instructors at the resort.');
  // The team is a choice of content/teams.yaml: the last one, not the default.
  const team = teams.at(-1)!.name.en;
  await page.getByRole('button', { name: /Team/ }).click();
  await page.getByRole('option', { name: team }).click();

  const saving = Date.now();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/keystatic/collection/jobs-en/item/${slug}$`));
  const saveTime = Date.now() - saving;
  console.log(`Editing UI: form ready in ${loadTime} ms, posting saved in ${saveTime} ms`);

  const file = `content/jobs/en/${slug}.md`;
  expect(existsSync(join(site.dir, file))).toBe(true);
  expect(site.read(file)).toContain(`team: ${team}`);

  const check = await site.node(['scripts/content-check.mjs']);
  expect(check.output).toContain('no problems found');
  const build = await site.build();
  expect(build.code, build.output).toBe(0);
  const html = readFileSync(
    join(site.dir, 'dist/client', `${pathTo('job', 'en', { job: slug })}.html`),
    'utf8',
  );
  expect(html).toContain(title);
  expect(html).toContain('Plan the first days of');
});

test('a French posting is created by picking its English posting: saved under the English name, with no facts of its own', async ({
  page,
}) => {
  // An English posting whose French page the editor writes again (removed from the copy first).
  const english = readdirSync(join(site.dir, 'content/jobs/en'))
    .map((file) => file.replace(/\.md$/, ''))
    .sort();
  const chosen = english.find((name) => existsSync(join(site.dir, `content/jobs/fr/${name}.md`)))!;
  const file = `content/jobs/fr/${chosen}.md`;
  site.remove(file);
  const frenchTitle = `Poste de test ${Date.now().toString(36)} (F/H)`;

  await page.goto(`${url}/keystatic/collection/jobs-fr/create`);
  const titleField = page.getByRole('textbox', { name: /^Title/ });
  await expect(titleField).toBeVisible({ timeout: 120_000 });
  // No file name to type: the form asks which English posting this translates.
  await expect(page.getByRole('textbox', { name: /file name/i })).toHaveCount(0);
  await titleField.fill(frenchTitle);
  // Without its English posting the translation cannot be created: the field says so.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('English posting is required')).toBeVisible();
  expect(existsSync(join(site.dir, file))).toBe(false);
  // The list (the field's button) is the English postings' file names, every one of them.
  await page.getByRole('button', { name: 'Show suggestions' }).click();
  await expect(page.getByRole('option')).toHaveCount(english.length);
  // Typing a few letters narrows it; the editor picks the posting.
  await page.getByRole('combobox', { name: /^English posting/ }).fill(chosen);
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await page.getByRole('textbox', { name: /^Location/ }).fill('Télétravail (Europe)');
  await page
    .locator('[contenteditable="true"]')
    .first()
    .fill('Vous rejoignez {{brand}} pour la saison.');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/keystatic/collection/jobs-fr/item/${chosen}$`));

  // Saved under the English posting's name, holding only the words: the facts are English's.
  await expect.poll(whenWhole(() => site.read(file))).toContain('Vous rejoignez');
  const front = parse(/^---\n([\s\S]*?)\n---/.exec(site.read(file))![1]!) as object;
  expect(front).toEqual({ title: frenchTitle, location: 'Télétravail (Europe)' });

  // A second French page of the same posting is refused: the first is not written over. The dev
  // server may reload the screen once after the first save, whose file it watches (seen in a
  // rehearsal: the next page load aborted): a reload that cuts into the attempt starts it again.
  // A second page written would fail every attempt (the address leaves `create`) and the file's
  // check after them.
  const saved = site.read(file);
  await expect(async () => {
    await page.goto(`${url}/keystatic/collection/jobs-fr/create`);
    const within = { timeout: 30_000 };
    await page.getByRole('textbox', { name: /^Title/ }).fill('Doublon (F/H)', within);
    await page.getByRole('combobox', { name: /^English posting/ }).fill(chosen, within);
    await page.getByRole('option', { name: chosen, exact: true }).click(within);
    await page.getByRole('textbox', { name: /^Location/ }).fill('Ailleurs', within);
    await page.getByRole('button', { name: 'Create' }).click(within);
    await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
    await expect(page).toHaveURL(/\/keystatic\/collection\/jobs-fr\/create$/);
  }).toPass({ timeout: 150_000 });
  expect(site.read(file)).toBe(saved);

  const check = await site.node(['scripts/content-check.mjs']);
  expect(check.output).toContain('no problems found');
});

test('a rental pack’s day price changed in the editing UI is saved and passes the check', async ({
  page,
}) => {
  // The packs as the site reads them: the form writes a photo description left empty as
  // `photoAlt: {}`, which the schema reads as none (no photo, no description).
  const packsOf = () =>
    (parse(site.read('content/rental-packs.yaml')) as { packs: PackFile[] }).packs.map(
      ({ photoAlt, ...pack }) =>
        photoAlt && Object.keys(photoAlt).length > 0 ? { ...pack, photoAlt } : pack,
    );
  const before = packsOf();
  const pack = before[0]!;
  const newPrice = pack.dayPrice + 1;

  await page.goto(`${url}/keystatic/singleton/rental-packs`);
  await page.getByText(`${pack.name.en} (${pack.id})`).click();
  const form = page.getByRole('dialog');
  const price = form.getByRole('textbox', { name: /^Price for one day/ });
  // The field's help, from the form, under the field.
  await expect(form.getByText('The rental and prices pages show it per day.')).toBeVisible();
  await price.fill(String(newPrice));
  await form.getByRole('button', { name: 'Done' }).click();

  const saving = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  // Only that price changed: every other pack is as it was.
  await expect
    .poll(whenWhole(packsOf), { intervals: [100] })
    .toEqual(before.map((p) => (p.id === pack.id ? { ...pack, dayPrice: newPrice } : p)));
  console.log(`Editing UI: rental packs saved in ${Date.now() - saving} ms`);

  const check = await site.node(['scripts/content-check.mjs']);
  expect(check.output).toContain('no problems found');
});

test('a price typed the French way is refused beside its field, and nothing is written', async ({
  page,
}) => {
  const file = 'content/site-facts.json';
  const before = site.read(file);
  await page.goto(`${url}/keystatic/singleton/site-facts`);
  const field = page.getByLabel(/^Private lesson, per hour/);
  await expect(field).toBeVisible({ timeout: 120_000 });
  // 29,90: the field reads the comma as a thousands separator, 2990, above the bound.
  await field.fill('29,90');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/must be at most 200/)).toBeVisible();
  expect(site.read(file)).toBe(before);
});

test('a save the check refuses shows its problem in the editing UI, never an error page over it', async ({
  page,
}) => {
  // Two resorts of one name: each form is right on its own, only the check across files sees it.
  const [first, second] = readdirSync(join(site.dir, 'content/resorts'))
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .slice(0, 2)
    .map((file) => `content/resorts/${file}`)
    .map((file) => ({ file, name: (parse(site.read(file)) as { name: string }).name }));
  const id = second!.file.replace(/^.*\/|\.yaml$/g, '');
  await page.goto(`${url}/keystatic/collection/resorts/item/${id}`);
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeVisible({ timeout: 120_000 });
  const panel = page.getByRole('complementary', { name: /^Content check/ });
  await expect(panel).toContainText('no problems');

  // Astro's dev server reloads every open page about a second after content changes, the form
  // with it: a name typed before that reload would be gone with it (seen on a busy CI machine).
  // The editor's second try waits for it (bounded: a server that stops reloading loses nothing).
  const reloaded = page
    .waitForEvent('load', { timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  await name.fill(first!.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toContainText('1 problem to fix', { timeout: 30_000 });
  await expect(panel).toContainText(
    `${second!.file}, line ${
      site
        .read(second!.file)
        .split('\n')
        .findIndex((l) => l.startsWith('name:')) + 1
    }: name "${first!.name}" is already the name of the resort of ${first!.file}`,
  );
  // The form stays usable: no error overlay covers it, its Save button can be pressed.
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);
  if (await reloaded) await expect(name).toHaveValue(first!.name, { timeout: 60_000 });
  await name.fill(second!.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toContainText('no problems', { timeout: 30_000 });
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);
});
