/**
 * How the receiver reaches the database: the writes a post needs, each settled within a wait.
 *
 * The server (`server.mjs`) runs them on the database thread (store-thread.ts), so that neither a
 * locked database nor a slow disk (a commit's fsync) ever holds the event loop that serves pages.
 * `astro dev` and the unit tests run them in their own thread (`inThisThread`).
 *
 * Plain Node TypeScript (imported by `server.mjs` as by the Astro endpoint): imports name their
 * `.ts` files.
 */
import {
  whenFree,
  type Row,
  type StoredFile,
  type StoredForm,
  type SubmissionStore,
} from './store.ts';

export type InsertOptions = { onConflict?: string; files?: StoredFile[] };

export type SubmissionWriter = {
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
   * After a post failed: deletes the file it wrote (`storedName` in `uploadDir`) unless a live row
   * refers to it or the file changed since (mtime other than `writtenAtMs`: another post sent the
   * same file and is using it). Resolves true when deleted.
   */
  removeUnreferencedUpload(
    uploadDir: string,
    storedName: string,
    writtenAtMs: number,
  ): Promise<boolean>;
};

/** The writes run in the calling thread, a locked database waited for with timers (whenFree). */
export function inThisThread(open: () => SubmissionStore): SubmissionWriter {
  return {
    insert: (form, row, options, waitMs) =>
      whenFree(() => open().insert(form, row, options), waitMs),
    removeUnreferencedUpload: (uploadDir, storedName, writtenAtMs) =>
      whenFree(() => open().removeUnreferencedUpload(uploadDir, storedName, { writtenAtMs }), 4000),
  };
}

/**
 * The server's database thread, handed to the Astro endpoint: the endpoint is bundled into the
 * build, `server.mjs` is not, so they share no module; the global symbol registry they do share.
 */
const PUBLISHED = Symbol.for('pistelink.forms.submissionWriter');

export function publishWriter(writer: SubmissionWriter) {
  (globalThis as Record<symbol, unknown>)[PUBLISHED] = writer;
}

export function publishedWriter(): SubmissionWriter | undefined {
  return (globalThis as Record<symbol, unknown>)[PUBLISHED] as SubmissionWriter | undefined;
}
