/**
 * Helpers of the forms' end-to-end tests: the shared test server's database, and private
 * `node server.mjs` instances (each on a free port: a fixed one clashes with another run's) for what must not disturb the other specs: a low
 * rate limit, an unwritable database (500), a server killed or stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Locator, type Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

/** Where the shared test server (playwright.config.ts) keeps its submissions, per test port. */
export function sharedFormsData(port: number) {
  const dir = join(tmpdir(), `pistelink-e2e-forms-${port}`);
  return { dir, dbPath: join(dir, 'submissions.sqlite'), uploadDir: join(dir, 'uploads') };
}

/** The receiver the specs post to: the shared test server, or the static-host tests' receiver. */
export const sharedDbPath = () =>
  sharedFormsData(Number(process.env.E2E_RECEIVER_PORT ?? process.env.TEST_PORT ?? 4329)).dbPath;

/** The fixed header's height: an outcome brought into view must not be under it. */
const HEADER_HEIGHT = 70;

/**
 * A form's outcome has the focus and ends up on screen, its top below the fixed header (what
 * useFormSubmission promises; polled: the page scrolls smoothly unless reduced motion is asked).
 */
export async function expectSeen(page: Page, outcome: Locator) {
  await expect(outcome).toBeFocused();
  const height = page.viewportSize()!.height;
  await expect
    .poll(async () => {
      const box = (await outcome.boundingBox())!;
      return box.y >= HEADER_HEIGHT && box.y + box.height <= height;
    })
    .toBe(true);
}

/**
 * A page rendered on demand (a receipt page: not among the built pages html-validate reads) is
 * valid HTML by the project's .htmlvalidate.json.
 */
export async function expectValidHtml(html: string) {
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(
    html,
    'dist/client/receipt.html',
  );
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual(
    [],
  );
}

/** Rows of a table, read straight from the SQLite file the server writes. */
export function rows(dbPath: string, sql: string, ...params: (string | number)[]) {
  const db = new DatabaseSync(dbPath, { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** The locale of each newsletter subscription the shared database holds for an address. */
export const subscriptionLocales = (email: string) =>
  rows(sharedDbPath(), 'SELECT locale FROM newsletter_subscriptions WHERE email = ?', email).map(
    (row) => row.locale,
  );

/**
 * What the receiver kept of a contact message whose honeypot was filled: no message, a spam row.
 * Such a post is answered like a success, so only the database tells them apart.
 */
export function contactKeptAsSpam(email: string) {
  return {
    messages: rows(sharedDbPath(), 'SELECT id FROM contact_messages WHERE email = ?', email).length,
    spam: rows(
      sharedDbPath(),
      "SELECT form FROM spam_submissions WHERE payload LIKE '%' || ? || '%'",
      email,
    ).map((row) => row.form),
  };
}

let counter = 0;
/** An address no other test uses, so parallel tests can share one database. */
export const uniqueEmail = (tag = 'test') =>
  `${tag}.${Date.now().toString(36)}${process.pid}${++counter}@example.com`;

export type OwnServer = {
  url: string;
  dbPath: string;
  uploadDir: string;
  process: ChildProcess;
  /** What the server wrote to stdout and stderr so far. */
  log: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * How to run the server when not plainly: `command` wraps `server.mjs` (a `ulimit`), `cwd` is
 * another checkout's build, `startupMs` how long it may take to serve its first page (polled: a
 * minute, as a server beside other builds on a busy 2-core machine took more than 15 s).
 */
export type ServerLaunch = { command?: [string, string[]]; cwd?: string; startupMs?: number };

/** Starts the real server (built `dist/`) on `port` with its own database; resolves when it serves pages. */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  data = freshData(),
  { command = [process.execPath, ['server.mjs']], cwd, startupMs = 60_000 }: ServerLaunch = {},
): Promise<OwnServer> {
  const child = spawn(command[0], command[1], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      FORMS_DB_PATH: data.dbPath,
      FORMS_UPLOAD_DIR: data.uploadDir,
      FORMS_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
    try {
      if ((await fetch(`${url}/en`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Not left behind on its port, serving a run that has moved on.
      child.kill();
      throw new Error(`server on ${port} did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, ...data, process: child, log: () => output, stop };
}

export function freshData() {
  const dir = mkdtempSync(join(tmpdir(), 'pistelink-forms-'));
  return { dbPath: join(dir, 'submissions.sqlite'), uploadDir: join(dir, 'uploads') };
}

/** The first bytes of a real PDF / PNG: enough for the receiver's content check. */
export const pdfBytes = Buffer.from('%PDF-1.7\n%test licence\n');
export const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A database path under a plain file: the folder cannot be created, so every write fails (a 500). */
export function unwritableData() {
  const { dbPath, uploadDir } = freshData();
  const blocker = join(dbPath, '..', 'not-a-folder');
  writeFileSync(blocker, '');
  return { dbPath: join(blocker, 'submissions.sqlite'), uploadDir };
}

/** Fills every field of the instructor application form but its files, as an applicant would. */
/** A licence (PDF) and a CV (PNG), in the application form's two file fields. */
export async function attachApplicationFiles(page: Page) {
  await page
    .locator('#application-licence')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await page
    .locator('#application-cv')
    .setInputFiles({ name: 'cv.png', mimeType: 'image/png', buffer: pngBytes });
}

export async function fillApplication(page: Page, email: string) {
  await page.locator('#application-firstname').fill('Ana');
  await page.locator('#application-lastname').fill('López');
  await page.locator('#application-email').fill(email);
  await page.locator('#application-phone').fill('+34 612 345 678');
  await page.locator('input[name="contract"][value="direct"]').check();
  await page.locator('input[name="sport"][value="both"]').check();
  await page.locator('#application-years').fill('6');
  await page.locator('#application-licenceType').selectOption('td2');
  await page.locator('#application-resort').selectOption({ index: 1 });
  await page.locator('#application-note').fill('Available from December.');
  await page.locator('input[name="adult"]').check();
}

/**
 * Fills a rental reservation but its pack: the days (`pickUp`, `back`: YYYY-MM-DD), one or two
 * people's sizes, who to reach, the consent.
 */
export async function fillRentalReservation(
  page: Page,
  email: string,
  days: { pickUp: string; back: string },
  people: 1 | 2 = 1,
) {
  await page.locator('#rental-pickUpDate').fill(days.pickUp);
  await page.locator('#rental-returnDate').fill(days.back);
  await page.locator('#rental-people').selectOption(String(people));
  const sizes = [
    ['172', '68', '42.5', 'intermediate'],
    ['128', '27', '33', 'beginner'],
  ];
  for (let n = 1; n <= people; n++) {
    const [height, weight, shoe, level] = sizes[n - 1]!;
    await page.locator(`#rental-person${n}-height`).fill(height!);
    await page.locator(`#rental-person${n}-weight`).fill(weight!);
    await page.locator(`#rental-person${n}-shoe`).fill(shoe!);
    await page.locator(`#rental-person${n}-level`).selectOption(level!);
  }
  await page.locator('#rental-name').fill('Lucía Fernández');
  await page.locator('#rental-email').fill(email);
  await page.locator('#rental-consent').check();
}
