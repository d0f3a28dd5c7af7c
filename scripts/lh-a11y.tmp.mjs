import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from './chromium.mjs';
const [port, path, runs] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args] });
for (let i = 0; i < Number(runs); i++) {
  const { lhr } = await lighthouse(`http://localhost:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
  const cats = Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round(c.score * 100)]));
  const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id + ':' + JSON.stringify(a.details?.items?.slice(0,3)?.map(x=>x.node?.snippet ?? x.node?.selector)));
  console.log(`run ${i}`, JSON.stringify(cats), 'TBT', lhr.audits['total-blocking-time'].numericValue.toFixed(1), failing.join(' | ').slice(0, 1500));
}
chrome.kill();
