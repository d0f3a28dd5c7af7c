// JavaScript each page ships, gzip bytes: the external scripts Chromium downloads (after idle
// hydration and, at 390 px, the mobile menu) plus inline scripts.
//   node scripts/js-weight.mjs [--chosen] [baseURL] [path…]
// Without --chosen the visitor is new (the cookie banner hydrates); with it, the visitor has
// already refused the optional cookies, as a returning visitor who said no.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { config } from '../src/config.ts';

const args = process.argv.slice(2);
const chosen = args[0] === '--chosen' ? Boolean(args.shift()) : false;
const [base = 'http://localhost:4321', ...paths] = args;
const choiceCookies = Object.entries({
  consent_accepted: 'true', consent_necessary: 'true', consent_functionality: 'false', consent_tracking: 'false',
  consent_targeting: 'false', consent_revision: String(config.consentRevision),
}).map(([name, value]) => ({ name, value, url: base }));
const targets = paths.length ? paths : ['/en', '/fr/instructeurs', '/es/precios', '/temp-landing'];
const browser = await chromium.launch(chromiumLaunchOptions);
console.log('| page | width | external JS (gzip) | inline JS (gzip) | files |\n|---|---|---|---|---|');
for (const width of [1280, 390]) {
  for (const path of targets) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    if (chosen) await page.context().addCookies(choiceCookies);
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => b));
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const external = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0);
    const inline = await page.$$eval('script:not([src])', (els) => els.map((e) => e.textContent ?? ''));
    const inlineGzip = inline.reduce((sum, text) => sum + gzipSync(text).length, 0);
    console.log(`| ${path} | ${width} | ${external} B | ${inlineGzip} B | ${scripts.length} |`);
    await page.close();
  }
}
await browser.close();
