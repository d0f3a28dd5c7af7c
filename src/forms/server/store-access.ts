/**
 * How the site reaches the submissions database: the writes a post needs and the lookups a
 * receipt page needs, each settled within a wait.
 *
 * The server (`server.mjs`) runs them on the database thread (store-thread.ts), the one place in
 * the process that opens the file (store.ts `openStore` says why), so that neither a locked
 * database nor a slow disk (a commit's fsync) ever holds the event loop that serves pages.
 * `astro dev` and the unit tests run them in their own thread (`inThisThread`).
 *
 * Plain Node TypeScript (imported by `server.mjs` as by the Astro endpoint): imports name their
 * `.ts` files.
 */
import {
  openStore,
  whenFree,
  type FormWithReceipt,
  type OutboxMessage,
  type Row,
  type StoredFile,
  type StoredForm,
  type SubmissionStore,
} from './store.ts';

/** `key`: the post's submission key (receiver.ts), stored with its row in one transaction. */
/** `outbox`: what to send about the submission, stored in its transaction (outbox.ts sends it). */
export type InsertOptions = {
  onConflict?: string;
  files?: StoredFile[];
  key?: string;
  outbox?: readonly OutboxMessage[];
};

/** A stored submission found by its key (a post sent again): the receipt code its visitor was given. */
export type KnownSubmission = { receipt: string | null };

export type StoreAccess = {
  /**
   * Stores one submission (store.ts `insert`) and resolves once it is committed (on disk), with
   * the new row's id (null for a duplicate ignored by `onConflict`). Throws `StoreBusyError`, having
   * stored nothing, when the write could not start within `waitMs` (a locked database, or one
   * slow write after another).
   */
  insert(
    form: StoredForm,
    row: Row,
    options: InsertOptions,
    waitMs: number,
  ): Promise<number | null>;
  /**
   * The submission stored under `key` (a post's submission key, store.ts `submission_keys`), or
   * null: a post sent twice is answered with the first one's receipt.
   */
  submissionByKey(key: string, waitMs: number): Promise<KnownSubmission | null>;
  /**
   * After a post failed: deletes the file it wrote (`storedName` in `uploadDir`) unless a live row
   * refers to it or the file changed since (mtime other than `writtenAtMs`: another post sent the
   * same file and is using it). Resolves true when deleted.
   */
  removeUnreferencedUpload(
    uploadDir: string,
    storedName: string,
    writtenAtMs: number,
  ): Promise<boolean>;
  /**
   * The row whose visitor keeps `code` (a receipt page), read-only; undefined when none has it.
   * Throws `StoreBusyError` when the lookup could not start within `waitMs`.
   */
  byReceipt(form: FormWithReceipt, code: string, waitMs: number): Promise<Row | undefined>;
  /**
   * Confirms the newsletter subscription of a link's token hash (store.ts `confirmSubscription`),
   * queueing `outbox` with it; its locale, or undefined when no live link has it.
   */
  confirmSubscription(
    tokenHash: string,
    now: string,
    outbox: readonly OutboxMessage[],
    waitMs: number,
  ): Promise<{ locale: string | null } | undefined>;
};

/** The work runs in the calling thread, a locked database waited for with timers (whenFree). */
export function inThisThread(open: () => SubmissionStore): StoreAccess {
  return {
    insert: (form, row, options, waitMs) =>
      whenFree(() => open().insert(form, row, options), waitMs),
    submissionByKey: (key, waitMs) => whenFree(() => open().submissionByKey(key), waitMs),
    removeUnreferencedUpload: (uploadDir, storedName, writtenAtMs) =>
      whenFree(() => open().removeUnreferencedUpload(uploadDir, storedName, { writtenAtMs }), 4000),
    byReceipt: (form, code, waitMs) => whenFree(() => open().byReceipt(form, code), waitMs),
    confirmSubscription: (tokenHash, now, outbox, waitMs) =>
      whenFree(() => open().confirmSubscription(tokenHash, now, outbox), waitMs),
  };
}

/**
 * The server's database thread, handed to the Astro endpoint and pages: they are bundled into the
 * build, `server.mjs` is not, so they share no module; the global symbol registry they do share.
 */
const PUBLISHED = Symbol.for('pistelink.forms.storeAccess');

export function publishStoreAccess(access: StoreAccess) {
  (globalThis as Record<symbol, unknown>)[PUBLISHED] = access;
}

let ownThread: StoreAccess | undefined;

/**
 * The database as this process reaches it: the server's thread when `server.mjs` runs (published
 * before the first request); otherwise (astro dev) one connection of this thread, opened on first
 * use, SQLite's own wait for a lock a few milliseconds (whenFree waits with timers instead), so an
 * unwritable path answers that request with an error instead of stopping the site.
 */
export function storeAccess(dbPath: string): StoreAccess {
  const published = (globalThis as Record<symbol, unknown>)[PUBLISHED] as StoreAccess | undefined;
  if (published) return published;
  let store: SubmissionStore | undefined;
  return (ownThread ??= inThisThread(() => (store ??= openStore(dbPath, { busyTimeoutMs: 5 }))));
}
