// The production server that `npm start` runs: Astro's standalone Node handler (prebuilt pages,
// on-demand routes) behind gzip/brotli compression, which the adapter does not do. A phone on a
// mountain gets a third of the bytes. PORT and HOST work as they do for the adapter.
// Every response it sends carries the security headers (src/security/headers.ts).
import http from 'node:http';
import compression from 'compression';
import onHeaders from 'on-headers';

process.env.ASTRO_NODE_AUTOSTART = 'disabled'; // we listen ourselves, with compression in front
const { handler, options } = await import('./dist/server/entry.mjs');

const compress = compression();
const port = Number(process.env.PORT ?? options.port);
const host = process.env.HOST ?? (typeof options.host === 'string' ? options.host : options.host ? '0.0.0.0' : 'localhost');

// The form receiver's retention (spec §9: CVs kept at most one year; contact messages as the
// privacy policy says): purge at start, then daily.
const { config } = await import('./src/config.ts');
const { openStore } = await import('./src/forms/store.ts');
const { purgeExpiredContactMessages, purgeExpiredFiles, scheduleRetention } = await import('./src/forms/retention.ts');
scheduleRetention(() => {
  const store = openStore(config.forms.dbPath);
  try {
    const purged = purgeExpiredFiles(store, config.forms.uploadDir, config.forms.fileRetentionDays);
    if (purged) console.log(`Retention: deleted ${purged} application file(s) older than ${config.forms.fileRetentionDays} days`);
    const messages = purgeExpiredContactMessages(store, config.forms.contactRetentionDays);
    if (messages) console.log(`Retention: deleted ${messages} contact message(s) older than ${config.forms.contactRetentionDays} days`);
  } finally {
    store.close();
  }
});

// Set just before the headers go out, after Astro's own: pages, files, API answers, the 404 alike.
const { addSecurityHeaders } = await import('./src/security/headers.ts');

const server = http.createServer((req, res) => {
  onHeaders(res, () => addSecurityHeaders(res));
  compress(req, res, () => handler(req, res));
});
server.listen(port, host, () => console.log(`Serving http://${host}:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
