import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.mjs';
const [url] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions.executablePath, args: chromiumLaunchOptions.args });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(500);
const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
const threads = {};
for (const e of ev) if (e.name === 'thread_name') threads[`${e.pid}:${e.tid}`] = e.args.name;
const main = ev.filter((e) => threads[`${e.pid}:${e.tid}`] === 'CrRendererMain').sort((a, b) => a.ts - b.ts);
const t0 = main.find((e) => e.name === 'ParseHTML')?.ts ?? main[0].ts;
for (const e of main) {
  if (e.ts < t0 - 5000) continue;
  const interesting = ['RunTask', 'ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint', 'firstPaint', 'firstContentfulPaint', 'FunctionCall', 'MarkDOMContent', 'MarkLoad', 'TimerFire', 'FireAnimationFrame', 'IntersectionObserverController::computeIntersections', 'BeginMainThreadFrame', 'ScheduleStyleRecalculation', 'InvalidateLayout'];
  if (!interesting.includes(e.name)) continue;
  if (e.name === 'RunTask' && (e.dur ?? 0) < 1000) continue;
  const d = e.args?.beginData ?? e.args?.data ?? {};
  const extra = e.name === 'ParseHTML' ? `lines ${d.startLine}-${e.args?.endData?.endLine}` : e.name === 'EvaluateScript' ? `${(d.url || '').slice(-40)}:${d.lineNumber}` : e.name === 'Layout' ? `dirty ${d.dirtyObjects}/${d.totalObjects}` : e.name === 'UpdateLayoutTree' ? `elements ${e.args?.elementCount}` : e.name === 'FunctionCall' ? `${(d.url||'').slice(-30)}:${d.functionName}` : '';
  console.log(((e.ts - t0) / 1000).toFixed(1).padStart(7), (e.dur ? (e.dur / 1000).toFixed(1) : '').padStart(6), e.name, extra);
}
await browser.close();
