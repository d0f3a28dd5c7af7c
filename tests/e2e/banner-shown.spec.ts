/**
 * What a keyboard or screen-reader visitor meets on a first visit, the cookie banner shown, on one
 * page of every template.
 *
 * The headings: the banner comes first in the document (the keyboard reaches it first), yet the
 * page's outline starts with the page's h1.
 *
 * WCAG 2.2 SC 2.4.11 (Focus Not Obscured, AA): a keyboard visitor on a first visit, the cookie
 * banner fixed at the bottom of the screen, tabs through one page of every template at a phone's and
 * a laptop's size. No element that takes focus may lie, even in part, under the banner or the header
 * (fixed once the page is scrolled): the check is stricter than the criterion's "not entirely
 * hidden". axe cannot see this; it needs the real focus and the real scroll.
 *
 * Covered means: at one of 25 points spread over the focused element's box (what of it is on the
 * screen), the topmost element (`document.elementsFromPoint`) belongs to the banner or the header
 * while the focused element does not; a box scrolled out of the screen counts as hidden too. Only an
 * element taller than the room the fixed header and banner leave (the reviews' list) may be partly
 * covered, not wholly.
 */
import { expect, test, type Page } from '@playwright/test';
import { everyPage, useTranslations } from './site';

// A first visit: no consent cookie, so the banner shows. Reduced motion: focus scrolls the page at
// once instead of smoothly (global.css), to the same place, so each stop is checked where it ends.
test.use({ storageState: { cookies: [], origins: [] }, reducedMotion: 'reduce' });

/**
 * One English page of every template (the route table's pages, the first resort and posting), but
 * the preferences page, which shows no banner (it is the choice itself).
 */
const templates = [
  ...new Map(
    everyPage
      .filter(({ locale, page }) => locale === 'en' && page !== 'preferences')
      .map((page) => [page.page, page.path]),
  ).values(),
  // The page an unknown address gets.
  '/en/no-such-page',
];

const t = useTranslations('en');

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const screens = [phone, laptop];

type Stop = { done: true } | { done: false; name: string; hiddenBy: string | null };

/**
 * What has focus now and, if it is hidden, what hides it, once the page has drawn a frame with the
 * focus moved (what the visitor sees). Runs in the page.
 */
async function focusedStop(): Promise<Stop> {
  await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement)
    return { done: true };
  const tag = focused.tagName.toLowerCase();
  const label = (focused.getAttribute('aria-label') ?? focused.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  const name = `${tag}${focused.id ? `#${focused.id}` : ''} "${label}"`;
  const overlays = [...document.querySelectorAll('[data-consent-banner], [data-site-header]')];
  const box = focused.getBoundingClientRect();
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, innerHeight);
  if (right - left < 1 || bottom - top < 1) return { done: false, name, hiddenBy: 'off screen' };
  // A grid of points over the visible part of the box (inside its rounded corners).
  const steps = [0.1, 0.3, 0.5, 0.7, 0.9];
  const coveredBy = steps.flatMap((fx) =>
    steps.map((fy) => {
      const [topmost] = document.elementsFromPoint(
        left + fx * (right - left),
        top + fy * (bottom - top),
      );
      return topmost && overlays.find((o) => o.contains(topmost) && !o.contains(focused));
    }),
  );
  const overlay = coveredBy.find(Boolean);
  // An element taller than the room the fixed header and banner leave cannot be wholly in view:
  // for it, the criterion itself (not entirely hidden).
  const room =
    innerHeight -
    overlays
      .filter((o) => getComputedStyle(o).position === 'fixed')
      .reduce((sum, o) => sum + o.getBoundingClientRect().height, 0);
  const hidden = box.height > room ? coveredBy.every(Boolean) : Boolean(overlay);
  if (hidden && overlay)
    return {
      done: false,
      name,
      hiddenBy: overlay.matches('[data-consent-banner]') ? 'the banner' : 'the header',
    };
  return { done: false, name, hiddenBy: null };
}

/**
 * The headings as a screen reader lists them: the banner, first in the document, has none, and
 * the page's one h1 comes first. Checked in the laptop-size test's page load (the layout does not
 * change the document) rather than in a page load of its own: 24 loads fewer.
 */
async function expectPageHeadingFirst(page: Page) {
  const banner = page.getByRole('region', { name: t('consent.banner.heading') });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading')).toHaveCount(0);
  // The first heading in the accessibility tree, banner included, is the page's one h1.
  await expect(page.getByRole('heading').first()).toHaveJSProperty('tagName', 'H1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

/** Tabs from the top of the page to its end; the hidden stops, and how many stops in all. */
async function tabThrough(page: Page) {
  const hidden: string[] = [];
  let stops = 0;
  let first: string | undefined;
  // 400 stops is far more than any page has: a page that traps focus fails here.
  for (; stops < 400; stops++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(focusedStop);
    if (stop.done || stop.name === first) break;
    first ??= stop.name;
    if (stop.hiddenBy) hidden.push(`${stop.name} under ${stop.hiddenBy}`);
  }
  return { hidden, stops };
}

for (const screen of screens) {
  const checks = screen === laptop ? 'the headings, then every focus stop' : 'every focus stop';
  test.describe(`${screen.width} × ${screen.height}, banner shown: ${checks}`, () => {
    test.use({ viewport: screen });
    for (const path of templates) {
      test(path, async ({ page }) => {
        await page.goto(path);
        // The banner is on screen and its script has measured it (the page's room at the bottom).
        await expect(page.locator('[data-consent-banner]')).toBeVisible();
        await page.locator('[data-consent-banner][data-ready]').waitFor({ state: 'attached' });
        if (screen === laptop) await expectPageHeadingFirst(page);
        const { hidden, stops } = await tabThrough(page);
        expect(stops, 'the page has focus stops').toBeGreaterThan(5);
        expect(hidden, `${hidden.length} of ${stops} focus stops hidden`).toEqual([]);
      });
    }
  });
}
