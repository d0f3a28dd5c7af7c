/**
 * Is the form receiver ready to take a submission? The answer of `/healthz` (server.mjs), for a
 * load balancer or an orchestrator: ready only when a post would be stored.
 *
 * It opens its own connection to the database file (it needs only the path, whatever the store
 * does with it) and takes the write lock for an instant (`BEGIN IMMEDIATE`, then `ROLLBACK`):
 * that fails when the folder or file cannot be written, the disk is read-only, or another process
 * holds the lock. The uploads folder must be writable, and the disk must have room for one more
 * submission of the largest size accepted.
 */
import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type ReceiverHealth = { ready: true } | { ready: false; problem: string };

export type HealthSettings = { dbPath: string; uploadDir: string; maxBodyBytes: number };

/**
 * How long the check waits for a lock another writer holds. node:sqlite waits synchronously,
 * blocking the server meanwhile: an insert holds the lock for milliseconds, so this is short.
 */
const LOCK_WAIT_MS = 100;

export function checkReceiver({ dbPath, uploadDir, maxBodyBytes }: HealthSettings): ReceiverHealth {
  try {
    // Created as the store creates them, so that a new server is ready before its first post.
    mkdirSync(dirname(dbPath), { recursive: true });
    const db = new DatabaseSync(dbPath, { timeout: LOCK_WAIT_MS });
    try {
      db.exec('BEGIN IMMEDIATE');
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
  } catch (error) {
    return {
      ready: false,
      problem: `database ${dbPath} is not writable: ${(error as Error).message}`,
    };
  }
  try {
    mkdirSync(uploadDir, { recursive: true });
    accessSync(uploadDir, constants.W_OK);
  } catch (error) {
    return {
      ready: false,
      problem: `uploads folder ${uploadDir} is not writable: ${(error as Error).message}`,
    };
  }
  const disk = statfsSync(dirname(dbPath));
  const free = disk.bavail * disk.bsize;
  if (free < maxBodyBytes)
    return { ready: false, problem: `only ${free} bytes free on the database's disk` };
  return { ready: true };
}

/**
 * The check, remembered for a second: `/healthz` is public, and a flood of probes must not turn
 * into a flood of lock attempts.
 */
export function cachedReceiverCheck(
  settings: HealthSettings,
  now = () => Date.now(),
  maxAgeMs = 1000,
) {
  let last: { at: number; health: ReceiverHealth } | undefined;
  return (): ReceiverHealth => {
    if (!last || now() - last.at >= maxAgeMs) last = { at: now(), health: checkReceiver(settings) };
    return last.health;
  };
}
