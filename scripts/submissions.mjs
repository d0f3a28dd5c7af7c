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
import { toCsv, visible } from '../src/forms/server/csv.ts';

const aliases = {
  ...Object.fromEntries(forms.map((form) => [form.cli, form.name])),
  spam: 'spam',
};

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

const visibleRow = (row) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [visible(k), typeof v === 'string' ? visible(v) : v]),
  );
/** Without their private columns (a token's hash: definition.ts `privateColumns`; store.ts). */
const rowsOf = (name) => store.rowsWithFiles(name, range);
/**
 * Forms whose rows count only once confirmed (the newsletter's double opt-in): their count says
 * how many are; a row's `confirmed_at` says when (empty: not confirmed, not a subscriber).
 */
const confirmed = new Set(forms.filter((f) => f.confirmation).map((f) => f.name));

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
  output = toCsv(rowsOf(form));
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
