// The weight report (docs/performance.md), for every page of the build (run after `npm run build`):
//   node scripts/weight-report.mjs [dist/client] [--out report.md]   (npm run weight)
// Prints a Markdown table (HTML+CSS gzip, the islands and their directives, JavaScript gzip with
// everything loaded, at load for a new visitor and for one who has chosen, code fetched later on
// demand, the first response as sent) and exits 1 if a page breaks a budget
// (scripts/budgets/weight.mjs). For the project's own build (dist/client), each page's first
// response is measured as the Node server sends it: server.mjs is started on a loopback port.
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sentResponse, startNodeServer } from './budgets/as-sent.mjs';
import { budgets, kb, reactDomChunks, weighPage } from './budgets/weight.mjs';
import { builtFiles } from './built-site.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
const root = args[0] ?? 'dist/client';

const read = (url) => readFileSync(join(root, decodeURI(url)), 'utf8');
const files = builtFiles(root);
const pages = files.filter((path) => path.endsWith('.html'));
const scripts = files.filter((path) => path.endsWith('.js'));

// The server serves the project's `dist/`: its pages are measured as sent when they are the ones
// weighed.
const project = resolve(import.meta.dirname, '..');
const servedClient = join(project, 'dist/client');
const server =
  existsSync(servedClient) && realpathSync(servedClient) === realpathSync(root)
    ? await startNodeServer(project)
    : undefined;

// Pages are files (`/en/about.html`, build.format 'file'); their address has no `.html`.
const results = [];
try {
  for (const file of pages) {
    const path = file.replace(/(\/index)?\.html$/, '') || '/';
    const sent = server ? (await sentResponse(server.port, path)).totalBytes : undefined;
    results.push(weighPage(path, read(file), read, sent));
  }
} finally {
  await server?.stop();
}
const problems = results.flatMap((r) => r.problems);
const warnings = results.flatMap((r) => r.warnings);
const reactDom = reactDomChunks(scripts, read);
if (reactDom.length !== 1)
  problems.push(
    `React DOM is in ${reactDom.length} chunks (${reactDom.join(', ')}): it must be in exactly one, loaded once`,
  );

const cell = (bytes) => (bytes ? kb(bytes) : '0');
const lines = [
  `Budgets (gzip): on pages without a form, ≤ ${kb(budgets.firstRender)} of HTML and CSS for the first render and ≤ ${kb(budgets.formlessJs)} of JavaScript with everything loaded; on pages with a form ≤ ${kb(budgets.formAtLoad)} of JavaScript at load; on every page ≤ ${kb(budgets.pageScripts)} of page scripts; first response as sent (bytes, brotli) ≤ ${budgets.firstResponse.toLocaleString('en')} on every page, with ${budgets.firstResponseMargin} bytes of it kept free for longer content (a home page still over it may not grow: a known gap). React DOM chunks: ${reactDom.length}.`,
  '',
  "First render = the document without its scripts (its first screen's CSS is inlined); document = all of it. All JavaScript = the page scripts, every island hydrated, the banner's script and the code fetched on demand, each file once (React once). Page scripts = module scripts of the page beyond its islands. At load = what a new visitor, or one who chose before, downloads without touching anything. On interaction = what a form island (`client:interaction`) adds once the visitor reaches for it. On demand = code fetched when used (the newsletter dialog's form). After tracking consent = the tracking loader and Partytown (the Google tags then run in its worker). First response = status line, headers and body as `npm start` sends the page to a browser (brotli), in bytes: at most 14,600 arrive in a new connection's first round trip.",
  '',
  '| page | form | first render | of which CSS | document | islands (directive) | all JavaScript | page scripts | at load, new visitor | at load, chose before | on interaction | on demand | after tracking consent | first response |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    ({ weight: w }) =>
      `| ${w.path} | ${w.hasForm ? 'yes' : ''} | ${kb(w.firstRender)} | ${kb(w.css)} | ${kb(w.html)} | ${w.islands.join(', ') || '–'} | ${cell(w.jsAll)} | ${cell(w.jsPageScripts)} | ${cell(w.jsNewVisitor)} | ${cell(w.jsChosen)} | ${cell(w.jsOnInteraction)} | ${cell(w.lazy)} | ${cell(w.tracking)} | ${w.sent?.toLocaleString('en') ?? '–'} |`,
  ),
];
const formless = results.filter((r) => !r.weight.hasForm).map((r) => r.weight);
const max = (key, list) => list.reduce((m, w) => (w[key] > m[key] ? w : m));
lines.push(
  '',
  `Pages: ${results.length}, of which ${formless.length} without a form.`,
  `Heaviest first render without a form: ${max('firstRender', formless).path} (${kb(max('firstRender', formless).firstRender)}). Most JavaScript without a form, everything loaded: ${max('jsAll', formless).path} (${kb(max('jsAll', formless).jsAll)}, of which ${kb(max('jsAll', formless).jsPageScripts)} page scripts).`,
  (() => {
    const loading = formless.filter((w) => w.jsChosen > 0);
    return `Pages without a form where a visitor who has chosen downloads JavaScript without touching anything: ${loading.length}${
      loading.length
        ? ` (${loading
            .slice(0, 3)
            .map((w) => w.path)
            .join(', ')}…, up to ${kb(max('jsChosen', loading).jsChosen)}: their page scripts)`
        : ''
    }.`;
  })(),
);
const measured = results.map((r) => r.weight).filter((w) => w.sent !== undefined);
if (measured.length) {
  const over = measured.filter((w) => w.sent > budgets.firstResponse);
  lines.push(
    `First responses as sent: ${measured.length} pages, ${measured.length - over.length} in one round trip (≤ ${budgets.firstResponse.toLocaleString('en')} bytes); the largest ${max('sent', measured).path} (${max('sent', measured).sent.toLocaleString('en')} bytes, ${(budgets.firstResponse - max('sent', measured).sent).toLocaleString('en')} to spare).`,
  );
} else lines.push('First responses as sent: not measured (not the build the Node server serves).');
const report = lines.join('\n');
if (out) {
  writeFileSync(out, `${report}\n`);
  console.log([lines[0], ...lines.slice(-4), `The table of every page: ${out}`].join('\n'));
} else console.log(report);
if (warnings.length)
  console.error(
    `\n! ${warnings.length} page(s) still over the first round trip, none grown (a known gap, docs/performance.md):\n${warnings
      .slice(0, 5)
      .map((w) => `  - ${w}`)
      .join('\n')}${warnings.length > 5 ? '\n  …' : ''}`,
  );
if (problems.length) {
  console.error(
    `\n✗ ${problems.length} budget problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.error('\n✓ Every page is within its weight budgets.');
