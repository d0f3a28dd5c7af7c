/**
 * The server's database thread, seen from the main thread (`server.mjs` starts it): a
 * `StoreAccess` for the receiver, and the maintenance jobs (retention, the start-up check).
 * The worker itself is store-worker.ts.
 *
 * Bounded waits: a job not started within its wait (the thread busy with slow writes, or the
 * database locked) is given up and rejected with `StoreBusyError`, and never runs; a job started
 * is always waited for, so a post is answered 200 only once its row is committed, and 503 only
 * when nothing was stored.
 */
import { Worker } from 'node:worker_threads';
import type { ReceiverHealth } from './health.ts';
import {
  StoreBusyError,
  type FormWithReceipt,
  type InboxEntry,
  type InboxFilter,
  type InboxSubmission,
  type OutboxItem,
  type OutboxState,
  type Row,
  type StoredForm,
} from './store.ts';
import {
  JOB,
  type HealthSettings,
  type Job,
  type JobAnswer,
  type JobError,
  type RetentionSettings,
} from './store-jobs.ts';
import type { InsertOptions, KnownSubmission, StoreAccess } from './store-access.ts';
import type { FormName } from '../all.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export type StoreThreadOptions = {
  /** Test hook: a slow disk, each commit blocking the database thread that long (store.ts). */
  commitDelayMs?: number;
};

export function startStoreThread(dbPath: string, { commitDelayMs = 0 }: StoreThreadOptions = {}) {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  /** The thread, started again if it died (its jobs under way were rejected). */
  function thread() {
    if (worker) return worker;
    const started = new Worker(new URL('./store-worker.ts', import.meta.url), {
      workerData: { dbPath, commitDelayMs },
    });
    started.unref(); // a pending write keeps its connection (and so the process) alive anyway
    started.on('message', (answer: JobAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (answer.ok) job.resolve(answer.result);
      else job.reject(rebuild(answer.error));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    started.on('error', lost);
    started.on('exit', (code) =>
      lost(new Error(`The database thread stopped (exit code ${code}).`)),
    );
    return (worker = started);
  }

  function run<T>(operation: Job['operation'], args: unknown[], waitMs: number): Promise<T> {
    const id = nextId++;
    const state = new Int32Array(new SharedArrayBuffer(4));
    const started = Date.now();
    return new Promise<T>((resolve, reject) => {
      const giveUp = setTimeout(() => {
        // Not started yet: it never will be. Started: its answer is on the way.
        if (Atomics.compareExchange(state, 0, JOB.QUEUED, JOB.ABANDONED) === JOB.QUEUED) {
          pending.delete(id);
          const error = new StoreBusyError(Date.now() - started);
          error.message = `The database thread could not start this write within ${waitMs} ms (the database locked, or slow writes before it).`;
          reject(error);
        }
      }, waitMs);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(giveUp);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(giveUp);
          reject(error);
        },
      });
      thread().postMessage({
        id,
        operation,
        args,
        deadline: started + waitMs,
        state,
      } satisfies Job);
    });
  }

  const access: StoreAccess = {
    insert: (form: StoredForm, row: Row, options: InsertOptions, waitMs: number) =>
      run<number | null>('insert', [form, row, options], waitMs),
    submissionByKey: (key: string, waitMs: number) =>
      run<KnownSubmission | null>('submissionByKey', [key], waitMs),
    removeUnreferencedUpload: (uploadDir, storedName, writtenAtMs) =>
      run<boolean>('removeUnreferencedUpload', [uploadDir, storedName, { writtenAtMs }], 10_000),
    byReceipt: (form: FormWithReceipt, code: string, waitMs: number) =>
      run<Row | undefined>('byReceipt', [form, code], waitMs),
    confirmSubscription: (tokenHash, now, outbox, waitMs) =>
      run<{ locale: string | null } | undefined>(
        'confirmSubscription',
        [tokenHash, now, outbox],
        waitMs,
      ),
  };

  return {
    ...access,
    /** The receiver's health (health.ts), checked on the thread's connection within `waitMs`. */
    health: (settings: HealthSettings, waitMs: number) =>
      run<ReceiverHealth>('health', [settings], waitMs),
    liveFileNames: (waitMs: number) => run<string[]>('liveFileNames', [], waitMs),
    retention: (settings: RetentionSettings, waitMs: number) =>
      run<{
        files: number;
        /** What each form's retention deleted (retention.ts `purgeExpiredForms`). */
        forms: { rows: string; days: number; deleted: number }[];
        spam: number;
        keys: number;
        orphans: string[];
      }>('retention', [settings], waitMs),
    /** The outbox's jobs (outbox.ts sends; these take, mark and count on the thread's connection). */
    outbox: {
      claim: (now: string, limit: number, staleMs: number, waitMs: number) =>
        run<OutboxItem[]>('claimOutbox', [now, limit, staleMs], waitMs),
      sent: (id: number, at: string, waitMs: number) => run<void>('outboxSent', [id, at], waitMs),
      failed: (id: number, error: string, dueAt: string, waitMs: number) =>
        run<void>('outboxFailed', [id, error, dueAt], waitMs),
      state: (waitMs: number) => run<OutboxState>('outboxState', [], waitMs),
    },
    /** The team inbox's jobs (src/team/inbox.ts): what it shows, and the "handled" mark. */
    inbox: {
      counts: (waitMs: number) =>
        run<{ form: FormName; total: number; unhandled: number }[]>('inboxCounts', [], waitMs),
      page: (form: FormName, filter: InboxFilter, offset: number, limit: number, waitMs: number) =>
        run<{ entries: InboxEntry[]; total: number }>(
          'inboxPage',
          [form, filter, offset, limit],
          waitMs,
        ),
      submission: (form: FormName, id: number, waitMs: number) =>
        run<InboxSubmission | undefined>('inboxSubmission', [form, id], waitMs),
      markHandled: (
        form: FormName,
        id: number,
        by: { email: string; name: string } | null,
        waitMs: number,
      ) => run<boolean>('markHandled', [form, id, by, new Date().toISOString()], waitMs),
      rows: (form: FormName, waitMs: number) => run<Row[]>('rowsWithFiles', [form], waitMs),
      outbox: (waitMs: number) => run<OutboxState>('outboxState', [], waitMs),
    },
  };
}

export type InboxJobs = ReturnType<typeof startStoreThread>['inbox'];

/** The error the thread reported, as the receiver tells them apart (instanceof, errcode, code). */
function rebuild({ name, message, stack, errcode, code }: JobError) {
  const error = name === 'StoreBusyError' ? new StoreBusyError(0) : new Error(message);
  Object.assign(error, { message, stack, errcode, code });
  if (name !== 'StoreBusyError') error.name = name;
  return error;
}
