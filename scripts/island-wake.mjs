/**
 * How long a form takes to wake on a slow phone: from the visitor's first keystroke in a form to
 * the island saying it is live (`data-hydrated`), in Chromium with Lighthouse's mobile profile
 * (4× slower CPU, "slow 4G": 562.5 ms per request, 1.47 Mbit/s down, 675 kbit/s up). Also the
 * island's script requests: how many, their bytes as sent, and in how many waves they went (a
 * wave is a request sent only once an earlier one had arrived: an import found in an import, or
 * a request waiting for a free connection).
 *
 *   node scripts/island-wake.mjs [--runs 5] [--h2] [--trace] <label>=<base URL>… [<path>…]
 *
 * Each result also says where the time went: `network`, from the keystroke to the island's last
 * script arrived, and `run`, from there to live (evaluating the scripts, the first render). With
 * `--trace`, the main thread's work in that time, from a Chromium trace: compiling, evaluating the
 * modules, and the rest (React's hydration render, the island's effects), in ms.
 *
 * Several sites (say `before=http://localhost:4801 after=http://localhost:4802`) are measured in
 * turn, run after run, and compared by medians (docs/performance.md). A fresh browser profile each
 * time: nothing cached, as for a first visit.
 *
 * `--h2` puts an HTTP/2 front (TLS, a certificate made for the run) before each site, as the TLS
 * proxy or CDN of a deployment does: over HTTP/1.1, as `npm start` speaks, a browser opens six
 * connections to a host, and a seventh request waits for one of them.
 */
// The functions given to page.evaluate run in the page, with the browser's globals.
/* global window, document, MutationObserver */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    h2: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const sites = positionals
  .filter((arg) => arg.includes('='))
  .map((arg) => {
    const at = arg.indexOf('=');
    return { label: arg.slice(0, at), base: arg.slice(at + 1) };
  });
/**
 * Each form with the field a visitor reaches for first, and the key pressed there: reached on the
 * page (opened without a fragment, the field scrolled to and focused), and, for the forms a link
 * leads to (the header's Book lesson to `/en#lp`), reached through that link, whose fragment starts
 * the download at load. The resort forms are looked for on each resort of the content, in turn,
 * until a page has the field.
 */
const resortIds = readdirSync(new URL('../content/resorts/', import.meta.url))
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => name.slice(0, -'.yaml'.length));
const lessonRequest = { field: '#lesson-request-name', resorts: resortIds };
const rental = { field: '#rental-person1-height', key: '1', resorts: resortIds };
const pages = [
  { path: '/en/contact', field: '#contact-name' },
  { path: '/en/instructors/join-us', field: '#application-firstname' },
  { path: '/en', field: '#lp-where' },
  { path: '/en/resorts/*/ski-lessons', ...lessonRequest },
  { path: '/en/resorts/*/rental', ...rental },
  // A box to tick: Space is its keystroke.
  { path: '/en/preferences', field: '#consent-functionality', key: ' ' },
  { path: '/en#lp', field: '#lp-where' },
  { path: '/en/resorts/*/ski-lessons#lesson-request', ...lessonRequest },
  { path: '/en/resorts/*/rental#reserve', ...rental },
];
const paths = positionals.filter((arg) => !arg.includes('='));
const chosen = paths.length ? pages.filter((page) => paths.includes(page.path)) : pages;
if (!sites.length || !chosen.length) {
  console.error('usage: node scripts/island-wake.mjs [--runs 5] <label>=<base URL>… [<path>…]');
  process.exit(2);
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

/** An HTTP/2 server (TLS, self-signed) in front of `base`, bytes passed as they are; its address. */
async function h2Front(base) {
  const dir = mkdtempSync(join(tmpdir(), 'island-wake-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) });
  rmSync(dir, { recursive: true });
  const upstream = new URL(base);
  server.on('stream', (stream, headers) => {
    const sent = { host: upstream.host };
    for (const [name, value] of Object.entries(headers))
      if (!name.startsWith(':')) sent[name] = value;
    const request = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: headers[':path'],
        method: headers[':method'],
        headers: sent,
      },
      (response) => {
        const answer = { ':status': response.statusCode };
        for (const [name, value] of Object.entries(response.headers))
          if (!HOP_BY_HOP.includes(name)) answer[name] = value;
        // The page may be gone (its context closed) before the answer comes.
        if (stream.destroyed) return void response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', (error) => {
      console.error(`h2 front: ${headers[':path']}: ${error.message}`);
      stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    });
    stream.on('error', () => {}); // a page closed mid-answer
    stream.pipe(request);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  fronts.push(server);
  return `https://localhost:${server.address().port}`;
}
const fronts = [];
// A resort form's page: the first resort whose page has the field (on the first site).
for (const page of chosen) {
  if (!page.resorts) continue;
  for (const resort of page.resorts) {
    const path = page.path.replace('*', resort);
    const html = await fetch(new URL(path.split('#')[0], sites[0].base)).then((answer) =>
      answer.text(),
    );
    if (html.includes(`id="${page.field.slice(1)}"`)) {
      page.path = path;
      break;
    }
  }
  if (page.path.includes('*')) throw new Error(`no resort page has ${page.field}`);
}
if (values.h2) for (const site of sites) site.base = await h2Front(site.base);

// Lighthouse's mobileSlow4G as DevTools applies it (lighthouse/core/config/constants.js).
const network = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

/** The length of the longest chain of requests each starting after the previous one finished. */
function waves(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = [];
  sorted.forEach((request, i) => {
    let before = 0;
    for (let j = 0; j < i; j++)
      if (sorted[j].end <= request.start) before = Math.max(before, depth[j]);
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

/** Main-thread work between two times (µs, the trace's clock) by kind, in ms. */
function mainThreadWork(events, from, to) {
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const work = { compile: 0, evaluate: 0, other: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || event.pid !== main?.pid || event.tid !== main?.tid) continue;
    if (event.ts < from || event.ts > to) continue;
    if (/^v8\.compile/.test(event.name)) work.compile += event.dur / 1000;
    else if (event.name === 'v8.evaluateModule') work.evaluate += event.dur / 1000;
    else if (event.name === 'RunTask') work.other += event.dur / 1000;
  }
  // A task's time includes what it compiled and evaluated.
  work.other = Math.max(0, work.other - work.compile - work.evaluate);
  return work;
}

async function measure(browser, base, { path, field, key = 'a' }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ignoreHTTPSErrors: true,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(new URL(path, base).href, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const requests = [];
  let typed = false;
  page.on('requestfinished', async (request) => {
    if (!typed || request.resourceType() !== 'script') return;
    const timing = request.timing();
    const sizes = await request.sizes();
    requests.push({
      // When it went on the wire: over HTTP/1.1 a request may wait for a free connection.
      start: timing.startTime + Math.max(0, timing.requestStart),
      end: timing.startTime + timing.responseEnd,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      url: request.url(),
    });
  });
  // The keystroke's time and the island's first `data-hydrated`, both on the page's clock.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    document.addEventListener('keydown', () => (w.__typedAt ??= performance.now()), {
      capture: true,
    });
    new MutationObserver(() => {
      if (document.querySelector('astro-island [data-hydrated]')) w.__liveAt ??= performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  if (values.trace)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'v8',
        'disabled-by-default-devtools.timeline',
        '__metadata',
      ],
    });
  await page.locator(field).focus();
  typed = true;
  await page.keyboard.press(key);
  await page.waitForFunction(() => /** @type {any} */ (window).__liveAt, undefined, {
    timeout: 30_000,
  });
  const { ms, typedAt, liveAt } = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    // On the wall clock, as the requests' times are.
    const at = (time) => performance.timeOrigin + time;
    return { ms: w.__liveAt - w.__typedAt, typedAt: at(w.__typedAt), liveAt: at(w.__liveAt) };
  });
  await page.waitForLoadState('networkidle');
  let work;
  if (values.trace) {
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    // The trace's clock is not the wall clock: the keystroke is found by its event.
    const keystroke = events.find(
      (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
    );
    if (keystroke) work = mainThreadWork(events, keystroke.ts, keystroke.ts + ms * 1000);
  }
  await context.close();
  if (process.env.WAKE_VERBOSE) {
    const t0 = Math.min(...requests.map((r) => r.start));
    for (const r of requests.sort((a, b) => a.start - b.start))
      console.error(
        `  ${Math.round(r.start - t0)}–${Math.round(r.end - t0)} ms ${r.bytes} B ${r.url.split('/').pop()}`,
      );
  }
  // The last of the island's scripts to arrive; none when a link to the form had them fetched.
  const ends = requests.filter((r) => r.end <= liveAt).map((r) => r.end);
  const arrived = ends.length ? Math.max(...ends) : typedAt;
  return {
    ms,
    network: arrived - typedAt,
    run: liveAt - arrived,
    work,
    requests: requests.length,
    bytes: requests.reduce((sum, r) => sum + r.bytes, 0),
    waves: waves(requests),
  };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch(chromiumLaunchOptions);
const results = new Map();
try {
  for (let run = 0; run < Number(values.runs); run++) {
    for (const page of chosen) {
      for (const site of sites) {
        const result = await measure(browser, site.base, page);
        const key = `${page.path}\t${site.label}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.error(
          `run ${run + 1} ${page.path} ${site.label}: ${Math.round(result.ms)} ms (network ${Math.round(result.network)}, run ${Math.round(result.run)}${result.work ? `: compile ${Math.round(result.work.compile)}, evaluate ${Math.round(result.work.evaluate)}, other ${Math.round(result.work.other)}` : ''}), ${result.requests} requests, ${result.bytes} B, ${result.waves} waves`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const front of fronts) front.close();
}
console.log(
  '| page | site | keystroke → live, ms (median, min–max) | network | run | script requests | bytes | waves |',
);
console.log('|---|---|--:|--:|--:|--:|--:|--:|');
for (const [key, list] of results) {
  const [path, label] = key.split('\t');
  const ms = list.map((r) => r.ms);
  console.log(
    `| ${path} | ${label} | ${Math.round(median(ms))} (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))}) | ${Math.round(median(list.map((r) => r.network)))} | ${Math.round(median(list.map((r) => r.run)))} | ${median(list.map((r) => r.requests))} | ${median(list.map((r) => r.bytes))} | ${median(list.map((r) => r.waves))} |`,
  );
}
