#!/usr/bin/env node
// A copy of the submissions database, safe while the server runs (docs/deploy.md, "Backups").
//   npm run backup -- <file>            copies FORMS_DB_PATH to <file>, then checks the copy
//   npm run backup -- --verify <file>   checks a copy: it opens, is whole, and says what it holds
//
// The copy is SQLite's online backup (node:sqlite `backup()`), read through a read-only connection
// of this process: it sees every row committed before it started, never a half-written one, and
// the server goes on writing meanwhile (those rows are in the live file, for the next backup).
// Never `cp` the live file: without its `-wal` the copy misses the latest rows, or is torn.
import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { backup, DatabaseSync } from 'node:sqlite';
import { config } from '../src/config.ts';
import { formTables, sharedHistory, openStore } from '../src/forms/server/store.ts';

/** Pages copied per step: more than any database has (node:sqlite wants a positive 32-bit count). */
const ALL_PAGES = 2 ** 31 - 1;

const usage = 'usage: npm run backup -- <file>  |  npm run backup -- --verify <file>';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { verify: { type: 'boolean' } } });
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const [file, ...rest] = parsed.positionals;
if (!file || rest.length) {
  console.error(usage);
  process.exit(2);
}

if (parsed.values.verify) process.exit(verify(file) ? 0 : 1);

const live = config.forms.dbPath;
if (!existsSync(live)) {
  console.error(`Nothing to back up: ${live} does not exist (no submission received yet).`);
  process.exit(1);
}
// Written beside the target, then renamed: a backup cut short never leaves a torn file under the
// name the operator asked for.
const partial = `${file}.partial`;
rmSync(partial, { force: true });
const source = openStore(live, { readOnly: true });
const started = Date.now();
try {
  // Every page in one step: one read transaction, so writes meanwhile never restart the copy.
  await backup(source.db, partial, { rate: ALL_PAGES });
} finally {
  source.close();
}
// One self-contained file (no `-wal` beside it), readable by its owner only: it holds names,
// addresses and phone numbers.
chmodSync(partial, 0o600);
const copy = new DatabaseSync(partial);
copy.exec('PRAGMA journal_mode = DELETE');
copy.close();
renameSync(partial, file);
console.log(`Backed up ${live} to ${file} in ${Date.now() - started} ms.`);
process.exit(verify(file) ? 0 : 1);

/** Opens a copy read-only and checks it: SQLite's integrity check, the schema, its rows. */
function verify(path) {
  if (!existsSync(path)) {
    console.error(`${path} does not exist.`);
    return false;
  }
  let db;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const integrity = db.prepare('PRAGMA integrity_check').all();
    const ok = integrity.length === 1 && integrity[0].integrity_check === 'ok';
    const { user_version: version } = db.prepare('PRAGMA user_version').get();
    const counts = Object.entries(formTables).map(
      ([form, table]) => `${form} ${db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n}`,
    );
    console.log(
      `${path}: ${ok ? 'whole (integrity check ok)' : `DAMAGED: ${integrity.map((r) => r.integrity_check).join('; ')}`}, ` +
        `schema ${version} of ${sharedHistory.length}; rows: ${counts.join(', ')}`,
    );
    if (version > sharedHistory.length)
      console.error(`It was made by a newer version of the site (schema ${version}).`);
    return ok && version <= sharedHistory.length;
  } catch (error) {
    console.error(`${path} is not a submissions database this site can read: ${error.message}`);
    return false;
  } finally {
    db?.close();
  }
}
