/**
 * What a form is, written once per form (`src/forms/<form>.ts`) and listed in `all.ts`: its name
 * and texts, its fields' rules, its table and how a row is made, how long rows are kept, the team
 * command's name for it, and the code its visitor keeps. The receiver, the store, the retention job,
 * the team command and the islands are made from these (docs/recipes.md, "Add a form").
 *
 * Shared by the browser and the server: no Node imports here nor in the forms' files.
 */
import type { FormContext } from './context.ts';
import type { FieldErrors, FormSchema } from './schemas.ts';
import type { ReceiptKind } from './receipts.ts';
import type { PageId } from '../i18n/routes.ts';

/** A stored row: column → value (what `node:sqlite` takes). */
export type Row = Record<string, string | number | bigint | null | Uint8Array>;

/** The receiver's retention settings a form's rows are kept by (config.ts `forms`). */
export type RetentionDays = { contactRetentionDays: number };

export type FormDefinition = {
  /** The `form-name` the form posts (spec §7); the receiver dispatches on it. */
  name: string;
  /** Its key in the code and its namespace in the translations (`forms.<key>`). */
  key: string;
  /**
   * The page people fill it in on, where a browser posting from another site is sent to fill it in
   * here (refused-origin-page.ts); none for a form on many pages (the home page then).
   */
  page?: PageId;
  /** What the team command calls it (`npm run submissions -- list --form <cli>`). */
  cli: string;
  /** Its table in the submissions database. */
  table: string;
  /**
   * Its table's history after the shared one (store.ts `sharedHistory`): never edit a released
   * step, add the next (`ALTER TABLE … ADD COLUMN …` for a new field). A new form starts with its
   * `CREATE TABLE` (columns `id INTEGER PRIMARY KEY`, its own, `locale TEXT`, `client TEXT` when it
   * `keepsClient`, `created_at TEXT NOT NULL`).
   */
  migrations: readonly string[];
  /** Its fields' rules (schemas.ts for the building blocks), made from the content when they need it. */
  rules: (context: FormContext) => FormSchema;
  /**
   * A form whose check goes beyond its schema's fields (the lesson request: repeated dates, the
   * price and the pack against the content) checks the whole form itself; its output goes to `toRow`.
   */
  check?: (
    form: FormData,
    rules: FormSchema,
    context: FormContext,
  ) => { ok: true; output: Record<string, unknown> } | { ok: false; errors: FieldErrors };
  /** The row stored for a checked form (`client` and `created_at` are added by the receiver). */
  toRow: (output: Record<string, unknown>) => Row;
  /** SQL appended to the insert, e.g. to keep one row per address. */
  onConflict?: string;
  /** Whether the row keeps the sender's address (`client`); consent records keep none. */
  keepsClient: boolean;
  /** The file fields it carries (stored by content, kept `fileRetentionDays`). */
  files?: readonly ('licence' | 'cv')[];
  /**
   * The fields that name a resort of the content: a resort the site does not have is refused on
   * the field. `orOther`: the field may say "another resort" (`OTHER_RESORT`) instead, which the
   * form's schema then asks the name of. (The lesson request checks its resort itself.)
   */
  resortFields?: readonly { field: string; orOther?: true }[];
  /**
   * A code the receiver draws for the row and gives back to the visitor (receipts.ts): stored in
   * `column` (UNIQUE: a clash is drawn again), answered as `answer` in the JSON, and, without
   * JavaScript, the browser is sent to `page(code, locale)`, which shows what was sent.
   */
  receipt?: Omit<ReceiptKind, 'draw'> & { column: string; draw: (context: FormContext) => string };
  /**
   * Whether a post sent twice (a double click, a retry after a lost answer) is found by its key and
   * answered with the first one's receipt; `false` for a form whose rows are kept once by an id of
   * their own (a consent record's `consent_id`).
   */
  keyed?: false;
  /**
   * A form whose rows count only once their owner follows a link mailed to them (the newsletter's
   * double opt-in, newsletter-confirmation.ts): the receiver draws the link's token, stores its
   * hash (`token_hash`), when it expires (`token_expires_at`, `days` later) and when it was mailed
   * (`mailed_at`); the token itself goes only into the mail (notifications.ts).
   */
  confirmation?: { days: number };
  /** Columns the team command never shows (a token's hash). */
  privateColumns?: readonly string[];
  /**
   * How long its rows are kept: deleted `days` after `from` (when they were sent, or a day they
   * name, e.g. a rental's return day), by the daily retention job. None: kept until deleted by hand.
   */
  retention?: {
    from: 'created_at' | { day: string };
    days: (settings: RetentionDays) => number;
    /** An SQL condition the rows deleted must also meet (the newsletter: unconfirmed only). */
    only?: string;
    /** What the log says it deleted: "contact message(s)". */
    rows: string;
  };
};
