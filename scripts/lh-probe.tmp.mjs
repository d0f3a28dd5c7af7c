// temporary probe: node scripts/lh-probe.tmp.mjs PORT PATH RUNS
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { chromiumLaunchOptions } from './chromium.mjs';
const [port, path, runs] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args] });
const tbts = [];
for (let i = 0; i < Number(runs); i++) {
  const { lhr, artifacts } = await lighthouse(`http://localhost:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
  const tbt = lhr.audits['total-blocking-time'].numericValue;
  tbts.push(Math.round(tbt));
  const lt = lhr.audits['long-tasks']?.details?.items ?? [];
  const fcp = lhr.audits['first-contentful-paint'].numericValue;
  console.log(`run ${i}: TBT ${tbt.toFixed(1)} FCP ${fcp.toFixed(0)} LCP ${lhr.audits['largest-contentful-paint'].numericValue.toFixed(0)} TTI ${lhr.audits['interactive']?.numericValue?.toFixed(0)} long: ${lt.map((t) => `${t.url?.slice(-30)}@${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(', ')}`);
  const mt = lhr.audits['mainthread-work-breakdown'].details.items.map((x) => `${x.group}:${Math.round(x.duration)}`).join(' ');
  console.log('   ', mt);
  if (i === 0) writeFileSync('/tmp/lh/lhr.json', JSON.stringify(lhr));
}
console.log('TBTs', tbts.join(' '));
chrome.kill();
