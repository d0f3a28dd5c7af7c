// The production server that `npm start` runs: the built pages and files as the build compressed
// them (brotli, gzip: src/server/built-files.ts), and Astro's standalone Node handler for the
// rest (on-demand routes) behind gzip/brotli compression, which the adapter does not do. A phone
// on a mountain gets a third of the bytes. PORT and HOST work as they do for the adapter.
// Every response it sends carries the security headers (src/security/headers.ts).
import http from 'node:http';
import compression from 'compression';
import onHeaders from 'on-headers';
import { fileURLToPath } from 'node:url';

// The database thread (src/forms/server/store-thread.ts): the one place in this process that opens the
// submissions database (src/forms/server/store.ts says why). Every write of the receiver, every lookup of
// a receipt page, the health check, the retention and the start-up check run there, so that
// neither a locked database nor a slow disk ever holds up a page. Published before the site's
// code is loaded, so the receiver and the receipt pages find it.
const { config } = await import('./src/config.ts');
const { startStoreThread } = await import('./src/forms/server/store-thread.ts');
const { publishStoreAccess } = await import('./src/forms/server/store-access.ts');
const retention = await import('./src/forms/server/retention.ts');
const { forms } = config;
const storeThread = startStoreThread(forms.dbPath, {
  // Test hook (the faults suite): a slow disk, each commit taking this long.
  commitDelayMs: Number(process.env.FORMS_TEST_SLOW_DISK_MS ?? 0),
});
publishStoreAccess(storeThread);

// The build `dist` names: its pages, files, ETags, policies and Astro's handler, as one. When
// `npm run build` or `npm run publish` moves the link, the next requests are answered from the new
// build, without a restart; the ones under way finish on theirs (src/server/live-build.ts).
const { liveBuild, optionalLiveBuild } = await import('./src/server/live-build.ts');
const live = await liveBuild(fileURLToPath(new URL('./dist', import.meta.url)));
// The editors' preview (`preview`, made by their Preview button): answered to them alone.
const preview = optionalLiveBuild(fileURLToPath(new URL('./preview', import.meta.url)));
const { answerPreviewPage } = await import('./src/editors/preview.ts');
const { options } = live.current();

const compress = compression();
const port = Number(process.env.PORT ?? options.port);
const host =
  process.env.HOST ??
  (typeof options.host === 'string' ? options.host : options.host ? '0.0.0.0' : 'localhost');

// A locked database is waited for up to a minute; past that, the purge is retried tomorrow.
const MAINTENANCE_WAIT_MS = 60_000;

// The start-up check of the uploads, beside serving: debris of a crash removed, damaged or
// missing files listed.
storeThread
  .liveFileNames(MAINTENANCE_WAIT_MS)
  .then((live) => retention.checkStoredFiles(live, forms.uploadDir))
  .then(({ removedParts, damaged, missing }) => {
    if (removedParts.length)
      console.log(
        `Uploads: removed ${removedParts.length} temporary file(s) left by an interrupted write`,
      );
    for (const name of damaged)
      console.error(`Uploads: ${name} does not match its content hash (truncated or altered)`);
    for (const name of missing)
      console.error(`Uploads: ${name} is referred to by an application but missing`);
    console.log(
      `Uploads: start-up check done (${damaged.length} damaged, ${missing.length} missing)`,
    );
  })
  .catch((error) => console.error('Uploads: the start-up check failed:', error));

// What the receiver queued about each submission (mails, the webhook's posts) is sent from here,
// after the visitor's answer, with retries (src/forms/server/outbox.ts).
const { startOutbox } = await import('./src/forms/server/outbox.ts');
const outbox = startOutbox(storeThread.outbox, {
  smtpUrl: config.notify.smtpUrl,
  from: config.notify.from,
  webhook: config.notify.webhook,
  pollMs: Number(process.env.OUTBOX_TEST_POLL_MS ?? 2000),
  retryBaseMs: Number(process.env.OUTBOX_TEST_RETRY_MS ?? 15_000),
});

// The form receiver's retention (spec §9: CVs kept at most one year; each form's rows as its
// definition says), and the files no row refers to: at start, then daily.
const ORPHAN_MIN_AGE_MS = Number(process.env.FORMS_TEST_ORPHAN_MIN_AGE_MS ?? 60 * 60 * 1000);
retention.scheduleRetention(async () => {
  const {
    files,
    forms: purged,
    spam,
    orphans,
  } = await storeThread.retention(
    {
      uploadDir: forms.uploadDir,
      fileRetentionDays: forms.fileRetentionDays,
      contactRetentionDays: forms.contactRetentionDays,
      spamRetentionDays: forms.spamRetentionDays,
      orphanMinAgeMs: ORPHAN_MIN_AGE_MS,
    },
    MAINTENANCE_WAIT_MS,
  );
  for (const { deleted, rows, days } of [
    { deleted: files, rows: 'application file(s)', days: forms.fileRetentionDays },
    ...purged,
    { deleted: spam, rows: 'honeypot row(s)', days: forms.spamRetentionDays },
  ])
    if (deleted) console.log(`Retention: deleted ${deleted} ${rows} older than ${days} days`);
  for (const name of orphans)
    console.log(`Uploads: removed ${name}, which no application refers to`);
});

// Set just before the headers go out, after Astro's own: pages, files, API answers, the 404 alike.
// The Content Security Policy is the built pages' own, made into one (src/security/header-policy.ts).
const { addSecurityHeaders } = await import('./src/security/headers.ts');

// Pages are files (`build.format: 'file'`); the adapter misses those beside a folder of sub-pages
// (src/server/prebuilt-pages.ts: the build's `pageFor`).
// Caching (src/server/caching.ts): ETags from the files' content, so an unchanged page keeps its
// ETag across deploys and a returning visitor gets a 304; Cache-Control by kind of file.
const { cacheControlFor, matches, notFoundCacheControl } = await import('./src/server/caching.ts');

/**
 * Answers a GET or HEAD of a built page or file of `build`, sent as compressed at build time with
 * all their headers; false when the adapter is to answer.
 */
function builtFile(build, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const page = build.pageFor(req.url ?? '/');
  if (page && 'redirect' in page) return false;
  return build.files.respond(req, res, (page?.rewrite ?? req.url ?? '/').split('?')[0]);
}

// `/healthz` for a load balancer: 200 when a submission would be stored, 503 otherwise and while
// shutting down (docs/deploy.md). Checked on the database thread.
const { cachedReceiverCheck } = await import('./src/forms/server/health.ts');
// Long enough for a thread still starting (seconds on a loaded machine) or behind a slow commit;
// a lock held elsewhere fails the check at once.
const HEALTH_WAIT_MS = 3000;
const receiverHealth = cachedReceiverCheck(() => storeThread.health(forms, HEALTH_WAIT_MS));
let draining = false;

async function answerHealth(res) {
  const health = draining ? { ready: false, problem: 'shutting down' } : await receiverHealth();
  res.writeHead(health.ready ? 200 : 503, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  // The outbox rides along (waiting messages, `stuck` past 15 minutes): an alarm, never a 503.
  const queue = health.outbox ? { outbox: health.outbox } : {};
  res.end(
    JSON.stringify(
      health.ready
        ? { status: 'ready', ...queue }
        : { status: 'unavailable', problem: health.problem, ...queue },
    ),
  );
}

// The editors' area (src/editors/http.ts): signing in, the Publish and Roll back buttons, and the
// editing screen's addresses closed to anyone not signed in. Answered before the site.
const { editorsArea } = await import('./src/editors/http.ts');
const editors = editorsArea({
  root: fileURLToPath(new URL('.', import.meta.url)),
  siteUrl: config.siteUrl,
  buildDir: () => live.current().dir,
  previewDir: () => preview.current()?.dir,
});

// The team inbox (src/team/inbox.ts): the submissions behind the editors' sign-in, for the team role.
const team = (await import('./src/team/inbox.ts')).teamArea({
  editors,
  inbox: storeThread.inbox,
  uploadDir: forms.uploadDir,
});

// An encoded dot, slash or backslash in a path (`/en/%2e%2e%2f`) names no page: the file server
// would decode it into a folder and add a slash, Astro would take the slash away, and so on for
// ever. Answered 404 at once.
const ENCODED_SEPARATOR = /%(2e|2f|5c)/i;

const server = http.createServer((req, res) => {
  // The build this request is answered from, to its end (a switch under way changes the next ones):
  // the preview for a signed-in editor who opened it (src/editors/preview.ts).
  const previewBuild = editors.previewing(req) ? preview.current() : undefined;
  const build = previewBuild ?? live.current();
  const { headerPolicy, pageFor, etagOf } = build;
  // `//en/` is a path of this site, but Astro's trailing-slash redirect would answer
  // `Location: //en`, which a browser reads as the host `en`: one leading slash only.
  if (req.url && /^\/[/\\]/.test(req.url)) req.url = req.url.replace(/^[/\\]+/, '/');
  if (editors.handle(req, res) || team.handle(req, res)) return;
  if (previewBuild && answerPreviewPage(previewBuild, req, res)) return;
  // While shutting down, below, each answer closes its connection.
  if (!draining && builtFile(build, req, res)) return;
  onHeaders(res, () => {
    addSecurityHeaders(res, headerPolicy);
    if (res.statusCode === 404 && !res.hasHeader('cache-control'))
      res.setHeader('cache-control', notFoundCacheControl);
  });
  // Once shutting down, each connection is closed after its answer.
  if (draining) res.setHeader('connection', 'close');
  const path = req.url?.split('?')[0];
  if (path === '/healthz') return void answerHealth(res);
  if (path && ENCODED_SEPARATOR.test(path)) {
    res.writeHead(404, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
    return res.end('Not found');
  }
  const page = req.method === 'GET' || req.method === 'HEAD' ? pageFor(req.url ?? '/') : undefined;
  if (page && 'redirect' in page) {
    res.writeHead(301, { location: page.redirect });
    return res.end();
  }
  if (page) req.url = page.rewrite;
  const file = req.method === 'GET' || req.method === 'HEAD' ? req.url?.split('?')[0] : undefined;
  const etag = file ? etagOf(file) : undefined;
  if (etag) {
    const caching = { etag, 'cache-control': cacheControlFor(path ?? file) };
    if (matches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, caching);
      return res.end();
    }
    // Over the adapter's own (an ETag of size and time, `max-age=0`), just before they go out.
    onHeaders(res, () => {
      if (res.statusCode !== 200) return;
      res.setHeader('etag', caching.etag);
      res.setHeader('cache-control', caching['cache-control']);
      res.removeHeader('last-modified');
    });
  }
  compress(req, res, () => build.handler(req, res));
});
server.listen(port, host, () => console.log(`Serving http://${host}:${port}`));
const { trackConnections } = await import('./src/server/connections.ts');
const connections = trackConnections(server);

// Graceful shutdown (SIGTERM from systemd, Docker, an orchestrator; Ctrl-C): stop accepting
// connections, let the requests under way finish (a visitor's upload is stored, not cut off),
// then exit. Idle connections are closed at once, and one whose request stopped arriving halfway
// once it has been quiet for 2 s (src/server/connections.ts). Past SHUTDOWN_GRACE_SECONDS, or on
// a second signal, the remaining ones are cut.
const graceSeconds = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 20);
function shutDown(signal) {
  if (draining) process.exit(1);
  draining = true;
  outbox.stop(); // what is not sent yet stays queued for the next start
  console.log(`${signal}: finishing the requests under way, then stopping`);
  server.close(() => {
    console.log('Stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
  connections.closeStalled();
  setInterval(() => connections.closeStalled(), 250).unref();
  setTimeout(() => {
    console.error(`Still busy after ${graceSeconds} s: closing the remaining connections`);
    server.closeAllConnections();
    process.exit(1);
  }, graceSeconds * 1000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutDown(signal));
