/**
 * Spec §9: CVs are kept at most one year. Every application file (CV and licence) older than the
 * configured retention is deleted from disk; its row stays, marked purged, so the team still sees
 * that a file had been sent. A form's rows are deleted as its definition's `retention` says (contact
 * messages after the privacy policy's period, `legal.contactRetentionMonths` in the site facts).
 * Runs when the server starts and then daily.
 */
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FormDefinition, RetentionDays } from '../definition.ts';
import { forms, type FormName } from '../all.ts';
import type { SubmissionStore } from './store.ts';
import { checkUploads, deleteUpload, STORED_NAME } from './uploads.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function purgeExpiredFiles(
  store: SubmissionStore,
  uploadDir: string,
  retentionDays: number,
  now = new Date(),
) {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const names = store.expireFiles(before);
  for (const name of names) deleteUpload(uploadDir, name);
  return names.length;
}

/** A form whose rows are kept for a time (its definition's `retention`). */
type KeptForm = Pick<FormDefinition, 'retention'> & { name: FormName };

/**
 * Deletes `form`'s rows older than `days`, counted from when they were sent or from the day they
 * name (a rental's return day); returns how many.
 */
export function purgeExpiredRows(
  store: SubmissionStore,
  form: KeptForm,
  days: number,
  now = new Date(),
) {
  if (!form.retention) return 0;
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const { from, only } = form.retention;
  return from === 'created_at'
    ? store.deleteRowsBefore(form.name, 'created_at', before, only)
    : store.deleteRowsBefore(form.name, from.day, before.slice(0, 10), only);
}

/** Every form's purge by its retention: what each deleted, as the log says it, and the days kept. */
export function purgeExpiredForms(
  store: SubmissionStore,
  settings: RetentionDays,
  now = new Date(),
) {
  return forms.flatMap((form) => {
    if (!('retention' in form)) return [];
    const days = form.retention.days(settings);
    return [{ rows: form.retention.rows, days, deleted: purgeExpiredRows(store, form, days, now) }];
  });
}

/** Deletes what the honeypot caught before `retentionDays`; returns how many. */
export function purgeExpiredSpam(store: SubmissionStore, retentionDays: number, now = new Date()) {
  return store.deleteSpam(new Date(now.getTime() - retentionDays * DAY_MS).toISOString());
}

/**
 * A submission's key is kept a day: long enough for a double click, a retry after a lost answer or
 * a reloaded page to find the first post, and no trace of who sent what kept beyond that.
 */
export const SUBMISSION_KEY_DAYS = 1;

/** Forgets the submission keys older than a day; returns how many. */
export function purgeExpiredSubmissionKeys(store: SubmissionStore, now = new Date()) {
  return store.deleteSubmissionKeys(
    new Date(now.getTime() - SUBMISSION_KEY_DAYS * DAY_MS).toISOString(),
  );
}

/**
 * Deletes the upload files no live row refers to (a post whose row failed after its file was
 * written, then a crash before the cleanup; a row deleted by hand) and returns their names. Only
 * files untouched for `minAgeMs`: a post under way has written (or touched, reusing it) its file
 * moments before its row, so its file is never taken for an orphan. Never a file a live row refers
 * to: each is checked against the rows as it is deleted (store.ts `removeUnreferencedUpload`).
 */
export function sweepOrphanUploads(store: SubmissionStore, uploadDir: string, minAgeMs: number) {
  let names: string[];
  try {
    names = readdirSync(uploadDir);
  } catch {
    return []; // no folder yet
  }
  const before = Date.now() - minAgeMs;
  return names.filter(
    (name) =>
      STORED_NAME.test(name) &&
      store.removeUnreferencedUpload(uploadDir, name, { untouchedSinceMs: before }),
  );
}

/**
 * The start-up check (server.mjs): temporary files a crash left are removed; stored files whose
 * content does not match their name, and files live rows refer to (`store.liveFileNames()`) that
 * are missing, are listed for the operator.
 */
export async function checkStoredFiles(liveFileNames: string[], uploadDir: string) {
  // CVs and licences are their owner's only; a folder created before that rule is tightened.
  if (existsSync(uploadDir)) chmodSync(uploadDir, 0o700);
  const { removedParts, damaged } = await checkUploads(uploadDir);
  const missing = liveFileNames.filter((name) => !existsSync(join(uploadDir, name)));
  return { removedParts, damaged, missing };
}

/** Purges now and every 24 hours; the timer does not keep the process alive. */
export function scheduleRetention(run: () => unknown) {
  const safely = async () => {
    try {
      await run();
    } catch (error) {
      // A purge failing must not take the site down; it is retried the next day (and logged).
      console.error('Retention purge failed:', error);
    }
  };
  safely();
  setInterval(safely, DAY_MS).unref();
}
