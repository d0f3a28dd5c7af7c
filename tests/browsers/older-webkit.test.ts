/**
 * The site in WPE WebKit 2.38, the Safari 16 era engine (Debian's `cog`): no popovers, no
 * `:popover-open`, no range media queries (`width >= 900px`), like Safari and iOS before 16.4 and
 * 17. What a visitor there must still get (docs/performance.md#support-target): every template's
 * phone and laptop layouts without sideways scrolling, a header that is solid and readable where
 * it should be, menus closed until opened that open, close and take turns as the native popovers
 * do (header/popover-fallback.ts), and the page's JavaScript working (the cookie banner).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { pathTo } from '../../src/i18n/routes';
import { sitePages } from '../../src/i18n/site-pages';
import { hasSolidHeader } from '../../src/lib/header-style';
import { aResort, jobSlugs, useTranslations } from '../e2e/site';
import { at, hidden, isShown, layout, named, screenshotOnFailure, shown } from './page-scripts';
import { until, wpeWebKit, type Visitor } from './visitors';

const site = inject('site');
const url = (path: string) => new URL(path, site.url).href;
const t = useTranslations('en');

/** One page of each template, in English. */
const templates = sitePages({ resorts: [aResort.id], jobs: jobSlugs.slice(0, 1) }).map(
  ({ page, params }) => ({ page, path: pathTo(page, 'en', params) }),
);

const white = 'rgb(255, 255, 255)';

/** WCAG's contrast ratio of two `rgb()` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Where an element is on the screen, and whether it shows. */
const box = (visitor: Visitor, selector: string) =>
  visitor.run<{ left: number; right: number; top: number; shown: boolean }>(
    `const box = document.querySelector(arguments[0]).getBoundingClientRect();
     return { left: box.left, right: box.right, top: box.top, shown: (function () { ${isShown} }).apply(null, arguments) };`,
    selector,
  );

describe('WPE WebKit 2.38 at 390 px (a phone)', () => {
  let visitor: Visitor;
  beforeAll(async () => {
    visitor = await wpeWebKit(390);
  });
  afterAll(() => visitor?.close());
  screenshotOnFailure(() => visitor);

  test('is the engine the fallbacks are for: no popover, no :popover-open, no range media queries', async () => {
    await visitor.goto(url('/en'));
    expect(
      await visitor.run(`return {
        popover: 'popover' in HTMLElement.prototype,
        popoverOpen: CSS.supports('selector(:popover-open)'),
        rangeQueries: matchMedia('(width >= 1px)').matches,
        width: innerWidth,
      }`),
    ).toEqual({ popover: false, popoverOpen: false, rangeQueries: false, width: 390 });
  });

  test('a first visit: the cookie banner’s Reject non-essential works', async () => {
    await shown(visitor, '[data-consent-banner][data-ready]');
    await visitor.click('[data-consent-choice="reject-all"]');
    await hidden(visitor, '[data-consent-banner]');
  });

  test('every template has the phone layout and nothing scrolls sideways', async () => {
    const seen: Record<string, unknown> = {};
    for (const { path } of templates) {
      await visitor.goto(url(path));
      await at(visitor, path);
      const { overflow } = await layout(visitor);
      seen[path] = {
        overflow,
        hamburger: (await box(visitor, '.menu-button')).shown,
        navigation: (await box(visitor, '#site-nav')).shown,
      };
    }
    expect(seen).toEqual(
      Object.fromEntries(
        templates.map(({ path }) => [path, { overflow: 0, hamburger: true, navigation: false }]),
      ),
    );
  });

  test('the header is solid and readable where it should be: from the top on the instructors page, once scrolled on the home page', async () => {
    const solidPage = templates.find(({ page }) => hasSolidHeader(page))!;
    await visitor.goto(url(solidPage.path));
    const solid = (await layout(visitor)).header;
    expect(solid.background).toBe(white);
    expect(contrast(solid.color, solid.background)).toBeGreaterThanOrEqual(4.5);

    await visitor.goto(url('/en'));
    await hidden(visitor, '[data-cta="book"]');
    await visitor.run('window.scrollTo({ top: innerHeight * 2, behavior: "instant" })');
    await until(
      visitor,
      'the header to turn solid',
      'return getComputedStyle(document.querySelector("[data-site-header]")).backgroundColor === arguments[0]',
      white,
    );
    const scrolled = (await layout(visitor)).header;
    expect(contrast(scrolled.color, scrolled.background)).toBeGreaterThanOrEqual(4.5);
    await shown(visitor, '[data-cta="book"]');
  });

  test('the menus are closed until opened, open one at a time, and close on Escape or a click elsewhere', async () => {
    await visitor.goto(url('/en'));
    await until(
      visitor,
      'the menus’ stand-in',
      'return document.querySelector(".menu-button[aria-expanded]")',
    );
    await hidden(visitor, '#site-nav');
    await hidden(visitor, '#language-list');

    await visitor.click('.menu-button');
    await shown(visitor, '#site-nav');
    const navigation = await box(visitor, '#site-nav');
    // Within the window (390.05 px wide at this zoom).
    expect(navigation.left).toBeGreaterThanOrEqual(0);
    expect(navigation.right).toBeLessThanOrEqual(390.5);
    expect(
      await visitor.run(
        'return document.querySelector(".menu-button").getAttribute("aria-expanded")',
      ),
    ).toBe('true');
    // The open menu makes the header solid, with Book lesson in it, as natively.
    expect((await layout(visitor)).header.background).toBe(white);
    await shown(visitor, '[data-cta="book"]');
    expect((await layout(visitor)).overflow).toBe(0);

    await visitor.click('.language-menu__button');
    await shown(visitor, '#language-list');
    await hidden(visitor, '#site-nav');
    const list = await box(visitor, '#language-list');
    expect(list.right).toBeLessThanOrEqual(390.5);

    // The language menu's arrow keys work there too: Down on its button goes to the first language.
    await visitor.run('document.querySelector(".language-menu__button").focus()');
    await visitor.press('ArrowDown');
    await until(
      visitor,
      'the first language focused',
      'return document.activeElement === document.querySelector("#language-list a")',
    );
    await visitor.press('Escape');
    await hidden(visitor, '#language-list');
    expect(
      await visitor.run('return document.activeElement.matches(".language-menu__button")'),
    ).toBe(true);

    await visitor.click('.menu-button');
    await shown(visitor, '#site-nav');
    await visitor.click('main');
    await hidden(visitor, '#site-nav');

    // A link in the menu leads where it says.
    await visitor.click('.menu-button');
    await visitor.click(await named(visitor, '#site-nav', 'a', t('header.rental')));
    await at(visitor, pathTo('rental', 'en'));
  });
});

describe('WPE WebKit 2.38 at 1280 px (a laptop)', () => {
  let visitor: Visitor;
  beforeAll(async () => {
    visitor = await wpeWebKit(1280);
  });
  afterAll(() => visitor?.close());
  screenshotOnFailure(() => visitor);

  test('the navigation is in the bar, no hamburger, nothing scrolls sideways', async () => {
    for (const path of ['/en', pathTo('instructors', 'en')]) {
      await visitor.goto(url(path));
      await shown(visitor, '#site-nav');
      await hidden(visitor, '.menu-button');
      expect(await layout(visitor)).toMatchObject({ width: 1280, overflow: 0 });
    }
  });
});
