import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.mjs';
const [base, runs, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions.executablePath, args: chromiumLaunchOptions.args });
for (const path of paths) {
  const rows = [];
  for (let i = 0; i < Number(runs); i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const buf = await browser.stopTracing();
    const ev = JSON.parse(buf.toString()).traceEvents;
    const threads = {};
    for (const e of ev) if (e.name === 'thread_name') threads[`${e.pid}:${e.tid}`] = e.args.name;
    const main = ev.filter((e) => threads[`${e.pid}:${e.tid}`] === 'CrRendererMain' && e.ph === 'X');
    const sum = (n) => main.filter((e) => e.name === n).reduce((a, e) => a + e.dur, 0) / 1000;
    const tasks = main.filter((e) => e.name === 'RunTask').map((e) => e.dur / 1000);
    rows.push([Math.max(...tasks), sum('UpdateLayoutTree'), sum('Layout'), sum('ParseHTML'), sum('Paint')]);
    await context.close();
  }
  const med = (k) => rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)].toFixed(1);
  console.log(`${path.padEnd(30)} maxTask ${med(0)} style ${med(1)} layout ${med(2)} parse ${med(3)} paint ${med(4)}`);
}
await browser.close();
