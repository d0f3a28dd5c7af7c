/**
 * Spec §9: CVs are kept at most one year. Every application file (CV and licence) older than the
 * configured retention is deleted from disk; its row stays, marked purged, so the team still sees
 * that a file had been sent. Contact messages are deleted after the privacy policy's period
 * (`legal.contactRetentionMonths` in the site facts). Runs when the server starts and then daily.
 */
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** Deletes contact messages older than `retentionDays`; returns how many. */
export function purgeExpiredContactMessages(
  store: SubmissionStore,
  retentionDays: number,
  now = new Date(),
) {
  return store.deleteContactMessages(
    new Date(now.getTime() - retentionDays * DAY_MS).toISOString(),
  );
}

/**
 * Deletes lesson requests older than `retentionDays` (the privacy policy gives them the contact
 * messages' period); returns how many.
 */
export function purgeExpiredLessonRequests(
  store: SubmissionStore,
  retentionDays: number,
  now = new Date(),
) {
  return store.deleteLessonRequests(new Date(now.getTime() - retentionDays * DAY_MS).toISOString());
}

/**
 * Deletes rental reservations `retentionDays` after their return day (the privacy policy gives
 * them the contact messages' period, counted from the end of the rental); returns how many.
 */
export function purgeExpiredRentalReservations(
  store: SubmissionStore,
  retentionDays: number,
  now = new Date(),
) {
  const day = new Date(now.getTime() - retentionDays * DAY_MS).toISOString().slice(0, 10);
  return store.deleteRentalReservations(day);
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
