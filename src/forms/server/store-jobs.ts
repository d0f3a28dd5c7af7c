/** What the main thread and the database thread (store-worker.ts) send each other. */
import type { HealthSettings } from './health.ts';

export type { HealthSettings };

/** The values of a job's shared state word. */
export const JOB = { QUEUED: 0, STARTED: 1, ABANDONED: 2 } as const;

export type RetentionSettings = {
  uploadDir: string;
  fileRetentionDays: number;
  contactRetentionDays: number;
  spamRetentionDays: number;
  /** Upload files no row refers to are deleted only when untouched for this long (store-thread.ts). */
  orphanMinAgeMs: number;
};

export type Job = {
  id: number;
  operation:
    | 'insert'
    | 'submissionByKey'
    | 'removeUnreferencedUpload'
    | 'byReceipt'
    | 'confirmSubscription'
    | 'health'
    | 'liveFileNames'
    | 'retention'
    | 'claimOutbox'
    | 'outboxSent'
    | 'outboxFailed'
    | 'outboxState'
    // The team inbox's (src/team): reads, and the one write, the "handled" mark.
    | 'inboxCounts'
    | 'inboxPage'
    | 'inboxSubmission'
    | 'markHandled'
    | 'rowsWithFiles';
  args: unknown[];
  /** Epoch ms after which the job must not start (and a lock is no longer waited for). */
  deadline: number;
  /** One Int32 on a SharedArrayBuffer: QUEUED, then STARTED (by the thread) or ABANDONED. */
  state: Int32Array;
};

/** An error as it crosses threads: what the receiver tells apart (store.ts isBusy, isFull). */
export type JobError = {
  name: string;
  message: string;
  stack?: string;
  errcode?: number;
  code?: string;
};

export type JobAnswer =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: JobError };
