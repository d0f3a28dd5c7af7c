import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from './chromium.mjs';
const [port, path, runs] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args] });
for (let i = 0; i < Number(runs); i++) {
const { lhr, artifacts } = await lighthouse(`http://localhost:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
const trace = artifacts.Trace ?? artifacts.traces?.defaultPass;
const ev = trace.traceEvents;
const threads = {};
for (const e of ev) if (e.name === 'thread_name') threads[`${e.pid}:${e.tid}`] = e.args.name;
const nav = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.includes(path));
const t0 = nav?.ts ?? 0;
const main = ev.filter((e) => threads[`${e.pid}:${e.tid}`] === 'CrRendererMain' && e.ph === 'X' && e.ts >= t0);
const fcpEv = ev.find((e) => e.name === 'firstContentfulPaint' && e.ts >= t0);
console.log(`run ${i} TBT ${lhr.audits['total-blocking-time'].numericValue.toFixed(0)} fcp(obs) ${fcpEv ? ((fcpEv.ts - t0) / 1000).toFixed(1) : '?'}`);
const tasks = main.filter((e) => e.name === 'RunTask' && e.dur > 3000);
for (const t of tasks) {
  const kids = {};
  for (const e of main) if (e !== t && e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && ['ParseHTML','Layout','UpdateLayoutTree','Paint','PrePaint','Layerize','EvaluateScript','v8.compile','FunctionCall','EventDispatch','HitTest','Commit','ScheduleStyleRecalculation','ParseAuthorStyleSheet','Decode Image','ImageDecodeTask','v8.run','TimerFire','IntersectionObserverController::computeIntersections','UpdateLayer','ProfileCall'].includes(e.name)) kids[e.name] = (kids[e.name] ?? 0) + e.dur;
  console.log(`  @${((t.ts - t0) / 1000).toFixed(1)} ${(t.dur / 1000).toFixed(1)}ms`, Object.entries(kids).map(([k, v]) => `${k}:${(v / 1000).toFixed(1)}`).join(' '));
}
}
chrome.kill();
