/**
 * The team inbox at /team, on the real server (`node server.mjs`), its real SQLite database and a
 * real SMTP server (`smtp-server`): without a session it sends no one's data; an editor's account
 * is refused; a team account, signed in in Chromium, lists, searches and opens submissions, sees
 * their mails' state, downloads an applicant's licence, marks a submission handled and exports
 * the CSV `npm run submissions` exports. The team's mail links to the submission's page. axe on
 * the overview, a list and a submission's page.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/team/inbox';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { hashPassword } from '../../src/editors/passwords';
import { openEditors } from '../../src/editors/store';
import { pdfBytes, rows } from '../e2e/forms-helpers';
import { bookableRental } from '../e2e/site';
import { contactMessageFields, rentalFields } from '../forms-fixtures';
import { eventually } from '../eventually';
import { startMailbox, stopMailbox, type Mailbox } from '../mail-helpers';
import { application, freshData, json, startServer, type Server } from './server';

const data = freshData();
const editorsDb = join(dirname(data.dbPath), 'editors.sqlite');
const team = {
  email: 'tess@pistelink.test',
  name: 'Tess Team',
  password: 'a team passphrase for tests',
};
const editor = {
  email: 'eddy@pistelink.test',
  name: 'Eddy Editor',
  password: 'an editor passphrase, too',
};
/** What the visitors sent: none of it may reach a browser without the team role. */
const visitor = {
  rental: 'lucia.inbox@example.es',
  applicant: 'ana.inbox@example.es',
  contact: 'formula@example.com',
};
const formula = '=HYPERLINK("http://evil.example","open")';

let server: Server;
let browser: Browser;
let mailbox: Mailbox | undefined;
const mails: ParsedMail[] = [];
let bookingCode: string;
let rentalId: number;
let applicationId: number;

/**
 * A script of the project, as an operator runs it: its output. Not execFileSync: a test blocked
 * for seconds would then reuse a connection the server has closed meanwhile (keep-alive).
 */
const node = async (args: string[], env: Record<string, string>) =>
  (await promisify(execFile)(process.execPath, args, { env: { ...process.env, ...env } })).stdout;

beforeAll(async () => {
  mailbox = await startMailbox(undefined, mails);
  // The team account as an operator makes it; the editor's with a cheap hash (sign-in is the same).
  await node(['scripts/editors.mjs', 'add', team.email, '--name', team.name, '--role', 'team'], {
    EDITORS_DB_PATH: editorsDb,
    EDITOR_PASSWORD: team.password,
  });
  const accounts = openEditors(editorsDb);
  accounts.saveAccount(
    editor.email,
    editor.name,
    await hashPassword(editor.password, { N: 2 ** 10, r: 8, p: 1 }),
  );
  accounts.close();
  server = await startServer(
    {
      EDITORS_DB_PATH: editorsDb,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'Pistelink <hello@pistelink.test>',
      NOTIFY_EMAIL: 'team@pistelink.test',
      OUTBOX_TEST_POLL_MS: '200',
    },
    data,
  );
  const post = (body: URLSearchParams | FormData) =>
    fetch(`${server.url}/api/forms`, { method: 'POST', headers: json, body });
  const rental = await post(
    new URLSearchParams({ ...rentalFields(visitor.rental, bookableRental()), locale: 'fr' }),
  );
  expect(rental.status).toBe(200);
  bookingCode = ((await rental.json()) as { bookingCode: string }).bookingCode;
  const applied = await post(
    application(visitor.applicant, {
      licence: new File([pdfBytes], 'licence López.pdf', { type: 'application/pdf' }),
    }),
  );
  expect(applied.status).toBe(200);
  const contact = await post(
    new URLSearchParams(contactMessageFields(visitor.contact, { message: formula })),
  );
  expect(contact.status).toBe(200);
  rentalId = Number(rows(data.dbPath, 'SELECT id FROM rental_reservations')[0]!.id);
  applicationId = Number(rows(data.dbPath, 'SELECT id FROM instructor_applications')[0]!.id);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (mailbox) await stopMailbox(mailbox);
});

/** Every inbox address that would show a stored submission or its data. */
const dataAddresses = () => [
  '/team',
  '/team/rental',
  `/team/rental?q=${bookingCode}`,
  `/team/rental/${rentalId}`,
  `/team/application/${applicationId}`,
  `/team/application/${applicationId}/files/licence`,
  '/team/rental/export.csv',
  '/team/contact/export.csv',
];

/** No answer may hold anything a visitor sent. */
const expectNoVisitorData = (text: string) => {
  for (const secret of [...Object.values(visitor), bookingCode, 'López', 'Fernández', '%PDF'])
    expect(text).not.toContain(secret);
};

const get = (path: string, cookie = '') =>
  fetch(server.url + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** Signs in with fetch, as a browser would post the form: the session cookie. */
async function signIn(account: { email: string; password: string }) {
  const answer = await fetch(`${server.url}/editors/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  expect(answer.status).toBe(303);
  return {
    cookie: answer.headers.get('set-cookie')!.split(';')[0]!,
    landing: answer.headers.get('location'),
  };
}

let teamSession: Promise<{ cookie: string; landing: string | null }> | undefined;
/** The team account's session for the tests that use fetch (a sign-in costs a full scrypt). */
const signedInTeam = () => (teamSession ??= signIn(team));

const handledMarks = () => rows(data.dbPath, 'SELECT * FROM handled_marks');

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual(
    [],
  );
}

/** The page is valid HTML by the project's .htmlvalidate.json. */
async function expectValidHtml(html: string) {
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(
    html,
    'team.html',
  );
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual(
    [],
  );
}

describe('the team inbox', () => {
  it('without a session: sign-in or 401, never a visitor’s data; not cached, not indexed', async () => {
    for (const path of dataAddresses()) {
      for (const cookie of ['', 'pistelink_editor=forged-session-value']) {
        const answer = await get(path, cookie);
        const data = path.endsWith('.csv') || path.includes('/files/');
        expect([path, answer.status]).toEqual([path, data ? 401 : 303]);
        if (!data) expect(answer.headers.get('location')).toBe('/editors/sign-in');
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('x-robots-tag')).toContain('noindex');
        expectNoVisitorData(await answer.text());
      }
    }
    const marked = await fetch(`${server.url}/team/rental/${rentalId}/handled`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'handled=yes&csrf=guess',
    });
    expect(marked.status).toBe(401);
    expect(handledMarks()).toEqual([]);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).not.toContain('/team');
  });

  it('an editor’s account: 403 and no data, nothing marked', async () => {
    const { cookie, landing } = await signIn(editor);
    expect(landing).toBe('/editors');
    for (const path of dataAddresses()) {
      const answer = await get(path, cookie);
      expect([path, answer.status]).toEqual([path, 403]);
      expectNoVisitorData(await answer.text());
    }
    const csrf = /name="csrf" value="([^"]+)"/.exec(
      await (await get('/editors', cookie)).text(),
    )![1]!;
    const marked = await fetch(`${server.url}/team/rental/${rentalId}/handled`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ handled: 'yes', csrf }),
    });
    expect(marked.status).toBe(403);
    expect(handledMarks()).toEqual([]);
  });

  it('a team account: list, search, a submission with its mails, mark handled; axe clean', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/team`);
    await page.getByLabel('Email').fill(team.email);
    await page.getByLabel('Password').fill(team.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team inbox' }).waitFor();
    await expectNoViolations(page);
    const forms = page.getByRole('table', { name: 'Submissions by form' });
    expect(await forms.getByRole('row', { name: /Rental reservations/ }).innerText()).toMatch(
      /Rental reservations\s+1\s+1/,
    );

    await forms.getByRole('link', { name: 'Rental reservations', exact: true }).click();
    const list = page.getByRole('table', { name: /Rental reservations, newest first/ });
    await expect(list.getByRole('row').count()).resolves.toBe(2);
    expect(await list.innerText()).toContain(bookingCode);
    await page.getByLabel('Search').fill('no-such-visitor');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('0 submissions match').waitFor();
    await page.getByLabel('Search').fill(bookingCode.toLowerCase());
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('1 submission match').waitFor();
    await expectNoViolations(page);

    // The team's mail links to this submission's page.
    // The team's own mail about this reservation: the visitor's may arrive first, and the team
    // had mails about the other submissions before it.
    const teamMailOf = () =>
      mails.find(
        (m) =>
          m.subject?.includes(bookingCode) && JSON.stringify(m.to).includes('team@pistelink.test'),
      );
    await eventually('the team’s mail', () => teamMailOf() !== undefined);
    const teamMail = teamMailOf()!;
    const link = new URL(/https?:\/\/\S+\/team\/rental\/\d+/.exec(teamMail.text ?? '')![0]);
    expect(link.pathname).toBe(`/team/rental/${rentalId}`);

    await list.getByRole('link', { name: 'Lucía Fernández' }).click();
    await page.waitForURL(`**${link.pathname}`);
    await expect(page.getByText(`Receipt code: ${bookingCode}`).count()).resolves.toBe(1);
    const fields = page.getByRole('table', { name: 'Every field as received' });
    expect(await fields.getByRole('row', { name: /^Email/ }).innerText()).toContain(visitor.rental);
    // Both mails were sent (the visitor's and the team's): their state shows.
    await eventually('both mails sent', async () => {
      await page.reload();
      const sent = await page
        .getByRole('table', { name: 'What was sent about it' })
        .getByRole('row', { name: /Sent 20/ })
        .count();
      return sent === 2;
    });
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText(`Handled by ${team.name} (${team.email})`).waitFor();
    expect(handledMarks()).toMatchObject([
      { form: 'RentalReservationForm', row_id: rentalId, by_email: team.email },
    ]);
    await page.goto(`${server.url}/team/rental?handled=unhandled`);
    await page.getByText('0 submissions match').waitFor();
    await page.goto(`${server.url}/team/rental?handled=handled`);
    await page.getByText('1 submission match').waitFor();
    await page.close();
  });

  it('a team account: the licence downloaded as an attachment, the CSV as the team command exports it', async () => {
    const { cookie, landing } = await signedInTeam();
    expect(landing).toBe('/team');
    const detail = await (await get(`/team/application/${applicationId}`, cookie)).text();
    expect(detail).toContain(`/team/application/${applicationId}/files/licence`);

    const licence = await get(`/team/application/${applicationId}/files/licence`, cookie);
    expect(licence.status).toBe(200);
    expect(licence.headers.get('content-type')).toBe('application/pdf');
    expect(licence.headers.get('content-disposition')).toMatch(
      /^attachment; filename="licence L_pez\.pdf"; filename\*=UTF-8''licence%20L%C3%B3pez\.pdf$/,
    );
    expect(licence.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await licence.arrayBuffer())).toEqual(pdfBytes);
    expect((await get(`/team/application/${applicationId}/files/cv`, cookie)).status).toBe(404);

    // The application's rows carry their files' list; the contact's, a formula.
    for (const form of ['application', 'contact']) {
      const answer = await get(`/team/${form}/export.csv`, cookie);
      expect(answer.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${form}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const fromCommand = await node(
        ['scripts/submissions.mjs', 'export', '--form', form, '--format', 'csv'],
        { FORMS_DB_PATH: data.dbPath },
      );
      expect(await answer.text()).toBe(fromCommand);
    }
    // A visitor's formula is text in a spreadsheet.
    const contact = await (await get('/team/contact/export.csv', cookie)).text();
    expect(contact).toContain(`"'${formula.replaceAll('"', '""')}"`);
  });

  it('a team account: pages of 50, newest first, valid HTML', async () => {
    const { cookie } = await signedInTeam();
    // As many contact messages as fill a page and start another, written as the receiver would.
    const db = new DatabaseSync(data.dbPath, { timeout: 5000 });
    const insert = db.prepare(
      `INSERT INTO contact_messages (name, email, title, message, locale, created_at)
       VALUES (?, ?, 'Paging', 'A message', 'en', ?)`,
    );
    for (let n = 1; n <= PAGE_SIZE; n++)
      insert.run(
        `Page Filler ${n}`,
        `filler${n}@example.com`,
        new Date(2026, 0, 1, 0, n).toISOString(),
      );
    db.close();
    const first = await (await get('/team/contact', cookie)).text();
    expect(first).toContain(`${PAGE_SIZE + 1} submissions, page 1 of 2`);
    expect(first.match(/<tr>/g)).toHaveLength(PAGE_SIZE + 1); // the header and a page
    expect(first.indexOf(`Page Filler ${PAGE_SIZE}<`)).toBeLessThan(
      first.indexOf('Page Filler 1<'),
    );
    const older = /<a href="([^"]+)">Older<\/a>/.exec(first)![1]!.replaceAll('&amp;', '&');
    const second = await (await get(older, cookie)).text();
    expect(second).toContain('page 2 of 2');
    expect(second).toContain('Marta García');
    // A page past the end, or not a number, is an empty page or the first.
    for (const page of ['3', '1e400', 'x'])
      expect((await get(`/team/contact?page=${page}`, cookie)).status).toBe(200);
    for (const path of ['/team', '/team/contact', older, `/team/application/${applicationId}`])
      await expectValidHtml(await (await get(path, cookie)).text());
  });
});
