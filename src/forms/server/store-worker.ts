/**
 * The database thread (a `worker_threads` worker started by store-thread.ts): it owns the
 * server's SQLite connection and runs every write there, so a commit's fsync on a slow disk, or
 * SQLite waiting for a lock, blocks this thread and never the one serving pages.
 *
 * Each job comes with a shared state word. The thread starts a job only if it moves the word from
 * QUEUED to STARTED; the main thread gives a job up by moving it from QUEUED to ABANDONED when its
 * wait is over. So a job given up is never run (its post was answered 503, nothing stored), and a
 * job started is always answered (its post waits for the commit).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkReceiver } from './health.ts';
import { openStore, whenFree, type SubmissionStore } from './store.ts';
import {
  purgeExpiredFiles,
  purgeExpiredForms,
  purgeExpiredSpam,
  purgeExpiredSubmissionKeys,
  sweepOrphanUploads,
} from './retention.ts';
import {
  JOB,
  type HealthSettings,
  type Job,
  type JobAnswer,
  type RetentionSettings,
} from './store-jobs.ts';

const { dbPath, commitDelayMs } = workerData as { dbPath: string; commitDelayMs: number };

let store: SubmissionStore | undefined;
/**
 * The one connection of the server process (store.ts `openStore` says why there is only one).
 * Opened, and the database migrated, by the first job (the start-up check, as the server starts);
 * a failure (an unwritable path) fails that job, and the next one retries.
 */
const open = () => (store ??= openStore(dbPath, { busyTimeoutMs: 5, commitDelayMs }));

/** Each job, given the connection to open (the health check opens it itself: failing is its answer). */
type Open = () => SubmissionStore;
const operations = {
  insert: (open: Open, ...args: Parameters<SubmissionStore['insert']>) => open().insert(...args),
  submissionByKey: (open: Open, key: string) => open().submissionByKey(key),
  byReceipt: (open: Open, ...args: Parameters<SubmissionStore['byReceipt']>) =>
    open().byReceipt(...args),
  confirmSubscription: (open: Open, ...args: Parameters<SubmissionStore['confirmSubscription']>) =>
    open().confirmSubscription(...args),
  removeUnreferencedUpload: (
    open: Open,
    ...args: Parameters<SubmissionStore['removeUnreferencedUpload']>
  ) => open().removeUnreferencedUpload(...args),
  health: (open: Open, settings: HealthSettings) => checkReceiver(open, settings),
  liveFileNames: (open: Open) => open().liveFileNames(),
  claimOutbox: (open: Open, ...args: Parameters<SubmissionStore['claimOutbox']>) =>
    open().claimOutbox(...args),
  outboxSent: (open: Open, ...args: Parameters<SubmissionStore['outboxSent']>) =>
    open().outboxSent(...args),
  outboxFailed: (open: Open, ...args: Parameters<SubmissionStore['outboxFailed']>) =>
    open().outboxFailed(...args),
  outboxState: (open: Open) => open().outboxState(),
  inboxCounts: (open: Open) => open().inboxCounts(),
  inboxPage: (open: Open, ...args: Parameters<SubmissionStore['inboxPage']>) =>
    open().inboxPage(...args),
  inboxSubmission: (open: Open, ...args: Parameters<SubmissionStore['inboxSubmission']>) =>
    open().inboxSubmission(...args),
  markHandled: (open: Open, ...args: Parameters<SubmissionStore['markHandled']>) =>
    open().markHandled(...args),
  rowsWithFiles: (open: Open, ...args: Parameters<SubmissionStore['rowsWithFiles']>) =>
    open().rowsWithFiles(...args),
  retention: (open: Open, settings: RetentionSettings) => {
    const s = open();
    return {
      files: purgeExpiredFiles(s, settings.uploadDir, settings.fileRetentionDays),
      forms: purgeExpiredForms(s, settings),
      spam: purgeExpiredSpam(s, settings.spamRetentionDays),
      keys: purgeExpiredSubmissionKeys(s),
      orphans: sweepOrphanUploads(s, settings.uploadDir, settings.orphanMinAgeMs),
    };
  },
} satisfies Record<Job['operation'], (open: Open, ...args: never[]) => unknown>;

parentPort!.on('message', async (job: Job) => {
  if (Atomics.compareExchange(job.state, 0, JOB.QUEUED, JOB.STARTED) !== JOB.QUEUED) return;
  let answer: JobAnswer;
  try {
    const operation = operations[job.operation] as (open: Open, ...a: unknown[]) => unknown;
    const result = await whenFree(
      () => operation(open, ...job.args),
      Math.max(0, job.deadline - Date.now()),
    );
    answer = { id: job.id, ok: true, result };
  } catch (error) {
    const { name, message, stack } = error as Error;
    const { errcode, code } = error as { errcode?: number; code?: string };
    answer = { id: job.id, ok: false, error: { name, message, stack, errcode, code } };
  }
  parentPort!.postMessage(answer);
});
