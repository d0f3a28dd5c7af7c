/**
 * Every page fits the narrowest phone we support, 320 px (WCAG's reflow width; many older phones
 * are 320 or 360 px wide), with no sideways scrolling: with the whole stylesheet, and with only
 * the first screen's CSS, as the page is until the stylesheet arrives on a slow connection.
 *
 * Why both: a phone lays out a page that is wider than its screen at that width and zooms out to
 * show it. With only the first screen's CSS, a button further down (hidden, but still taking its
 * width) made the rental pages 461 px wide on a 412 px phone; when the stylesheet came, the phone
 * zoomed back, and the cookie banner, fixed at the bottom, moved: a layout shift Lighthouse
 * measured. With the whole stylesheet, long French and Portuguese labels, a price table and a
 * cookie's name ran past 320 px.
 *
 * A first visit (the cookie banner shown), one tab a worker, the stylesheets cached from page to
 * page (as tests/e2e/accessibility.spec.ts, for speed). The first screen's state is the loaded
 * page with the whole stylesheet switched back to `media="print"`, as it is until it has loaded:
 * the same rules as holding the file back, without a second load. The limit is the window's
 * width without its scroll bar, as at 400 % zoom on a laptop.
 */
import { expect, test, type Page } from '@playwright/test';
import { everyPage } from './site';

const WIDTH = 320;

const narrowTabTest = test.extend<object, { narrowTab: Page }>({
  narrowTab: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport: { width: WIDTH, height: 640 },
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** What runs past the window's right edge: the innermost such elements, as `tag.class "text"`. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= edge) return [];
    const past = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > edge + 0.5;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => past(element) && ![...element.children].some(past))
      .filter((element) => !element.closest('svg') || element.localName === 'svg')
      .slice(0, 5)
      .map(
        (element) =>
          `${element.localName}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });

narrowTabTest.describe(`every page fits a ${WIDTH} px phone`, () => {
  for (const { path } of everyPage) {
    narrowTabTest(path, async ({ narrowTab: page }) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const stylesheet = page.locator('link[rel=stylesheet][href^="/_astro/page."]').first();
      const split = (await stylesheet.count()) > 0;
      if (split) {
        // Applied once loaded: the page's own listener, added first, switches it to `all`.
        await stylesheet.evaluate((link: HTMLLinkElement) =>
          link.media === 'all'
            ? undefined
            : new Promise((loaded) => link.addEventListener('load', loaded, { once: true })),
        );
        await expect(stylesheet).toHaveAttribute('media', 'all');
      }
      expect(await pastTheEdge(page), 'with the whole stylesheet').toEqual([]);
      if (split) {
        await stylesheet.evaluate((link: HTMLLinkElement) => (link.media = 'print'));
        expect(await pastTheEdge(page), 'with the first screen’s CSS alone').toEqual([]);
      }
    });
  }
});
