/**
 * Every page fits the narrowest phone we support, 320 px (WCAG's reflow width; many older phones
 * are 320 or 360 px wide), with no sideways scrolling: first with only the first screen's CSS
 * (the whole stylesheet held back, as on a slow connection), then with the whole stylesheet.
 *
 * Why both: a phone lays out a page that is wider than its screen at that width and zooms out to
 * show it. With only the first screen's CSS, a button further down (hidden, but still taking its
 * width) made the rental pages 461 px wide on a 412 px phone; when the stylesheet came, the phone
 * zoomed back, and the cookie banner, fixed at the bottom, moved: a layout shift Lighthouse
 * measured. With the whole stylesheet, long French and Portuguese labels, a price table and a
 * cookie's name ran past 320 px.
 *
 * A first visit (the cookie banner shown), one tab a worker (as tests/e2e/accessibility.spec.ts,
 * for speed), the window's width without its scroll bar as the limit.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { everyPage } from './site';

const WIDTH = 320;
const wholeStylesheet = /\/_astro\/page\.[\w-]+\.css$/;

/** The tab, and the whole stylesheet's requests it holds until `release`. */
type NarrowTab = { page: Page; release: () => void };

const narrowTabTest = test.extend<object, { narrowTab: NarrowTab }>({
  narrowTab: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport: { width: WIDTH, height: 640 },
      });
      const page = await context.newPage();
      let held: Route[] = [];
      await page.route(wholeStylesheet, (route) => {
        held.push(route);
      });
      // A route held for a page already left is continued too, harmlessly.
      const release = () => {
        for (const route of held) route.continue().catch(() => {});
        held = [];
      };
      await use({ page, release });
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
    narrowTabTest(path, async ({ narrowTab: { page, release } }) => {
      release();
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const stylesheet = page.locator('link[rel=stylesheet][href^="/_astro/page."]').first();
      if (await stylesheet.count()) {
        await expect(stylesheet).toHaveAttribute('media', 'print');
        expect(await pastTheEdge(page), 'with the first screen’s CSS alone').toEqual([]);
        release();
        // Once it has loaded, the page's own listener (added first) has applied it.
        await stylesheet.evaluate((link: HTMLLinkElement) =>
          link.sheet
            ? undefined
            : new Promise((loaded) => link.addEventListener('load', loaded, { once: true })),
        );
        await expect(stylesheet).toHaveAttribute('media', 'all');
      }
      expect(await pastTheEdge(page), 'with the whole stylesheet').toEqual([]);
    });
  }
});
