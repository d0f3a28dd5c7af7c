/**
 * Where accepted submissions live: one SQLite database (`node:sqlite`, no native addon), one table
 * per form, created on first open and upgraded by numbered migrations.
 *
 * Durability: the database runs in WAL mode with `synchronous = FULL`, so every committed
 * transaction has been fsync'ed to the write-ahead log before `run()` returns. The receiver answers
 * 200 only after that, so a 200 survives the process being killed and the machine losing power.
 * (WAL with `NORMAL` would survive a killed process but could lose the last commits on power loss.)
 *
 * Plain Node TypeScript (no Astro, no Vite): `server.mjs` and `scripts/submissions.mjs` import it
 * directly, as the Astro endpoint does.
 */
import { chmodSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { forms, type FormName, type FormWithReceipt } from '../all.ts';
import type { Row } from '../definition.ts';
import { withRowId } from '../../team/links.ts';

/**
 * The database's shared history, up to the day each form got its own (a form's `migrations` in its
 * definition, recorded per form in `form_versions`). Never edit a released step; a new step here is
 * for what no single form owns. `PRAGMA user_version` records how many have run.
 */
export const sharedHistory: readonly string[] = [
  // 1: the three forms of the spec, the files of applications, and what the honeypot caught.
  `CREATE TABLE newsletter_subscriptions (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL UNIQUE, -- lower-cased: one subscription per address, whatever its case
     locale TEXT,
     client TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE contact_messages (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     title TEXT NOT NULL,
     message TEXT NOT NULL,
     locale TEXT,
     client TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE instructor_applications (
     id INTEGER PRIMARY KEY,
     firstname TEXT NOT NULL,
     lastname TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     contract TEXT NOT NULL,
     sport TEXT NOT NULL,
     years_taught INTEGER NOT NULL,
     licence_type TEXT NOT NULL,
     resort TEXT NOT NULL,
     note TEXT NOT NULL DEFAULT '',
     adult_confirmed INTEGER NOT NULL,
     locale TEXT,
     client TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE application_files (
     id INTEGER PRIMARY KEY,
     application_id INTEGER NOT NULL REFERENCES instructor_applications (id),
     field TEXT NOT NULL CHECK (field IN ('licence', 'cv')),
     sha256 TEXT NOT NULL,
     stored_name TEXT NOT NULL,
     media_type TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     original_name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     purged_at TEXT -- set when retention deleted the file; the application itself stays
   );
   CREATE INDEX application_files_created_at ON application_files (created_at) WHERE purged_at IS NULL;
   CREATE TABLE spam_submissions (
     id INTEGER PRIMARY KEY,
     form TEXT NOT NULL,
     payload TEXT NOT NULL, -- the text fields as JSON; files of spam are never kept
     client TEXT,
     created_at TEXT NOT NULL
   );`,
  // 2: cookie choices, the proof that consent was given. No client address column: the
  // record keeps no IP, and a visitor id only when tracking was allowed.
  `CREATE TABLE consent_records (
     id INTEGER PRIMARY KEY,
     consent_id TEXT NOT NULL UNIQUE, -- also in the visitor's consent_id cookie
     necessary INTEGER NOT NULL DEFAULT 1,
     functionality INTEGER NOT NULL,
     tracking INTEGER NOT NULL,
     targeting INTEGER NOT NULL,
     revision INTEGER NOT NULL,
     method TEXT NOT NULL CHECK (method IN ('accept-all', 'reject-all', 'preferences')),
     visitor_id TEXT CHECK (visitor_id IS NULL OR tracking = 1),
     locale TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX consent_records_visitor ON consent_records (visitor_id) WHERE visitor_id IS NOT NULL;`,
  // 3: an application may name a resort the site does not list ('other' in resort), and its country.
  `ALTER TABLE instructor_applications ADD COLUMN resort_name TEXT NOT NULL DEFAULT '';
   ALTER TABLE instructor_applications ADD COLUMN country TEXT;`,
  // 4: lesson requests (the resort lessons page without a booking app). The search as the
  // visitor sent it, the total they were shown and the price rule's own figure (they match: the
  // receiver refuses a quote the rule does not give; both NULL for a group lesson, whose price
  // the group sets; quoted_total NULL when the visitor saw no price, without JavaScript).
  `CREATE TABLE lesson_requests (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL DEFAULT '',
     resort TEXT NOT NULL,
     sport TEXT NOT NULL,
     dates TEXT NOT NULL, -- JSON: [{ "day": "2027-01-10", "time": "10:00", "hours": 2 }, …]
     adults INTEGER NOT NULL,
     children INTEGER NOT NULL,
     lesson TEXT NOT NULL,
     level TEXT NOT NULL,
     language TEXT NOT NULL,
     quoted_total TEXT, -- euros, as the visitor saw it (179.60)
     total TEXT, -- euros, the price rule's figure for this search
     pack TEXT, -- a rental pack of the resort to add, or NULL
     note TEXT NOT NULL DEFAULT '',
     locale TEXT,
     client TEXT,
     created_at TEXT NOT NULL
   );`,
  // 5: rental reservations, each with the booking code the visitor shows at the shop.
  `CREATE TABLE rental_reservations (
     id INTEGER PRIMARY KEY,
     booking_code TEXT NOT NULL UNIQUE, -- drawn by the receiver; a clash is drawn again
     resort TEXT NOT NULL,
     pack TEXT NOT NULL,
     pick_up_date TEXT NOT NULL, -- YYYY-MM-DD
     return_date TEXT NOT NULL CHECK (return_date >= pick_up_date),
     people INTEGER NOT NULL CHECK (people >= 1),
     persons TEXT NOT NULL, -- JSON: [{ height (cm), weight (kg), shoe (EU), level }], one per person
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL DEFAULT '',
     locale TEXT,
     client TEXT,
     created_at TEXT NOT NULL
   );`,
  // 6: each lesson request's reference, the address of its receipt page. SQLite cannot add a
  // UNIQUE column: the column, then a unique index (rows sent before keep NULL, never shown).
  `ALTER TABLE lesson_requests ADD COLUMN reference TEXT;
   CREATE UNIQUE INDEX lesson_requests_reference ON lesson_requests (reference);`,
  // 7: the key of each submission stored (the form's submission key, or a digest of the post from
  // a browser without JavaScript), written in the row's transaction: a post sent twice (a double
  // click, a retry after a lost answer) finds the first and is answered with its receipt. Kept a
  // day (retention.ts).
  `CREATE TABLE submission_keys (
     key TEXT PRIMARY KEY,
     form TEXT NOT NULL,
     row_id INTEGER, -- NULL: the form's table ignored the row as a duplicate (a newsletter address)
     receipt TEXT, -- the code the visitor was given (booking code, reference), if the form gives one
     created_at TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX submission_keys_created_at ON submission_keys (created_at);`,
  // 8: from here on, each form's table has its own history, in its definition (definition.ts).
  `CREATE TABLE form_versions (
     form TEXT PRIMARY KEY, -- its form-name
     version INTEGER NOT NULL -- how many of its definition's migrations have run
   ) WITHOUT ROWID;`,
  // 9: what must be sent about the submissions (mails, webhook posts), written in the row's
  // transaction and sent after it by the server's outbox (outbox.ts): a mail server down loses
  // nothing, and a restart sends what was left.
  `CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
     message TEXT NOT NULL, -- JSON: the mail (to, subject, text, html…) or the webhook's body
     attempts INTEGER NOT NULL DEFAULT 0,
     due_at TEXT NOT NULL, -- when it is next tried
     claimed_at TEXT, -- being sent since (a crash leaves it; taken again once stale)
     sent_at TEXT,
     last_error TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX outbox_due ON outbox (due_at) WHERE sent_at IS NULL;`,
  // 10: the team inbox (src/team). Which submission each message is about, so a submission's page
  // shows its mails (rows queued before keep NULL); and the team's "handled" mark of a submission,
  // of any form: one table here rather than a column in each form's history, as no form owns it.
  `ALTER TABLE outbox ADD COLUMN form TEXT;
   ALTER TABLE outbox ADD COLUMN row_id INTEGER;
   CREATE INDEX outbox_submission ON outbox (form, row_id);
   CREATE TABLE handled_marks (
     form TEXT NOT NULL, -- its form-name
     row_id INTEGER NOT NULL, -- the row's id in the form's table
     by_email TEXT NOT NULL, -- the account that marked it
     by_name TEXT NOT NULL,
     handled_at TEXT NOT NULL,
     PRIMARY KEY (form, row_id)
   ) WITHOUT ROWID;`,
];

/** The table of each form (by `form-name`, from its definition), plus what the honeypot caught. */
export const formTables = {
  ...(Object.fromEntries(forms.map((form) => [form.name, form.table])) as Record<FormName, string>),
  spam: 'spam_submissions',
};
export type StoredForm = keyof typeof formTables;

/** The column of each form with a receipt: the code its visitor keeps (UNIQUE, drawn by the receiver). */
const receiptColumns = Object.fromEntries(
  forms.flatMap((form) => ('receipt' in form ? [[form.name, form.receipt.column]] : [])),
) as Record<FormWithReceipt, string>;

export type { Row, FormWithReceipt };

/** A mail to send: to whom, about what, in text and HTML. */
export type OutboxMail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};
/** What the outbox sends: a mail, or the webhook's JSON body (outbox.ts signs and posts it). */
export type OutboxMessage =
  { channel: 'mail'; mail: OutboxMail } | { channel: 'webhook'; body: Record<string, unknown> };
export type OutboxItem = {
  id: number;
  attempts: number;
  createdAt: string;
  message: OutboxMessage;
};
export type OutboxState = { waiting: number; oldest: string | null; lastError: string | null };
export type StoredFile = {
  field: 'licence' | 'cv';
  sha256: string;
  storedName: string;
  mediaType: string;
  bytes: number;
  originalName: string;
};

export type SubmissionStore = ReturnType<typeof openStore>;

/** The team inbox's view (src/team): who marked a submission handled, and when. */
export type HandledMark = { byEmail: string; byName: string; at: string };
/** Which of a form's submissions the inbox lists: handled or not, words they hold, a time range. */
export type InboxFilter = {
  handled?: 'handled' | 'unhandled';
  search?: string;
  since?: string;
  until?: string;
};
export type InboxEntry = { row: Row; handled: HandledMark | null };
/** A message about a submission, as the outbox holds it: sent, waiting for its first try, or failed (and tried again). */
export type InboxMessage = {
  channel: 'mail' | 'webhook';
  to: string;
  subject: string;
  state: 'sent' | 'waiting' | 'failed';
  attempts: number;
  sentAt: string | null;
  dueAt: string;
  lastError: string | null;
};
export type InboxFile = StoredFile & { purgedAt: string | null };
export type InboxSubmission = InboxEntry & { files: InboxFile[]; messages: InboxMessage[] };

/** The forms whose rows carry uploaded files (application_files). */
const formsWithFiles = new Set<string>(
  forms.flatMap((form) => ('files' in form && form.files.length ? [form.name] : [])),
);

/** Columns no one reads back, neither the team command nor the inbox (a token's hash). */
const privateColumns = new Map<string, readonly string[]>(
  forms.map((form) => [form.name, ('privateColumns' in form && form.privateColumns) || []]),
);
/** `row` of `form` without its private columns. */
function shown(form: string, row: Row): Row {
  const kept = { ...row };
  for (const column of privateColumns.get(form) ?? []) delete kept[column];
  return kept;
}

/** SQLite's result codes the receiver tells apart (node:sqlite puts them in `errcode`). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;

/** A UNIQUE index's clash, or a primary key's (a WITHOUT ROWID table's key is one). */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
/** The insert broke a UNIQUE constraint on `column` (node:sqlite names it in the message). */
export const isUniqueClash = (error: unknown, column: string) =>
  [SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY].includes(
    (error as { errcode?: number }).errcode ?? 0,
  ) && String((error as Error).message).includes(`.${column}`);

/** Another connection holds the write lock (the CLI, a backup, a second server). */
export const isBusy = (error: unknown) =>
  [SQLITE_BUSY, SQLITE_LOCKED].includes(((error as { errcode?: number }).errcode ?? 0) & 0xff);
/** The disk (or the file system holding the database) is full. */
export const isFull = (error: unknown) =>
  (((error as { errcode?: number }).errcode ?? 0) & 0xff) === SQLITE_FULL;

/**
 * Thrown by `whenFree` when the database stayed locked past the deadline (and by the database
 * thread when a write could not start in time).
 */
export class StoreBusyError extends Error {
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`The submissions database stayed locked for ${waitedMs} ms.`, options);
    this.name = 'StoreBusyError';
  }
}
/**
 * A `StoreBusyError`, told apart by its name: the server's database thread and the bundled
 * receiver each have their own copy of the class, so `instanceof` would miss it.
 */
export const isStoreBusy = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'StoreBusyError';

/**
 * Runs `work` (synchronous SQLite calls that fail at once with SQLITE_BUSY, see `busyTimeoutMs`)
 * until it gets the lock, waiting between tries with a timer rather than inside SQLite: the event
 * loop keeps serving pages meanwhile. Throws `StoreBusyError` after `maxWaitMs`.
 */
export async function whenFree<T>(work: () => T, maxWaitMs: number): Promise<T> {
  const start = Date.now();
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const waited = Date.now() - start;
      if (waited + pause > maxWaitMs) throw new StoreBusyError(waited, { cause: error });
    }
    await sleep(pause);
  }
}

/**
 * Opens (creating it and its folder if needed) and migrates the database. The file (and SQLite's
 * `-wal` and `-shm` beside it, which take its mode) is readable by its owner only: it holds
 * names, addresses and phone numbers.
 *
 * In the server, only the database thread (store-worker.ts) calls this, once: POSIX locks belong
 * to the process, and closing *any* descriptor of the file in it (a second connection opened and
 * closed, an existence probe with open/close) drops the locks the thread's connection holds, so
 * that an outside reader (a backup, the team CLI) closing last deletes the `-wal` the server still
 * writes to. So nothing here opens the file but SQLite itself: the mode is set by path (chmod),
 * before the first write creates the `-wal` and `-shm`.
 *
 * `busyTimeoutMs`: how long SQLite itself waits for a lock, blocking the thread. The CLI may
 * wait (5 s); the server passes a few milliseconds and waits with `whenFree` instead.
 *
 * `readOnly` (the team CLI, the backup): no folder or file created, no migration, no write; such a
 * connection never checkpoints nor deletes the `-wal`.
 *
 * `commitDelayMs` (tests only: `FORMS_TEST_SLOW_DISK_MS`): a slow disk. Each commit blocks its
 * thread that long before it is written, holding the write lock, as a commit's fsync on a slow
 * disk does.
 */
export function openStore(
  path: string,
  { busyTimeoutMs = 5000, commitDelayMs = 0, readOnly = false } = {},
) {
  if (path !== ':memory:' && !readOnly) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(path, { timeout: busyTimeoutMs, readOnly });
  try {
    if (!readOnly) {
      if (path !== ':memory:') ownerOnly(path);
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
      migrate(db);
    }
  } catch (error) {
    db.close();
    throw error;
  }

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      if (commitDelayMs > 0) blockFor(commitDelayMs);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      // SQLite may have rolled back already (a full disk does): rolling back again would throw
      // "no transaction is active" and hide the real cause.
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };

  const insertSql = (table: string, row: Row, onConflict = '') => {
    const columns = Object.keys(row);
    return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ${onConflict}`;
  };
  const insertInto = (table: string, row: Row, onConflict = '') =>
    db.prepare(insertSql(table, row, onConflict)).run(...Object.values(row));
  /**
   * What the outbox will send, due at once (outbox.ts), about the row `id` of `form`: the inbox
   * shows a submission's mails, and the team's mail links to the row, whose id is known from here.
   */
  const queue = (outbox: readonly OutboxMessage[], at: string, form: StoredForm, id: number) => {
    for (const message of outbox)
      insertInto('outbox', {
        channel: message.channel,
        message: JSON.stringify(withRowId(message, id)),
        form,
        row_id: id,
        due_at: at,
        created_at: at,
      });
  };

  return {
    db,
    /**
     * Stores one submission of a form, and its `key` when it has one (a second insert with the same
     * key fails on the key's uniqueness, storing nothing); returns the new row's id (or null for a
     * duplicate ignored by `onConflict`).
     */
    insert(
      form: StoredForm,
      row: Row,
      {
        onConflict = '',
        files = [] as StoredFile[],
        key = '',
        outbox = [] as readonly OutboxMessage[],
      } = {},
    ) {
      return transaction(() => {
        // The row's id, inserted or updated by `onConflict` (the newsletter's new link); none when
        // the conflict left the stored row as it was.
        const stored = db
          .prepare(`${insertSql(formTables[form], row, onConflict)} RETURNING id`)
          .get(...Object.values(row)) as { id: number | bigint } | undefined;
        const id = stored ? Number(stored.id) : null;
        // A duplicate ignored (a newsletter address already confirmed, or mailed a moment ago)
        // sends nothing again.
        if (id !== null)
          queue(outbox, String(row.created_at ?? new Date().toISOString()), form, id);
        if (key) {
          const receiptColumn = (receiptColumns as Partial<Record<StoredForm, string>>)[form];
          insertInto('submission_keys', {
            key,
            form,
            row_id: id,
            receipt: receiptColumn ? (row[receiptColumn] ?? null) : null,
            created_at: row.created_at ?? new Date().toISOString(),
          });
        }
        if (id === null) return null;
        for (const file of files) {
          insertInto('application_files', {
            application_id: id,
            field: file.field,
            sha256: file.sha256,
            stored_name: file.storedName,
            media_type: file.mediaType,
            bytes: file.bytes,
            original_name: file.originalName,
            created_at: row.created_at ?? new Date().toISOString(),
          });
        }
        return id;
      });
    },

    /**
     * Confirms the newsletter subscription whose link's token hashes to `tokenHash`, if the link
     * has not expired at `now`, and queues `outbox` (the webhook's post) in the same transaction.
     * The token is cleared: a link works once. Returns the subscription's locale, or undefined
     * when no live link has this token (never had, used, expired, or deleted by retention).
     */
    confirmSubscription(
      tokenHash: string,
      now: string,
      outbox: readonly OutboxMessage[],
    ): { locale: string | null } | undefined {
      return transaction(() => {
        const confirmed = db
          .prepare(
            `UPDATE ${formTables.SubscribeForm}
             SET confirmed_at = ?, token_hash = NULL, token_expires_at = NULL
             WHERE token_hash = ? AND token_expires_at > ? AND confirmed_at IS NULL
             RETURNING id, locale`,
          )
          .get(now, tokenHash, now) as { id: number | bigint; locale: string | null } | undefined;
        if (confirmed) queue(outbox, now, 'SubscribeForm', Number(confirmed.id));
        return confirmed ? { locale: confirmed.locale } : undefined;
      });
    },

    /** The submission stored under `key`: the receipt code its visitor was given (or null). */
    submissionByKey(key: string): { receipt: string | null } | null {
      const found = db.prepare('SELECT receipt FROM submission_keys WHERE key = ?').get(key) as
        { receipt: string | null } | undefined;
      return found ? { receipt: found.receipt } : null;
    },

    /** Forgets the submission keys stored before `before` (a post sent again later is a new one). */
    deleteSubmissionKeys(before: string): number {
      return Number(
        db.prepare('DELETE FROM submission_keys WHERE created_at < ?').run(before).changes,
      );
    },

    /**
     * Could a submission be stored now? Takes the write lock for an instant (fails at once when
     * another process holds it, or the file or disk is read-only), on this connection.
     */
    probeWrite() {
      db.exec('BEGIN IMMEDIATE');
      db.exec('ROLLBACK');
    },

    /**
     * A form's submissions as the team command exports them (and the inbox's CSV): oldest first,
     * with their files (name, type, size, whether retention deleted them) when the form has any.
     */
    rowsWithFiles(form: StoredForm, range: { since?: string; until?: string } = {}) {
      const rows = this.list(form, range);
      return formsWithFiles.has(form)
        ? rows.map((row) => ({ ...row, files: this.filesOf(Number(row.id)) }))
        : rows;
    },

    /** A form's submissions, oldest first, optionally between two ISO dates (inclusive of `since`). */
    list(form: StoredForm, { since, until }: { since?: string; until?: string } = {}) {
      const where: string[] = [];
      const values: string[] = [];
      if (since) {
        where.push('created_at >= ?');
        values.push(since);
      }
      if (until) {
        where.push('created_at < ?');
        values.push(until);
      }
      const sql = `SELECT * FROM ${formTables[form]} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
      return (db.prepare(sql).all(...values) as Row[]).map((row) => shown(form, row));
    },

    filesOf(applicationId: number) {
      return db
        .prepare('SELECT * FROM application_files WHERE application_id = ? ORDER BY id')
        .all(applicationId) as Row[];
    },

    /**
     * Marks the files stored before `before` as purged and returns the stored names no live row
     * refers to any more (the same file sent again later stays, under its newer row).
     */
    expireFiles(before: string): string[] {
      return transaction(() => {
        const expired = db
          .prepare(
            'SELECT DISTINCT stored_name FROM application_files WHERE purged_at IS NULL AND created_at < ?',
          )
          .all(before)
          .map((r) => String(r.stored_name));
        db.prepare(
          'UPDATE application_files SET purged_at = ? WHERE purged_at IS NULL AND created_at < ?',
        ).run(new Date().toISOString(), before);
        const stillUsed = db.prepare(
          'SELECT 1 FROM application_files WHERE purged_at IS NULL AND stored_name = ? LIMIT 1',
        );
        return expired.filter((name) => !stillUsed.get(name));
      });
    },

    /** Deletes what the honeypot caught before `before`; returns how many. */
    deleteSpam(before: string): number {
      return Number(
        db.prepare('DELETE FROM spam_submissions WHERE created_at < ?').run(before).changes,
      );
    },

    /** The stored names of the files live rows refer to (not purged): what the start-up check looks for. */
    liveFileNames(): string[] {
      return db
        .prepare('SELECT DISTINCT stored_name FROM application_files WHERE purged_at IS NULL')
        .all()
        .map((r) => String(r.stored_name));
    },

    /**
     * A row by the code its visitor keeps (a rental's booking code, a lesson request's reference),
     * what its receipt page shows; undefined when no row has it (or no longer: retention).
     */
    byReceipt(form: FormWithReceipt, code: string): Row | undefined {
      return db
        .prepare(`SELECT * FROM ${formTables[form]} WHERE ${receiptColumns[form]} = ?`)
        .get(code) as Row | undefined;
    },

    /**
     * Deletes the upload `storedName` unless a live row refers to it or it changed since it was
     * looked at: `writtenAtMs`, the mtime a failed post left it with (a post sending the same file
     * since has touched it, see uploads.ts); `untouchedSinceMs`, the orphan sweep's age limit. The
     * query and the deletion are one synchronous step: no insert of this connection comes between
     * them. Returns whether it was deleted.
     */
    removeUnreferencedUpload(
      uploadDir: string,
      storedName: string,
      when: { writtenAtMs: number } | { untouchedSinceMs: number },
    ) {
      const path = join(uploadDir, storedName);
      let mtimeMs: number;
      try {
        mtimeMs = statSync(path).mtimeMs;
      } catch {
        return false; // already gone
      }
      const unchanged =
        'writtenAtMs' in when ? mtimeMs === when.writtenAtMs : mtimeMs <= when.untouchedSinceMs;
      if (!unchanged) return false;
      const referenced = db
        .prepare(
          'SELECT 1 FROM application_files WHERE purged_at IS NULL AND stored_name = ? LIMIT 1',
        )
        .get(storedName);
      if (referenced) return false;
      unlinkSync(path);
      return true;
    },

    /**
     * Deletes a form's rows whose `column` (a time or a day, as the rows store it) is before
     * `before` (and that meet `only`); returns how many. The form's retention (definition.ts) names
     * the column.
     */
    deleteRowsBefore(form: FormName, column: string, before: string, only?: string): number {
      if (!/^[a-z_]+$/.test(column)) throw new Error(`Not a column: ${column}`);
      // `only` is the form definition's own SQL (definition.ts `retention.only`), never input.
      const also = only ? ` AND (${only})` : '';
      const table = formTables[form];
      // Nothing expired (most days): no write, so the daily pass costs no commit.
      if (!db.prepare(`SELECT 1 FROM ${table} WHERE ${column} < ?${also} LIMIT 1`).get(before))
        return 0;
      return transaction(() => {
        const deleted = db
          .prepare(`DELETE FROM ${table} WHERE ${column} < ?${also}`)
          .run(before).changes;
        // A later row may take a deleted row's id (SQLite reuses the highest): it must not
        // inherit the mark or the mails of the one deleted.
        const gone = `form = ? AND row_id IS NOT NULL AND row_id NOT IN (SELECT id FROM ${table})`;
        db.prepare(`DELETE FROM handled_marks WHERE ${gone}`).run(form);
        db.prepare(`UPDATE outbox SET row_id = NULL WHERE ${gone}`).run(form);
        return Number(deleted);
      });
    },

    /**
     * Takes up to `limit` messages due at `now` to send: not sent, and not being sent (or taken
     * more than `staleMs` ago by a process that then died). Marked taken in one transaction.
     */
    claimOutbox(now: string, limit: number, staleMs: number): OutboxItem[] {
      return transaction(() => {
        const stale = new Date(Date.parse(now) - staleMs).toISOString();
        const due = db
          .prepare(
            `SELECT id, message, attempts, created_at FROM outbox
             WHERE sent_at IS NULL AND due_at <= ? AND (claimed_at IS NULL OR claimed_at < ?)
             ORDER BY due_at LIMIT ?`,
          )
          .all(now, stale, limit) as {
          id: number;
          message: string;
          attempts: number;
          created_at: string;
        }[];
        const take = db.prepare(
          'UPDATE outbox SET claimed_at = ?, attempts = attempts + 1 WHERE id = ?',
        );
        for (const item of due) take.run(now, item.id);
        return due.map((item) => ({
          id: item.id,
          attempts: item.attempts + 1,
          createdAt: item.created_at,
          message: JSON.parse(item.message) as OutboxMessage,
        }));
      });
    },

    /** A message sent: never sent again. */
    outboxSent(id: number, at: string) {
      db.prepare(
        'UPDATE outbox SET sent_at = ?, claimed_at = NULL, last_error = NULL WHERE id = ?',
      ).run(at, id);
    },

    /** A message that could not be sent now: tried again at `dueAt`, the reason kept. */
    outboxFailed(id: number, error: string, dueAt: string) {
      db.prepare(
        'UPDATE outbox SET claimed_at = NULL, last_error = ?, due_at = ? WHERE id = ?',
      ).run(error.slice(0, 500), dueAt, id);
    },

    /** How the outbox stands: messages waiting, and since when the oldest has waited. */
    outboxState(): OutboxState {
      const state = db
        .prepare(
          'SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest, MAX(last_error) AS lastError FROM outbox WHERE sent_at IS NULL',
        )
        .get() as { waiting: number; oldest: string | null; lastError: string | null };
      return { waiting: Number(state.waiting), oldest: state.oldest, lastError: state.lastError };
    },

    /** Each form's submissions: how many, and how many no one has marked handled. */
    inboxCounts(): { form: FormName; total: number; unhandled: number }[] {
      return forms.map((form) => {
        const count = db
          .prepare(
            `SELECT COUNT(*) AS total, COUNT(*) - COUNT(h.row_id) AS unhandled FROM ${form.table} t
             LEFT JOIN handled_marks h ON h.form = ? AND h.row_id = t.id`,
          )
          .get(form.name) as { total: number; unhandled: number };
        return { form: form.name, total: Number(count.total), unhandled: Number(count.unhandled) };
      });
    },

    /** One page of a form's submissions, newest first, and how many match the filter in all. */
    inboxPage(form: FormName, filter: InboxFilter, offset: number, limit: number) {
      const table = formTables[form];
      const where: string[] = [];
      const values: string[] = [form];
      if (filter.handled)
        where.push(`h.row_id IS ${filter.handled === 'handled' ? 'NOT ' : ''}NULL`);
      if (filter.since) {
        where.push('t.created_at >= ?');
        values.push(filter.since);
      }
      if (filter.until) {
        where.push('t.created_at < ?');
        values.push(filter.until);
      }
      // Each word in one of the row's text columns (name, email, booking code, reference, message…),
      // whatever its case; `instr` rather than LIKE, so % and _ are letters like any other.
      const columns = (
        db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[]
      )
        .filter(
          (column) => column.type === 'TEXT' && !privateColumns.get(form)?.includes(column.name),
        )
        .map((column) => column.name);
      for (const word of (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
        where.push(`(${columns.map((c) => `instr(lower(t.${c}), lower(?)) > 0`).join(' OR ')})`);
        values.push(...columns.map(() => word));
      }
      const from = `FROM ${table} t LEFT JOIN handled_marks h ON h.form = ? AND h.row_id = t.id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const total = db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...values) as { n: number };
      const rows = db
        .prepare(
          `SELECT t.*, h.by_email AS inbox_by_email, h.by_name AS inbox_by_name, h.handled_at AS inbox_handled_at
           ${from} ORDER BY t.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...values, limit, offset) as Row[];
      return { entries: rows.map((row) => inboxEntry(shown(form, row))), total: Number(total.n) };
    },

    /** One submission with its mark, its files and the messages sent about it; undefined if none. */
    inboxSubmission(form: FormName, id: number): InboxSubmission | undefined {
      const row = db
        .prepare(
          `SELECT t.*, h.by_email AS inbox_by_email, h.by_name AS inbox_by_name, h.handled_at AS inbox_handled_at
           FROM ${formTables[form]} t LEFT JOIN handled_marks h ON h.form = ? AND h.row_id = t.id
           WHERE t.id = ?`,
        )
        .get(form, id) as Row | undefined;
      if (!row) return undefined;
      const visibleRow = shown(form, row);
      const files = formsWithFiles.has(form)
        ? (
            db
              .prepare('SELECT * FROM application_files WHERE application_id = ? ORDER BY id')
              .all(id) as Row[]
          ).map((file) => ({
            field: String(file.field) as StoredFile['field'],
            sha256: String(file.sha256),
            storedName: String(file.stored_name),
            mediaType: String(file.media_type),
            bytes: Number(file.bytes),
            originalName: String(file.original_name),
            purgedAt: file.purged_at === null ? null : String(file.purged_at),
          }))
        : [];
      const messages = (
        db
          .prepare(
            `SELECT channel, message, attempts, due_at, sent_at, last_error FROM outbox
             WHERE form = ? AND row_id = ? ORDER BY id`,
          )
          .all(form, id) as {
          channel: 'mail' | 'webhook';
          message: string;
          attempts: number;
          due_at: string;
          sent_at: string | null;
          last_error: string | null;
        }[]
      ).map((item): InboxMessage => {
        const message = JSON.parse(item.message) as OutboxMessage;
        return {
          channel: item.channel,
          to: message.channel === 'mail' ? message.mail.to : 'webhook',
          subject: message.channel === 'mail' ? message.mail.subject : '',
          state: item.sent_at ? 'sent' : item.last_error ? 'failed' : 'waiting',
          attempts: Number(item.attempts),
          sentAt: item.sent_at,
          dueAt: item.due_at,
          lastError: item.last_error,
        };
      });
      return { ...inboxEntry(visibleRow), files, messages };
    },

    /**
     * Marks a submission handled by `by` (the first mark stays: who handled it first), or not
     * handled (`by` null). False when the form has no such row.
     */
    markHandled(
      form: FormName,
      id: number,
      by: { email: string; name: string } | null,
      at: string,
    ) {
      return transaction(() => {
        if (!db.prepare(`SELECT 1 FROM ${formTables[form]} WHERE id = ?`).get(id)) return false;
        if (by)
          db.prepare(
            `INSERT INTO handled_marks (form, row_id, by_email, by_name, handled_at)
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (form, row_id) DO NOTHING`,
          ).run(form, id, by.email, by.name, at);
        else db.prepare('DELETE FROM handled_marks WHERE form = ? AND row_id = ?').run(form, id);
        return true;
      });
    },

    close: () => db.close(),
  };
}

/** A row of the inbox's queries, its mark's columns taken apart from the form's own. */
function inboxEntry(joined: Row): InboxEntry {
  const { inbox_by_email, inbox_by_name, inbox_handled_at, ...row } = joined;
  return {
    row,
    handled:
      inbox_handled_at === null || inbox_handled_at === undefined
        ? null
        : {
            byEmail: String(inbox_by_email),
            byName: String(inbox_by_name),
            at: String(inbox_handled_at),
          },
  };
}

/** Readable and writable by its owner only; another user's file (an operator's copy) is theirs to keep tight. */
function ownerOnly(path: string) {
  try {
    chmodSync(path, 0o600); // also tightens a database created before this rule
  } catch {
    // Not ours to change.
  }
}

/** Blocks the calling thread (as a synchronous fsync does), not just this function. */
function blockFor(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function migrate(db: DatabaseSync) {
  // BEGIN IMMEDIATE takes the write lock first, so two processes starting together cannot both migrate.
  db.exec('BEGIN IMMEDIATE');
  try {
    const { user_version: done } = db.prepare('PRAGMA user_version').get() as {
      user_version: number;
    };
    if (done > sharedHistory.length)
      throw new Error(
        `The submissions database is at schema version ${done}, newer than this code (${sharedHistory.length}).`,
      );
    for (let step = done; step < sharedHistory.length; step++) db.exec(sharedHistory[step]!);
    db.exec(`PRAGMA user_version = ${sharedHistory.length}`);
    for (const form of forms) {
      const row = db.prepare('SELECT version FROM form_versions WHERE form = ?').get(form.name) as
        { version: number } | undefined;
      const formDone = row?.version ?? 0;
      if (formDone > form.migrations.length)
        throw new Error(
          `The submissions database's ${form.table} is at version ${formDone}, newer than this code (${form.migrations.length}).`,
        );
      if (formDone === form.migrations.length) continue; // up to date: nothing written
      for (let step = formDone; step < form.migrations.length; step++)
        db.exec(form.migrations[step]!);
      db.prepare(
        'INSERT INTO form_versions (form, version) VALUES (?, ?) ON CONFLICT (form) DO UPDATE SET version = excluded.version',
      ).run(form.name, form.migrations.length);
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
