// Screenshots of pages at phone and desktop widths, for looking at what we built.
//   node scripts/screenshots.mjs [baseURL] [path…]     → screenshots/<path>-<width>.png
// Uses the same Chromium as the tests (CHROME_PATH or /usr/bin/chromium).
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { drawEverything } from './draw-everything.mjs';

// The functions given to page.evaluate run in the page, with the browser's globals.
/* global window */

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const targets = paths.length
  ? paths
  : ['/en', '/fr/instructeurs', '/es/precios', '/en/nope', '/temp-landing'];
const browser = await chromium.launch(chromiumLaunchOptions);
await mkdir('screenshots', { recursive: true });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  for (const path of targets) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // A full-page shot: the home page's lower sections, drawn as a visitor scrolls to them.
    await drawEverything(page);
    const name = path.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
  }
  await page.close();
}

// Header states on the first page: scrolled past half the window, then (phones) the open menu.
const states = await browser.newPage({ viewport: { width: 390, height: 844 } });
await states.goto(base + targets[0], { waitUntil: 'networkidle' });
await states.mouse.wheel(0, 600);
await states.waitForTimeout(400);
await states.screenshot({ path: 'screenshots/state-scrolled-390.png' });
await states.evaluate(() => window.scrollTo(0, 0));
await states.locator('.menu-button').click();
await states.locator('#site-nav').waitFor();
await states.screenshot({ path: 'screenshots/state-menu-390.png' });
await states.locator('.language-menu__button').click();
await states.locator('#language-list').waitFor();
await states.screenshot({ path: 'screenshots/state-language-390.png' });
await states.evaluate(() => window.scrollTo(0, 1500));
await states.waitForTimeout(400);
await states.locator('.menu-button').click();
await states.locator('#site-nav').waitFor();
await states.screenshot({ path: 'screenshots/state-menu-scrolled-390.png' });
await states.setViewportSize({ width: 1280, height: 800 });
await states.reload({ waitUntil: 'networkidle' });
await states.locator('.language-menu__button').click();
await states.locator('#language-list').waitFor();
await states.screenshot({ path: 'screenshots/state-language-1280.png' });
console.log('screenshots/state-*.png');
await browser.close();
