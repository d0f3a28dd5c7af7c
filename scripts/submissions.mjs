#!/usr/bin/env node
// The team's view of what the forms received, straight from the receiver's SQLite database.
//   npm run submissions -- list [--form contact] [--since 2026-01-01] [--until 2026-02-01]
//   npm run submissions -- export --form application --format csv [--since …] [--until …] [--out file.csv]
// A newsletter subscription counts once its owner confirmed it (double opt-in): `list` counts the
// confirmed ones, and each row's `confirmed_at` says when (empty: not confirmed).
// Forms: each form's `cli` name in its definition (src/forms/<form>.ts: newsletter, contact,
// application, lesson, rental, consent), spam, or a form-name. Dates are UTC days or ISO
// times; --until is exclusive. Without --form, `list` counts every form and `export` (JSON) gives all.
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { config } from '../src/config.ts';
import { forms } from '../src/forms/all.ts';
import { formTables, openStore } from '../src/forms/server/store.ts';

const aliases = {
  ...Object.fromEntries(forms.map((form) => [form.cli, form.name])),
  spam: 'spam',
};
/** Rows that carry their files (name, type, size, whether retention has deleted them). */
const withFiles = new Set(forms.filter((form) => form.files?.length).map((form) => form.name));

const usage = `usage: npm run submissions -- list|export [--form ${Object.keys(aliases).join('|')}] [--since DATE] [--until DATE] [--format csv|json] [--out FILE]`;

function fail(message) {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      form: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      format: { type: 'string', default: 'json' },
      out: { type: 'string' },
    },
  });
} catch (error) {
  fail(error.message);
}
const { positionals, values } = parsed;
const [command] = positionals;
if (command !== 'list' && command !== 'export')
  fail(command ? `Unknown command "${command}".` : 'Missing command.');

const form = values.form
  ? (aliases[values.form] ?? (values.form in formTables ? values.form : null))
  : null;
if (values.form && !form) fail(`Unknown form "${values.form}".`);
const asDate = (value, name) => {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) fail(`--${name} is not a date: ${value}`);
  return date.toISOString();
};
const range = { since: asDate(values.since, 'since'), until: asDate(values.until, 'until') };
if (!['csv', 'json'].includes(values.format)) fail(`--format must be csv or json.`);

// Read-only: this command never writes, migrates or checkpoints the server's live database, and
// reading it while the server writes is safe (docs/deploy.md, "Backups").
if (!existsSync(config.forms.dbPath)) {
  console.log(`No submissions yet: ${config.forms.dbPath} does not exist.`);
  process.exit(0);
}
const store = openStore(config.forms.dbPath, { readOnly: true });

/**
 * Stored text is visitors' text: an ESC or a C1 control in it would be a terminal escape sequence
 * (colours, a moved cursor, a retitled window, worse). Every control character but the line break
 * is shown as its escape (`\u001b`), in tables, JSON and CSV alike; CSV rows keep their CRLF.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const visible = (text) =>
  text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const visibleRow = (row) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [visible(k), typeof v === 'string' ? visible(v) : v]),
  );
/** Columns the team never sees (a confirmation token's hash: definition.ts `privateColumns`). */
const privateColumns = Object.fromEntries(forms.map((f) => [f.name, f.privateColumns ?? []]));
const shown = (name, row) => {
  const kept = { ...row };
  for (const column of privateColumns[name] ?? []) delete kept[column];
  return kept;
};
const rowsOf = (name) =>
  store
    .list(name, range)
    .map((row) => shown(name, row))
    .map((row) => (withFiles.has(name) ? { ...row, files: store.filesOf(Number(row.id)) } : row));
/**
 * Forms whose rows count only once confirmed (the newsletter's double opt-in): their count says
 * how many are; a row's `confirmed_at` says when (empty: not confirmed, not a subscriber).
 */
const confirmed = new Set(forms.filter((f) => f.confirmation).map((f) => f.name));

function csv(rows) {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const cell = (value) => {
    const text = visible(
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    );
    // Quote everything; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula.
    return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
  };
  return (
    [
      columns.map(cell).join(','),
      ...rows.map((row) => columns.map((c) => cell(row[c])).join(',')),
    ].join('\r\n') + '\r\n'
  );
}

let output;
if (command === 'list') {
  if (form) {
    const rows = rowsOf(form);
    console.table(
      rows.map(({ files, ...row }) => visibleRow(files ? { ...row, files: files.length } : row)),
    );
    output = null;
  } else {
    console.table(
      Object.fromEntries(
        Object.keys(formTables).map((name) => [
          name,
          {
            submissions: store.list(name, range).length,
            ...(confirmed.has(name)
              ? { confirmed: store.list(name, range).filter((row) => row.confirmed_at).length }
              : {}),
          },
        ]),
      ),
    );
  }
} else if (values.format === 'csv') {
  if (!form) fail('CSV export needs --form (each form has its own columns).');
  output = csv(rowsOf(form));
} else {
  // JSON.stringify escapes C0 controls but not C1 ones (U+0080–U+009F, which include CSI).
  output =
    visible(
      JSON.stringify(
        form
          ? rowsOf(form)
          : Object.fromEntries(Object.keys(formTables).map((name) => [name, rowsOf(name)])),
        null,
        2,
      ),
    ) + '\n';
}
store.close();

if (output !== undefined && output !== null) {
  if (values.out) writeFileSync(values.out, output);
  else process.stdout.write(output);
}
