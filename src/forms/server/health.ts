/**
 * Is the form receiver ready to take a submission? The answer of `/healthz` (server.mjs), for a
 * load balancer or an orchestrator: ready only when a post would be stored.
 *
 * The check runs on the database thread (store-worker.ts), on the thread's own connection: it
 * takes the write lock for an instant (`BEGIN IMMEDIATE`, then `ROLLBACK`), which fails when the
 * folder or file cannot be written, the disk is read-only, or another process holds the lock. The
 * uploads folder must be writable, and the disk must have room for one more submission of the
 * largest size accepted.
 *
 * `/healthz` is public: its problems name what is wrong in plain words, never a path or SQLite's
 * own message (those go to the server's log).
 */
import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { isBusy, type SubmissionStore } from './store.ts';

/**
 * The outbox (outbox.ts): messages waiting, and `stuck` when the oldest has waited past
 * `OUTBOX_STUCK_MS` (a mail server down, a wrong password): an alarm for whoever watches, not a
 * reason to stop taking submissions, which are stored and sent once it is mended.
 */
export type OutboxHealth = { waiting: number; stuck: boolean };
export type ReceiverHealth =
  { ready: true; outbox?: OutboxHealth } | { ready: false; problem: string; outbox?: OutboxHealth };

export const OUTBOX_STUCK_MS = 15 * 60 * 1000;

export type HealthSettings = { dbPath: string; uploadDir: string; maxBodyBytes: number };

/** `open`: the thread's connection (opened, and the database created, on first use). */
export function checkReceiver(
  open: () => SubmissionStore,
  { dbPath, uploadDir, maxBodyBytes }: HealthSettings,
): ReceiverHealth {
  try {
    open().probeWrite();
  } catch (error) {
    console.error('Health: the submissions database cannot be written:', error);
    return {
      ready: false,
      problem: isBusy(error)
        ? 'the submissions database is locked by another process'
        : 'the submissions database cannot be written',
    };
  }
  try {
    mkdirSync(uploadDir, { recursive: true, mode: 0o700 });
    accessSync(uploadDir, constants.W_OK);
  } catch (error) {
    console.error('Health: the uploads folder cannot be written:', error);
    return { ready: false, problem: 'the uploads folder cannot be written' };
  }
  const waiting = open().outboxState();
  const outbox = {
    waiting: waiting.waiting,
    stuck: waiting.oldest !== null && Date.now() - Date.parse(waiting.oldest) > OUTBOX_STUCK_MS,
  };
  const disk = statfsSync(dirname(dbPath));
  const free = disk.bavail * disk.bsize;
  if (free < maxBodyBytes)
    return { ready: false, problem: `only ${free} bytes free on the database's disk`, outbox };
  return { ready: true, outbox };
}

/**
 * The check, remembered for a second: `/healthz` is public, and a flood of probes must not turn
 * into a flood of lock attempts. Probes arriving while a check runs share it.
 */
export function cachedReceiverCheck(
  check: () => Promise<ReceiverHealth>,
  now = () => Date.now(),
  maxAgeMs = 1000,
) {
  let last: { at: number; health: Promise<ReceiverHealth> } | undefined;
  return (): Promise<ReceiverHealth> => {
    if (!last || now() - last.at >= maxAgeMs)
      last = {
        at: now(),
        health: check().catch((error: Error) => {
          console.error('Health: the check did not finish:', error.message);
          return { ready: false, problem: 'the submissions database did not answer in time' };
        }),
      };
    return last.health;
  };
}
