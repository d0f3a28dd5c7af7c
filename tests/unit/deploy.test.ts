import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  cachedReceiverCheck,
  checkReceiver,
  type ReceiverHealth,
} from '../../src/forms/server/health';
import { openStore, type SubmissionStore } from '../../src/forms/server/store';
import { prebuiltPages } from '../../src/server/prebuilt-pages';

/** A built client folder: a page with sub-pages beside its folder, as `build.format: 'file'` writes it. */
function builtClient() {
  const dir = mkdtempSync(join(tmpdir(), 'pistelink-client-'));
  mkdirSync(join(dir, 'fr', 'instructeurs'), { recursive: true });
  for (const file of [
    'fr.html',
    'fr/instructeurs.html',
    'fr/instructeurs/rejoignez-nous.html',
    'favicon.svg',
  ])
    writeFileSync(join(dir, file), '');
  return dir;
}

describe('the Node server’s prebuilt pages', () => {
  const answer = prebuiltPages(builtClient());

  it('serves a page from its file, also when a folder of sub-pages has its name', () => {
    expect(answer('/fr')).toEqual({ rewrite: '/fr.html' });
    expect(answer('/fr/instructeurs?ref=mail')).toEqual({
      rewrite: '/fr/instructeurs.html?ref=mail',
    });
    expect(answer('/fr/instructeurs/rejoignez-nous')).toEqual({
      rewrite: '/fr/instructeurs/rejoignez-nous.html',
    });
  });

  it('sends a page’s .html address to the page’s own, keeping the query', () => {
    expect(answer('/fr/instructeurs.html?ref=mail')).toEqual({
      redirect: '/fr/instructeurs?ref=mail',
    });
  });

  it('leaves everything else to the adapter: files, trailing slashes, unknown paths', () => {
    for (const url of [
      '/favicon.svg',
      '/fr/',
      '/fr/instructeurs/',
      '/fr/nowhere',
      '/nowhere.html',
      '/%E0%A4%A',
    ])
      expect(answer(url)).toBeUndefined();
  });
});

describe('the receiver’s health', () => {
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pistelink-health-'));
    return {
      dbPath: join(dir, 'db', 'submissions.sqlite'),
      uploadDir: join(dir, 'uploads'),
      maxBodyBytes: 1024,
    };
  };
  /** The database thread's connection, as store-worker.ts opens it: on first use, never again. */
  const connection = (dbPath: string) => {
    let store: SubmissionStore | undefined;
    return () => (store ??= openStore(dbPath, { busyTimeoutMs: 5 }));
  };
  const check = (settings: ReturnType<typeof fresh>) =>
    checkReceiver(connection(settings.dbPath), settings);

  it('is ready on a new server, before the first submission (the folders are created)', () => {
    expect(check(fresh())).toEqual({ ready: true, outbox: { waiting: 0, stuck: false } });
  });

  it('says the outbox is stuck when a message has waited over 15 minutes, and stays ready', () => {
    const settings = fresh();
    const open = connection(settings.dbPath);
    const mail = { to: 'a@b.co', subject: 's', text: 't', html: '<p>t</p>' };
    const sent = (minutesAgo: number) => ({
      email: `x${minutesAgo}@example.com`,
      email_key: `x${minutesAgo}@example.com`,
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });
    open().insert('SubscribeForm', sent(5), { outbox: [{ channel: 'mail', mail }] });
    expect(checkReceiver(open, settings)).toEqual({
      ready: true,
      outbox: { waiting: 1, stuck: false },
    });
    open().insert('SubscribeForm', sent(20), { outbox: [{ channel: 'mail', mail }] });
    expect(checkReceiver(open, settings)).toEqual({
      ready: true,
      outbox: { waiting: 2, stuck: true },
    });
  });

  it('is not ready when the database cannot be created, and says so without a path', () => {
    const settings = fresh();
    const blocker = join(settings.uploadDir, '..', 'a-file');
    writeFileSync(blocker, '');
    const health = check({ ...settings, dbPath: join(blocker, 'submissions.sqlite') });
    expect(health).toEqual({
      ready: false,
      problem: 'the submissions database cannot be written',
    });
  });

  it('is not ready while another process holds the database’s write lock', () => {
    const settings = fresh();
    const open = connection(settings.dbPath);
    expect(checkReceiver(open, settings).ready).toBe(true);
    const other = new DatabaseSync(settings.dbPath);
    other.exec('BEGIN IMMEDIATE');
    try {
      expect(checkReceiver(open, settings)).toEqual({
        ready: false,
        problem: 'the submissions database is locked by another process',
      });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(checkReceiver(open, settings).ready).toBe(true);
  });

  it('is not ready when the disk has no room for one more submission', () => {
    const health = check({ ...fresh(), maxBodyBytes: Number.MAX_SAFE_INTEGER });
    expect(!health.ready && health.problem).toMatch(/bytes free/);
  });

  it('answers probes from a remembered check for a second, and a check that fails is a problem', async () => {
    let clock = 0;
    let answer: Promise<ReceiverHealth> = Promise.resolve({ ready: true });
    const cached = cachedReceiverCheck(
      () => answer,
      () => clock,
    );
    expect(await cached()).toEqual({ ready: true });
    answer = Promise.reject(new Error('the database thread could not start this job in time'));
    clock = 999;
    expect(await cached()).toEqual({ ready: true });
    clock = 1000;
    expect(await cached()).toEqual({
      ready: false,
      problem: 'the submissions database did not answer in time',
    });
  });
});
