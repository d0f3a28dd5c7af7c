/**
 * Real Firefox and WebKit, as Debian ships them, driven the same way so each visitor path is
 * written once (docs/decisions.md: why not Playwright):
 *
 * - Firefox ESR (`firefox-esr`) through puppeteer-core over WebDriver BiDi;
 * - WebKitGTK (`webkit2gtk-driver`'s WebKitWebDriver) under Xvfb, in a window of our own
 *   (webkitgtk-window.py): MiniBrowser will not go narrower than 447 px;
 * - WPE WebKit 2.38 (`cog` and `wpewebkit-driver`), the Safari 16 era engine, headless. Its window
 *   is a fixed 800 × 600: a page zoom of 800 / width gives the page `width` CSS pixels, as a zoomed
 *   desktop browser does (media queries, scroll widths and `innerWidth` all follow).
 *
 * WebDriver classic is a handful of HTTP calls, written here rather than adding a client library.
 * Nothing waits a fixed time: `until` polls a condition in the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { eventually } from '../eventually';
import { freePort } from '../free-port';

/** A browser as the tests use it: one tab, scripts given as function bodies run in the page. */
export type Visitor = {
  readonly name: string;
  /** The window's width in CSS pixels (its height: a phone's or a laptop's). */
  resize(width: number): Promise<void>;
  goto(url: string): Promise<void>;
  /**
   * The address the browser shows, asked of the browser, not the page: safe while a page is
   * being replaced, when a script sent to the page may get no answer (see `at`).
   */
  address(): Promise<string>;
  /** A real click on the element (brought into view first, at once). */
  click(selector: string): Promise<void>;
  /** Real keystrokes into an empty field. */
  type(selector: string, text: string): Promise<void>;
  /**
   * A select's option, a date or a time set by value, with the events a visitor's choice fires:
   * each engine's picker is its own UI, not what these tests are about.
   */
  choose(selector: string, value: string): Promise<void>;
  /** A file put in a file field. */
  attach(selector: string, path: string): Promise<void>;
  press(key: 'Escape' | 'ArrowDown'): Promise<void>;
  /** Runs `body` (a function body; `args` are `arguments`) in the page and returns its value. */
  run<T = unknown>(body: string, ...args: unknown[]): Promise<T>;
  /** What the window shows, as a PNG: saved when a test fails. */
  screenshot(): Promise<Uint8Array>;
  close(): Promise<void>;
};

// Generous: on a busy 2-core machine a page or a script can take many seconds.
const TIMEOUT = 30_000;
/** A WebDriver command's own bound: past the driver's own waits (TIMEOUT), it is stuck. */
const COMMAND_TIMEOUT = TIMEOUT + 15_000;
/**
 * The WebDriver servers' own waits (a script, a page load), bounded as ours are: their default
 * page load wait is 300 s, past a test's whole time.
 */
const driverTimeouts = { timeouts: { script: TIMEOUT, pageLoad: TIMEOUT, implicit: 0 } };

/** Polls `body` in the page until it returns a truthy value (returned), or fails saying `what`. */
export async function until<T>(
  visitor: Visitor,
  what: string,
  body: string,
  ...args: unknown[]
): Promise<T> {
  const deadline = Date.now() + TIMEOUT;
  let last: unknown;
  for (;;) {
    try {
      last = await visitor.run<T>(body, ...args);
      if (last) return last as T;
    } catch (error) {
      // Between two pages (a form posted, a link followed) there is no page to ask.
      last = error;
    }
    if (Date.now() > deadline) {
      // Where the browser is says whether a click went elsewhere (another page) or did nothing.
      const at = await visitor.address().catch(() => 'unknown');
      throw new Error(
        `${visitor.name}: waited ${TIMEOUT / 1000} s for ${what} at ${at}; last: ${last}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `check` here, in the tests (the receiver's database), until it returns a truthy value. */
export { eventually };

/** Brings an element into view at once: a smooth scroll under way makes WebKit's clicks miss. */
const intoView = `const element = document.querySelector(arguments[0]);
  if (!element) throw new Error('no element ' + arguments[0]);
  element.scrollIntoView({ block: 'center', behavior: 'instant' });`;

/**
 * The element's centre, and whether it (or its label) is what is found there. The page is scrolled
 * only when it is not (off screen, or under the header): scrolled again on every reading, an
 * element that the page is still moving (the sections above it drawn as they near the screen,
 * `content-visibility: auto`, in the frame after the scroll) would be put back under the same
 * point each time and look steady, and the click would land where it no longer is: the likely
 * cause of the Firefox newsletter test's dialog staying closed after its link, at the foot of the
 * home page, was clicked (docs/decisions.md).
 */
const clickPoint = `const element = document.querySelector(arguments[0]);
  if (!element) throw new Error('no element ' + arguments[0]);
  const labels = [...(element.labels ?? [])];
  const centre = () => {
    const box = element.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const found = document.elementFromPoint(x, y);
    return { x, y, hit: !!found && (element.contains(found) || labels.some((l) => l.contains(found))) };
  };
  const point = centre();
  if (point.hit) return point;
  element.scrollIntoView({ block: 'center', behavior: 'instant' });
  return centre();`;

/**
 * Where to click the element, once the page has stopped moving: the same point twice running, the
 * element found there, readings a few frames apart with no scroll of ours between them. A page
 * still scrolling (an anchor's smooth scroll, a form bringing its message into view) or a busy
 * machine's late layout would otherwise take the click elsewhere.
 */
async function steadyPoint(name: string, run: Visitor['run'], selector: string) {
  const deadline = Date.now() + TIMEOUT;
  let last = { x: NaN, y: NaN, hit: false };
  for (;;) {
    const point = await run<typeof last>(clickPoint, selector);
    if (point.hit && point.x === last.x && point.y === last.y) return point;
    if (Date.now() > deadline)
      throw new Error(`${name}: ${selector} is not under the pointer (${JSON.stringify(point)})`);
    last = point;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sets a value as a visitor's choice would, seen by React (which watches the native setter). */
const setValue = `const element = document.querySelector(arguments[0]);
  const prototype = Object.getPrototypeOf(element);
  Object.getOwnPropertyDescriptor(prototype, 'value').set.call(element, arguments[1]);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));`;

const height = (width: number) => (width < 500 ? 844 : 800);

function need(path: string, install: string) {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${install}`);
}

/** Firefox ESR from Debian, headless, over WebDriver BiDi. */
export async function firefox({ javaScript = true } = {}): Promise<Visitor> {
  need('/usr/bin/firefox-esr', 'bash scripts/ensure-browsers.sh installs it (firefox-esr)');
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    // Firefox 153 has no BiDi command to turn scripts off (puppeteer's setJavaScriptEnabled): the
    // preference does, for the pages; the tests' own scripts still run.
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  });
  const page: Page = await browser.newPage();
  const version = (await browser.version()).replace(/^firefox\//i, '');
  const name = `Firefox ${version}${javaScript ? '' : ' without JavaScript'}`;
  const run: Visitor['run'] = (body, ...args) =>
    page.evaluate(
      // A function built in the page: the body is the same text WebDriver's execute takes.
      (source, values) => new Function(source)(...values),
      body,
      args,
    ) as never;
  return {
    name,
    resize: async (width) => {
      // Firefox checks the new size from inside the page, which a page without JavaScript
      // refuses (NS_ERROR_XPC_SECURITY_MANAGER_VETO): resize on a blank page.
      if (!javaScript) await page.goto('about:blank');
      await page.setViewport({ width, height: height(width) });
    },
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    address: async () => page.url(),
    // A mouse click at the element's centre: puppeteer's own `click` waits for an
    // IntersectionObserver, whose callback never comes in a page without JavaScript.
    click: async (selector) => {
      const { x, y } = await steadyPoint(name, run, selector);
      await page.mouse.click(x, y);
    },
    type: (selector, text) => page.type(selector, text),
    choose: (selector, value) =>
      page.evaluate(new Function(setValue) as () => void, selector, value),
    attach: async (selector, path) => {
      const input = await page.$(selector);
      if (!input) throw new Error(`no element ${selector}`);
      await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(path);
    },
    press: (key) => page.keyboard.press(key),
    run,
    screenshot: () => page.screenshot(),
    close: () => browser.close(),
  };
}

/** A WebDriver classic session (WebKitWebDriver, WPEWebDriver): the commands the tests use. */
class WebDriverSession {
  readonly base: string;
  readonly id: string;
  readonly browserVersion: string;

  constructor(base: string, id: string, browserVersion: string) {
    this.base = base;
    this.id = id;
    this.browserVersion = browserVersion;
  }

  static async start(base: string, capabilities: object) {
    const { sessionId, capabilities: granted } = await command<{
      sessionId: string;
      capabilities: { browserVersion: string };
    }>(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    return new WebDriverSession(base, sessionId, granted.browserVersion);
  }

  send<T = unknown>(method: string, path: string, body?: object) {
    return command<T>(this.base, method, `/session/${this.id}${path}`, body);
  }

  async element(selector: string) {
    const found = await this.send<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: selector,
    });
    return Object.values(found)[0]!;
  }

  execute<T>(body: string, args: unknown[]) {
    return this.send<T>('POST', '/execute/sync', { script: body, args });
  }
}

/**
 * One WebDriver command. Its answer is awaited a bounded time: a driver waiting on a page that
 * never answers fails the test saying which command, not at the test's own timeout.
 */
async function command<T>(base: string, method: string, path: string, body?: object) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT),
  }).catch((error: Error) => {
    throw new Error(`${method} ${path}: no answer in ${COMMAND_TIMEOUT / 1000} s (${error.name})`);
  });
  const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (value?.error) throw new Error(`${method} ${path}: ${value.error}: ${value.message}`);
  return value;
}

/** Starts a WebDriver server on a free port; resolves when it answers. */
async function driverServer(binary: string, env: NodeJS.ProcessEnv = process.env) {
  const port = await freePort();
  const child = spawn(binary, [`--port=${port}`], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${binary} on port ${port}`, async () => {
    if (child.exitCode !== null) throw new Error(`${binary} exited (${child.exitCode})`);
    return (await fetch(`${base}/status`).catch(() => null))?.ok;
  });
  return { base, child };
}

async function waitFor(what: string, check: () => Promise<unknown>, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeout / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });

/** A virtual display for WebKitGTK: Xvfb picks a free display number and tells it (-displayfd). */
async function virtualDisplay() {
  need('/usr/bin/Xvfb', 'bash scripts/ensure-browsers.sh installs it (xvfb)');
  const child = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdio[3]!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, child };
}

/** The WebDriver visitor: real clicks and keys, or (WPE under zoom) clicks from the page. */
function webDriverVisitor(
  name: string,
  session: WebDriverSession,
  {
    resize,
    scriptClicks = false,
    close,
  }: {
    resize: (width: number) => Promise<void>;
    scriptClicks?: boolean;
    close: () => Promise<void>;
  },
): Visitor {
  const run = <T>(body: string, ...args: unknown[]) => session.execute<T>(body, args);
  return {
    name,
    resize,
    // Asked once more if the driver's wait for the load ran out: WPEWebDriver 2.38 once never saw
    // the laptop session's first page finish loading (a fresh-clone rehearsal; 60 s, an empty
    // screenshot), where every other run loads it in well under a second. A page that really
    // never loads still fails, on the second try.
    goto: async (url) => {
      try {
        await session.send('POST', '/url', { url });
      } catch (error) {
        if (!/timeout/i.test(String(error))) throw error;
        console.warn(`${name}: ${url} did not finish loading in time; asked again once`);
        await session.send('POST', '/url', { url });
      }
    },
    address: () => session.send<string>('GET', '/url'),
    click: async (selector) => {
      // The click in a task of its own, after the script has answered: a click that follows a
      // link replaces the page while the script is running, and WPEWebDriver 2.38 then never
      // answers it (the menus' link test hung at its 180 s in one whole run out of two). What
      // follows a click polls for its effect (`shown`, `at`).
      if (scriptClicks)
        return void (await run(`${intoView} setTimeout(() => element.click());`, selector));
      // The driver checks the element itself and may still find it "not interactable" just
      // after a resize or an opening on a busy machine (WebKitGTK, the newsletter's button, one
      // run of three at a load of 28): asked again until it takes the click, within TIMEOUT.
      const deadline = Date.now() + TIMEOUT;
      for (;;) {
        await steadyPoint(name, run, selector);
        try {
          const element = await session.element(selector);
          return void (await session.send('POST', `/element/${element}/click`, {}));
        } catch (error) {
          if (!/element not interactable/.test(String(error)) || Date.now() > deadline) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    type: async (selector, text) => {
      await run(intoView, selector);
      await session.send('POST', `/element/${await session.element(selector)}/value`, { text });
    },
    choose: async (selector, value) => void (await run(setValue, selector, value)),
    attach: async (selector, path) => {
      await session.send('POST', `/element/${await session.element(selector)}/value`, {
        text: path,
      });
    },
    press: async (key) => {
      const value = { Escape: '\uE00C', ArrowDown: '\uE015' }[key];
      await session.send('POST', '/actions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      });
    },
    run,
    screenshot: async () => Buffer.from(await session.send<string>('GET', '/screenshot'), 'base64'),
    close,
  };
}

/** WebKitGTK (WebKitWebDriver) under Xvfb, in a window without a toolbar (any width). */
export async function webkitGtk(): Promise<Visitor> {
  need(
    '/usr/bin/WebKitWebDriver',
    'bash scripts/ensure-browsers.sh installs it (webkit2gtk-driver)',
  );
  const xvfb = await virtualDisplay();
  const driver = await driverServer('WebKitWebDriver', { ...process.env, DISPLAY: xvfb.display });
  const window = fileURLToPath(new URL('./webkitgtk-window.py', import.meta.url));
  const session = await WebDriverSession.start(driver.base, {
    ...driverTimeouts,
    'webkitgtk:browserOptions': { binary: window, args: ['--automation'] },
  });
  const visitor = webDriverVisitor(`WebKitGTK ${session.browserVersion}`, session, {
    // The window manager resizes in its own time: wait until the page has the width.
    resize: async (width) => {
      await session.send('POST', '/window/rect', { width, height: height(width) });
      await until(
        visitor,
        `a window ${width} px wide`,
        'return innerWidth === arguments[0]',
        width,
      );
    },
    close: async () => {
      await session.send('DELETE', '').catch(() => {});
      await stop(driver.child);
      await stop(xvfb.child);
    },
  });
  return visitor;
}

/** WPE WebKit 2.38 (cog, WPEWebDriver), headless; `width` CSS pixels wide by page zoom. */
export async function wpeWebKit(width: number): Promise<Visitor> {
  need('/usr/bin/WPEWebDriver', 'bash scripts/ensure-browsers.sh installs it (wpewebkit-driver)');
  need('/usr/bin/cog', 'bash scripts/ensure-browsers.sh installs it (cog)');
  const driver = await driverServer('WPEWebDriver');
  // Rounded down: the page gets `width` pixels, not a fraction fewer.
  const zoom = Math.floor((COG_WIDTH / width) * 1000) / 1000;
  const session = await WebDriverSession.start(driver.base, {
    ...driverTimeouts,
    'wpe:browserOptions': {
      binary: '/usr/bin/cog',
      args: ['--automation', '--platform=headless', `--scale=${zoom}`],
    },
  });
  return webDriverVisitor(`WPE WebKit ${session.browserVersion} at ${width} px`, session, {
    resize: async (wanted) => {
      if (wanted !== width) throw new Error(`this WPE session is ${width} px wide, not ${wanted}`);
    },
    // WPEWebDriver 2.38 computes click points without the page zoom: they land off target.
    scriptClicks: true,
    close: async () => {
      await session.send('DELETE', '').catch(() => {});
      await stop(driver.child);
    },
  });
}

/** cog's headless window: 800 × 600 device pixels, not resizable. */
const COG_WIDTH = 800;
