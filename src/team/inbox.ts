/**
 * The team inbox at `/team` (server.mjs mounts it with one call): what the forms received, for
 * people without a terminal — each form's submissions, newest first, paged, searched and filtered;
 * one submission with every field, its receipt code, its files and the state of the mails sent
 * about it; the "handled" mark; each form's CSV, as `npm run submissions` exports it. Made from
 * the list of forms (src/forms/all.ts): a new form is in the inbox without a line here.
 *
 * Behind the editors' sign-in (src/editors/http.ts: the same accounts, sessions and CSRF token),
 * for the roles that see submissions (src/editors/store.ts `seesSubmissions`). Without a session a
 * page is a redirect to signing in, a file or a CSV a 401; an account without the role gets a 403:
 * neither sends anything of a submission. Every answer is `no-store` and `noindex`; the pages are
 * server-rendered HTML with no script, under a Content Security Policy that allows nothing but
 * their own style.
 *
 * Reads and the mark run on the database thread (store-thread.ts `inbox`), each bounded in time.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { forms } from '../forms/all.ts';
import { toCsv } from '../forms/server/csv.ts';
import type { InboxJobs } from '../forms/server/store-thread.ts';
import {
  isStoreBusy,
  type InboxEntry,
  type InboxFilter,
  type InboxSubmission,
  type Row,
} from '../forms/server/store.ts';
import { formOf, sameText, SIGN_IN } from '../editors/http.ts';
import { PRIVATE, staffHeader, staffPage } from '../editors/staff-page.ts';
import { seesSubmissions, type Session } from '../editors/store.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { INBOX, inboxPath } from './links.ts';

/** Submissions on a page of the list. */
export const PAGE_SIZE = 50;
/** How long a page waits for the database thread (a locked database, slow writes before it). */
const WAIT_MS = 5000;

type Form = (typeof forms)[number];

/** `rental_reservations` → "Rental reservations": what the team calls a form's submissions. */
const titleOf = (form: Form) => {
  const words = form.table.replaceAll('_', ' ');
  return words[0]!.toUpperCase() + words.slice(1);
};
/** A column as a label: `booking_code` → "Booking code". */
const labelOf = (column: string) => column[0]!.toUpperCase() + column.slice(1).replaceAll('_', ' ');
/** A stored time as people read it: `2026-11-27 09:14 UTC`. */
const timeOf = (iso: unknown) =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(iso)
    ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
    : String(iso ?? '');

const receiptColumnOf = (form: Form) => ('receipt' in form ? form.receipt.column : undefined);

/** Who sent it, as far as the form says: a name, else an address, else its number. */
function whoOf(row: Row) {
  const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string).trim() : '');
  return (
    text('name') ||
    [text('firstname'), text('lastname')].filter(Boolean).join(' ') ||
    text('email') ||
    `Submission ${String(row.id)}`
  );
}

/** A stored value as text: JSON (a rental's persons, a lesson's dates) laid out to be read. */
function valueHtml(value: Row[string]) {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (/^[[{]/.test(text)) {
    try {
      return `<pre>${escapeHtml(JSON.stringify(JSON.parse(text), null, 2))}</pre>`;
    } catch {
      // Not JSON after all: shown as it is.
    }
  }
  return escapeHtml(text);
}

/** The inbox's pages, in the staff's one shell (src/editors/staff-page.ts). */
const page = (res: ServerResponse, status: number, title: string, body: string) =>
  staffPage(res, status, title, body, 'team inbox');

/** Answers with no data at all: a status and a line of text. */
function refuse(res: ServerResponse, status: number, text: string, headers = {}) {
  res.writeHead(status, { ...PRIVATE, 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { ...PRIVATE, location });
  res.end();
};

/** The day after `day` (YYYY-MM-DD), as an ISO time: the list's "to" day is included. */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

export type SessionSource = {
  sessionOf(req: IncomingMessage): (Session & { token: string }) | undefined;
  fromOwnOrigin(req: IncomingMessage): boolean;
};

export type TeamOptions = {
  /** The editors' area (src/editors/http.ts): its sessions and its same-origin check. */
  editors: SessionSource;
  /** The database thread's inbox jobs (store-thread.ts). */
  inbox: InboxJobs;
  /** Where the applications' files are (config.ts `forms.uploadDir`). */
  uploadDir: string;
};

export function teamArea({ editors, inbox, uploadDir }: TeamOptions) {
  const byCli = new Map<string, Form>(forms.map((form) => [form.cli, form]));

  const crumb = (form: Form) =>
    `<li><a href="${INBOX}/${form.cli}">${escapeHtml(titleOf(form))}</a></li>`;

  async function overview(res: ServerResponse, session: Session) {
    const [counts, queue] = await Promise.all([inbox.counts(WAIT_MS), inbox.outbox(WAIT_MS)]);
    const rows = forms.map((form) => {
      const count = counts.find((c) => c.form === form.name);
      return `<tr><th scope="row"><a href="${INBOX}/${form.cli}">${escapeHtml(titleOf(form))}</a></th><td>${count?.total ?? 0}</td><td>${count?.unhandled ?? 0}</td><td><a href="${INBOX}/${form.cli}/export.csv">${escapeHtml(titleOf(form))} as CSV</a></td></tr>`;
    });
    const mails =
      queue.waiting === 0
        ? '<p>Every mail and webhook post has been sent.</p>'
        : `<p class="problem">${queue.waiting} mail(s) or webhook post(s) waiting since ${escapeHtml(timeOf(queue.oldest))}${queue.lastError ? `; last error: ${escapeHtml(queue.lastError)}` : ''}.</p>`;
    page(
      res,
      200,
      'Team inbox',
      `${staffHeader(session, '')}<main><h1>Team inbox</h1>
<table><caption>Submissions by form</caption><thead><tr><th scope="col">Form</th><th scope="col">Submissions</th><th scope="col">Not handled</th><th scope="col">Export</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>
<h2>Mail and webhook</h2>${mails}</main>`,
    );
  }

  async function list(res: ServerResponse, session: Session, form: Form, query: URLSearchParams) {
    const handled = query.get('handled');
    const search = (query.get('q') ?? '').slice(0, 200);
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    const filter: InboxFilter = {
      ...(handled === 'handled' || handled === 'unhandled' ? { handled } : {}),
      ...(search.trim() ? { search } : {}),
      ...(isDay(from) ? { since: `${from}T00:00:00.000Z` } : {}),
      ...(isDay(to) ? { until: dayAfter(to) } : {}),
    };
    // A page past the end lists nothing; one past a million is not a number SQLite takes.
    const pageNumber = Math.min(1e6, Math.max(1, Math.floor(Number(query.get('page')) || 1)));
    const { entries, total } = await inbox.page(
      form.name,
      filter,
      (pageNumber - 1) * PAGE_SIZE,
      PAGE_SIZE,
      WAIT_MS,
    );
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const receipt = receiptColumnOf(form);
    const link = (n: number) => {
      const params = new URLSearchParams(query);
      params.set('page', String(n));
      return `${INBOX}/${form.cli}?${escapeHtml(params.toString())}`;
    };
    const option = (value: string, text: string) =>
      `<option value="${value}"${(handled ?? '') === value ? ' selected' : ''}>${text}</option>`;
    const row = ({ row, handled }: InboxEntry) =>
      `<tr><td><a href="${inboxPath(form.cli, String(row.id))}">${escapeHtml(whoOf(row))}</a></td><td>${escapeHtml(String(row.email ?? ''))}</td>${receipt ? `<td>${escapeHtml(String(row[receipt] ?? ''))}</td>` : ''}<td>${escapeHtml(timeOf(row.created_at))}</td><td>${handled ? `Handled by ${escapeHtml(handled.byName)}` : 'Not handled'}</td></tr>`;
    const filtered = Object.keys(filter).length > 0;
    page(
      res,
      200,
      titleOf(form),
      `${staffHeader(session, crumb(form))}<main><h1>${escapeHtml(titleOf(form))}</h1>
<form method="get" action="${INBOX}/${form.cli}" class="filters" role="search" aria-label="Find submissions">
<div><label for="q">Search</label><input id="q" name="q" type="search" value="${escapeHtml(search)}" aria-describedby="q-hint"><div id="q-hint">Name, email, ${receipt ? `${escapeHtml(labelOf(receipt).toLowerCase())}, ` : ''}any text</div></div>
<div><label for="handled">Show</label><select id="handled" name="handled">${option('', 'All')}${option('unhandled', 'Not handled')}${option('handled', 'Handled')}</select></div>
<div><label for="from">From</label><input id="from" name="from" type="date" value="${escapeHtml(isDay(from) ? from : '')}"></div>
<div><label for="to">To</label><input id="to" name="to" type="date" value="${escapeHtml(isDay(to) ? to : '')}"></div>
<div><button type="submit">Show</button></div></form>
<p role="status">${total} submission${total === 1 ? '' : 's'}${filtered ? ' match' : ''}${pages > 1 ? `, page ${Math.min(pageNumber, pages)} of ${pages}` : ''}. <a href="${INBOX}/${form.cli}/export.csv">Download all as CSV</a></p>
${
  entries.length
    ? `<table><caption>${escapeHtml(titleOf(form))}, newest first</caption><thead><tr><th scope="col">From</th><th scope="col">Email</th>${receipt ? `<th scope="col">${escapeHtml(labelOf(receipt))}</th>` : ''}<th scope="col">Received</th><th scope="col">Status</th></tr></thead><tbody>${entries.map(row).join('')}</tbody></table>`
    : ''
}
${
  pages > 1
    ? `<nav aria-label="Pages"><ul>${pageNumber > 1 ? `<li><a href="${link(pageNumber - 1)}">Newer</a></li>` : ''}${pageNumber < pages ? `<li><a href="${link(pageNumber + 1)}">Older</a></li>` : ''}</ul></nav>`
    : ''
}</main>`,
    );
  }

  function detailHtml(session: Session, form: Form, submission: InboxSubmission) {
    const { row, handled, files, messages } = submission;
    const id = String(row.id);
    const receipt = receiptColumnOf(form);
    const code = receipt && row[receipt] ? String(row[receipt]) : '';
    const fields = Object.entries(row).map(
      ([column, value]) =>
        `<tr><th scope="row">${escapeHtml(labelOf(column))}</th><td>${valueHtml(value)}</td></tr>`,
    );
    const fileItems = files.map((file) =>
      file.purgedAt
        ? `<li>The ${escapeHtml(file.field)}: ${escapeHtml(file.originalName)}, deleted on ${escapeHtml(timeOf(file.purgedAt))} (files are kept for a limited time)</li>`
        : `<li><a href="${inboxPath(form.cli, id)}/files/${file.field}">Download the ${escapeHtml(file.field)}: ${escapeHtml(file.originalName)}</a> (${escapeHtml(file.mediaType)}, ${Math.ceil(file.bytes / 1024)} KB)</li>`,
    );
    const stateOf = (message: InboxSubmission['messages'][number]) =>
      message.state === 'sent'
        ? `Sent ${escapeHtml(timeOf(message.sentAt))}`
        : message.state === 'failed'
          ? `Failed ${message.attempts} time(s): ${escapeHtml(message.lastError ?? '')}. Next try ${escapeHtml(timeOf(message.dueAt))}`
          : 'Waiting to be sent';
    const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(session.csrf)}">`;
    const action = `${inboxPath(form.cli, id)}/handled`;
    const title = `${titleOf(form)}: ${whoOf(row)}`;
    return {
      title,
      body: `${staffHeader(session, crumb(form))}<main><h1>${escapeHtml(title)}</h1>
${code ? `<p>Receipt code: <strong>${escapeHtml(code)}</strong></p>` : ''}
<h2>Handled</h2>
${
  handled
    ? `<p class="done">Handled by ${escapeHtml(handled.byName)} (${escapeHtml(handled.byEmail)}) on ${escapeHtml(timeOf(handled.at))}.</p><form method="post" action="${action}">${csrf}<input type="hidden" name="handled" value="no"><button type="submit">Mark not handled</button></form>`
    : `<p>Not handled yet.</p><form method="post" action="${action}">${csrf}<input type="hidden" name="handled" value="yes"><button type="submit">Mark handled</button></form>`
}
<table><caption>Every field as received</caption><tbody>${fields.join('')}</tbody></table>
${'files' in form ? `<h2>Files</h2>${fileItems.length ? `<ul>${fileItems.join('')}</ul>` : '<p>No file.</p>'}` : ''}
<h2>Mails and webhook</h2>
${
  messages.length
    ? `<table><caption>What was sent about it</caption><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">State</th></tr></thead><tbody>${messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td>${stateOf(m)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Nothing was sent about it (mail and webhook not set up when it came).</p>'
}
<p><a href="${INBOX}/${form.cli}">Back to ${escapeHtml(titleOf(form).toLowerCase())}</a></p></main>`,
    };
  }

  async function detail(res: ServerResponse, session: Session, form: Form, id: number) {
    const submission = await inbox.submission(form.name, id, WAIT_MS);
    if (!submission) return notFound(res, session, form);
    const { title, body } = detailHtml(session, form, submission);
    page(res, 200, title, body);
  }

  function notFound(res: ServerResponse, session: Session, form?: Form) {
    page(
      res,
      404,
      'Not found',
      `${staffHeader(session, form ? crumb(form) : '')}<main><h1>Not found</h1><p>No such submission (retention may have deleted it).</p></main>`,
    );
  }

  async function file(res: ServerResponse, form: Form, id: number, field: string) {
    const submission = await inbox.submission(form.name, id, WAIT_MS);
    const stored = submission?.files.findLast((f) => f.field === field && !f.purgedAt);
    if (!stored) return refuse(res, 404, 'No such file.');
    const path = join(uploadDir, basename(stored.storedName));
    const size = await stat(path).then(
      (found) => found.size,
      () => undefined,
    );
    // The start-up check logs a missing upload (server.mjs); here the team is told.
    if (size === undefined) return refuse(res, 404, 'The file is missing on the server.');
    const ascii = stored.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    res.writeHead(200, {
      ...PRIVATE,
      'content-type': stored.mediaType,
      'content-length': String(size),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(stored.originalName)}`,
      'content-security-policy': "default-src 'none'; sandbox",
    });
    createReadStream(path).pipe(res);
  }

  async function csv(res: ServerResponse, form: Form) {
    const rows = await inbox.rows(form.name, WAIT_MS);
    const day = new Date().toISOString().slice(0, 10);
    res.writeHead(200, {
      ...PRIVATE,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${form.cli}-${day}.csv"`,
    });
    res.end(toCsv(rows));
  }

  async function mark(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session,
    form: Form,
    id: number,
  ) {
    const body = await formOf(req);
    if (!body || !sameText(body.get('csrf') ?? '', session.csrf))
      return page(
        res,
        403,
        'Refused',
        `<main><h1>Refused</h1><p>This form is out of date: <a href="${inboxPath(form.cli, id)}">open the submission again</a>.</p></main>`,
      );
    const by = body.get('handled') === 'no' ? null : { email: session.email, name: session.name };
    if (!(await inbox.markHandled(form.name, id, by, WAIT_MS))) return notFound(res, session, form);
    redirect(res, inboxPath(form.cli, id));
  }

  /** `/team/<cli>[/<id>[/handled | /files/<field>] | /export.csv]` */
  const ROUTE =
    /^\/team(?:\/([a-z0-9-]+)(?:\/(?:(\d{1,15})(?:\/(handled|files\/([a-z]+)))?|(export\.csv)))?)?\/?$/;

  /** Answers the request when it is the inbox's (true), or lets the server go on (false). */
  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const [path = '/', ...search] = (req.url ?? '/').split('?');
    if (path !== INBOX && !path.startsWith(`${INBOX}/`)) return false;
    const query = new URLSearchParams(search.join('?'));
    const post = req.method === 'POST';
    const read = req.method === 'GET' || req.method === 'HEAD';
    const route = ROUTE.exec(path);
    // What answers with data (a file, a CSV) is refused without a session; a page leads to signing in.
    const isData = Boolean(route?.[4] || route?.[5]);
    if (post && !editors.fromOwnOrigin(req)) {
      refuse(res, 403, 'This request did not come from this site.');
      return true;
    }
    const session = editors.sessionOf(req);
    if (!session) {
      if (read && !isData) redirect(res, SIGN_IN);
      else refuse(res, 401, 'Sign in first.', { 'www-authenticate': 'Cookie' });
      return true;
    }
    if (!seesSubmissions(session.role)) {
      page(
        res,
        403,
        'Not for this account',
        `<main><h1>Not for this account</h1><p>This account edits the site; the submissions are for the team. Ask the site's operator for the team role (docs/content.md, “Your account”).</p><p><a href="/editors">Editors' page</a></p></main>`,
      );
      return true;
    }
    const [, cli, idText, action, field, exportCsv] = route ?? [];
    const form = cli ? byCli.get(cli) : undefined;
    const id = Number(idText);
    const fail = (error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (isStoreBusy(error))
        return refuse(res, 503, 'The submissions database is busy: try again in a moment.', {
          'retry-after': '5',
        });
      console.error('Team inbox:', error);
      page(res, 500, 'Error', '<main><h1>Something went wrong</h1><p>Try again.</p></main>');
    };
    let answer: Promise<void> | void;
    if (!route || (cli && !form)) answer = notFound(res, session);
    else if (post && form && idText && action === 'handled')
      answer = mark(req, res, session, form, id);
    else if (!read) answer = refuse(res, 405, 'Method not allowed.', { allow: 'GET, HEAD' });
    else if (!form) answer = overview(res, session);
    else if (exportCsv) answer = csv(res, form);
    else if (idText && field) answer = file(res, form, id, field);
    else if (idText && !action) answer = detail(res, session, form, id);
    else if (!idText) answer = list(res, session, form, query);
    else answer = notFound(res, session, form);
    void Promise.resolve(answer).catch(fail);
    return true;
  }

  return { handle };
}
