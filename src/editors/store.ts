/**
 * Editor accounts and their sessions, in a SQLite file of their own (`EDITORS_DB_PATH`, default
 * `data/editors.sqlite`), apart from the submissions: nothing here is a visitor's data, and its
 * few small queries are answered at once on the server's thread.
 *
 * A session is known by the SHA-256 of its cookie's value: the database alone opens no session.
 * It ends after `IDLE_MINUTES` without a request, and after `ABSOLUTE_HOURS` in any case.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export const IDLE_MINUTES = Number(process.env.EDITORS_IDLE_MINUTES ?? 60);
export const ABSOLUTE_HOURS = Number(process.env.EDITORS_ABSOLUTE_HOURS ?? 12);

/**
 * What an account may do. `editor`: edit and publish the content, and nothing of the
 * submissions. `team`: read and handle the submissions in the team inbox (`/team`: every form,
 * applications with their files), and not publish: answering leads is not changing the site.
 * `admin`: both. Accounts made before roles existed are editors: they kept what they had.
 */
export const ROLES = ['editor', 'team', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
/** Whether the role edits and publishes the site (the editing screen, Publish, Roll back). */
export const editsContent = (role: Role) => role === 'editor' || role === 'admin';
/** Whether the role sees the submissions (the team inbox). */
export const seesSubmissions = (role: Role) => role === 'team' || role === 'admin';

export type Account = { email: string; name: string; role: Role };
export type Session = Account & { csrf: string };

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Emails are compared as typed by people: without surrounding spaces, in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export function openEditors(
  path = process.env.EDITORS_DB_PATH ?? 'data/editors.sqlite',
  now = () => Date.now(),
) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { timeout: 2000 });
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS editors (
      email TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS sessions (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL REFERENCES editors(email) ON DELETE CASCADE,
      csrf TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      seen_at INTEGER NOT NULL
    );
    PRAGMA foreign_keys = ON;
  `);
  // Roles came later: a database made before them gets the column, its accounts `editor`.
  const columns = db.prepare('PRAGMA table_info(editors)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'role'))
    db.exec(
      `ALTER TABLE editors ADD COLUMN role TEXT NOT NULL DEFAULT 'editor' CHECK (role IN ('editor', 'team', 'admin'))`,
    );

  return {
    /**
     * Adds the account (an editor unless `role` says otherwise), or sets its name, password and,
     * when given, role when it exists.
     */
    saveAccount(email: string, name: string, passwordHash: string, role?: Role) {
      db.prepare(
        `INSERT INTO editors (email, name, password_hash, created_at, role) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash,
           role = COALESCE(?, role)`,
      ).run(normalEmail(email), name, passwordHash, now(), role ?? 'editor', role ?? null);
      // A new password ends the sessions opened with the old one.
      db.prepare('DELETE FROM sessions WHERE email = ?').run(normalEmail(email));
    },
    /** Removes the account and ends its sessions; false when there was none. */
    removeAccount(email: string) {
      db.prepare('DELETE FROM sessions WHERE email = ?').run(normalEmail(email));
      return db.prepare('DELETE FROM editors WHERE email = ?').run(normalEmail(email)).changes > 0;
    },
    /** Gives the account another role and ends its sessions; false when there is no such account. */
    setRole(email: string, role: Role) {
      const changed = db
        .prepare('UPDATE editors SET role = ? WHERE email = ?')
        .run(role, normalEmail(email)).changes;
      db.prepare('DELETE FROM sessions WHERE email = ?').run(normalEmail(email));
      return changed > 0;
    },
    accounts(): Account[] {
      return db.prepare('SELECT email, name, role FROM editors ORDER BY email').all() as Account[];
    },
    passwordHash(email: string): string | undefined {
      const row = db
        .prepare('SELECT password_hash FROM editors WHERE email = ?')
        .get(normalEmail(email)) as { password_hash: string } | undefined;
      return row?.password_hash;
    },
    /** A new session for the account: the cookie's value (kept nowhere else). */
    openSession(email: string): string {
      const token = randomBytes(32).toString('base64url');
      const time = now();
      db.prepare(
        'INSERT INTO sessions (token_hash, email, csrf, created_at, seen_at) VALUES (?, ?, ?, ?, ?)',
      ).run(digest(token), normalEmail(email), randomBytes(32).toString('base64url'), time, time);
      return token;
    },
    /** The session the cookie's value opens, its idle time restarted; undefined once expired. */
    session(token: string): Session | undefined {
      const time = now();
      const row = db
        .prepare(
          `SELECT s.email, e.name, e.role, s.csrf, s.created_at, s.seen_at FROM sessions s
           JOIN editors e ON e.email = s.email WHERE s.token_hash = ?`,
        )
        .get(digest(token)) as
        | {
            email: string;
            name: string;
            role: Role;
            csrf: string;
            created_at: number;
            seen_at: number;
          }
        | undefined;
      if (!row) return undefined;
      if (
        time - row.seen_at > IDLE_MINUTES * 60_000 ||
        time - row.created_at > ABSOLUTE_HOURS * 3_600_000
      ) {
        db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(digest(token));
        return undefined;
      }
      db.prepare('UPDATE sessions SET seen_at = ? WHERE token_hash = ?').run(time, digest(token));
      return { email: row.email, name: row.name, role: row.role, csrf: row.csrf };
    },
    closeSession(token: string) {
      db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(digest(token));
    },
    /** Forgets expired sessions (at sign-in: the table stays the size of the team). */
    removeExpired() {
      const time = now();
      db.prepare('DELETE FROM sessions WHERE seen_at < ? OR created_at < ?').run(
        time - IDLE_MINUTES * 60_000,
        time - ABSOLUTE_HOURS * 3_600_000,
      );
    },
    close: () => db.close(),
  };
}

export type EditorStore = ReturnType<typeof openEditors>;
