import { expect, test, type Page } from '@playwright/test';
import { useTranslations } from './site';

const en = useTranslations('en');
const header = (page: Page) => page.locator('header.site-header');
const background = (page: Page) =>
  header(page).evaluate((el) => getComputedStyle(el).backgroundColor);
const position = (page: Page) => header(page).evaluate((el) => getComputedStyle(el).position);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const WHITE = 'rgb(255, 255, 255)';

/**
 * Whether assistive technology hears the button as expanded, read from Chromium's accessibility
 * tree: the browser derives it from the popover the button opens (no aria-expanded to keep true).
 */
async function expanded(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: 0 });
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector(${JSON.stringify(selector)})`,
    });
    const { nodeId } = await cdp.send('DOM.requestNode', { objectId: result.objectId! });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    });
    return nodes[0]?.properties?.find((property) => property.name === 'expanded')?.value.value;
  } finally {
    await cdp.detach();
  }
}

/** Scrolls so that the top of the window is `offset` px from half the window height. */
async function scrollAroundHalf(page: Page, offset: number) {
  await page.evaluate((px) => window.scrollTo(0, window.innerHeight / 2 + px), offset);
  await page.waitForTimeout(150); // the observer reports on the next frame
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`header at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('is 70 px high, transparent at the top, solid and fixed past half the window, with Book lesson', async ({
      page,
    }) => {
      await page.goto('/en');
      await expect(header(page)).toHaveCSS('height', '70px');
      expect(await background(page)).toBe(TRANSPARENT);
      expect(await position(page)).toBe('absolute');
      await expect(header(page).getByRole('link', { name: en('header.bookLesson') })).toBeHidden();

      await scrollAroundHalf(page, -20);
      await expect(header(page)).not.toHaveAttribute('data-scrolled');
      await expect(header(page).getByRole('link', { name: en('header.bookLesson') })).toBeHidden();

      await scrollAroundHalf(page, 20);
      await expect(header(page)).toHaveAttribute('data-scrolled');
      expect(await background(page)).toBe(WHITE);
      expect(await position(page)).toBe('fixed');
      // Pinned to the top of the window (once its short slide-in is over).
      await expect
        .poll(() => header(page).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBe(0);
      const headerBook = header(page).getByRole('link', { name: en('header.bookLesson') });
      await expect(headerBook).toBeVisible();
      await expect(headerBook).toHaveAttribute('href', '/en#lp');

      await headerBook.click();
      await expect(page).toHaveURL(/\/en#lp$/);
      await expect(page.locator('#lp')).toBeInViewport();
    });

    test('is solid from the top on the instructors and download pages', async ({ page }) => {
      for (const path of ['/en/instructors', '/fr/telecharger']) {
        await page.goto(path);
        expect(await background(page)).toBe(WHITE);
      }
    });

    test('offers Join (to /temp-landing) on the instructors page, instead of Book lesson', async ({
      page,
    }) => {
      await page.goto('/en/instructors');
      const join = header(page).getByRole('link', { name: en('header.join') });
      await expect(join).toBeVisible();
      await expect(join).toHaveAttribute('href', '/temp-landing');
      await expect(header(page).locator('[data-cta=book]')).toHaveCount(0);
    });

    test('language dropdown hides the current language, keeps the query, and closes on Escape or outside click', async ({
      page,
    }) => {
      await page.goto('/en/prices?resort=astun&sport=ski');
      const button = header(page).locator('.language-menu__button');
      await expect(button).toHaveText(/^EN/);
      expect(await expanded(page, '.language-menu__button')).toBe(false);

      await button.click();
      await expect.poll(() => expanded(page, '.language-menu__button')).toBe(true);
      const list = page.locator('#language-list');
      await expect(list.getByRole('link')).toHaveText(['ESEspañol', 'FRFrançais']);
      await expect(list.getByRole('link', { name: 'English' })).toHaveCount(0);

      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(button).toBeFocused();

      await button.click();
      await page.mouse.click(20, 600); // anywhere outside the menu
      await expect(list).toBeHidden();

      await button.click();
      await list.getByRole('link', { name: 'Français' }).click();
      await expect(page).toHaveURL(/\/fr\/prix\?resort=astun&sport=ski$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    });

    test('language dropdown works from the keyboard', async ({ page }) => {
      await page.goto('/es/instructores/unete-a-nosotros?ref=mail');
      const button = header(page).locator('.language-menu__button');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#language-list')).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('#language-list a').first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('#language-list a').nth(1)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/fr\/instructeurs\/rejoignez-nous\?ref=mail$/);
    });
  });
}

test.describe('at 1280 px', () => {
  test('shows the navigation and no hamburger', async ({ page }) => {
    await page.goto('/fr');
    const nav = page.getByRole('navigation', {
      name: useTranslations('fr')('header.mainNavigation'),
    });
    await expect(nav.getByRole('link')).toHaveText(['Location', 'Devenir moniteur', 'Télécharger']);
    await expect(nav.getByRole('link', { name: 'Location' })).toHaveAttribute(
      'href',
      '/fr/de-location',
    );
    await expect(page.locator('.menu-button')).toBeHidden();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens the navigation with Book lesson, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/en/about');
    const menu = page.getByRole('button', { name: en('header.openMenu') });
    const nav = page.locator('#site-nav');
    await expect(nav).toBeHidden();

    expect(await expanded(page, '.menu-button')).toBe(false);
    await menu.click();
    await expect(page.getByRole('button', { name: en('header.closeMenu') })).toBeVisible();
    await expect.poll(() => expanded(page, '.menu-button')).toBe(true);
    await expect(nav.getByRole('link')).toHaveText([
      en('header.rental'),
      en('header.becomeInstructor'),
      en('header.download'),
    ]);
    await expect(header(page).getByRole('link', { name: en('header.bookLesson') })).toBeVisible();
    expect(await background(page)).toBe(WHITE);

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(header(page).getByRole('link', { name: en('header.bookLesson') })).toBeHidden();
  });

  test('opening the language menu closes the navigation menu, and back (one panel at a time)', async ({
    page,
  }) => {
    await page.goto('/en/rental');
    await page.locator('.menu-button').click();
    await expect(page.locator('#site-nav')).toBeVisible();
    await page.locator('.language-menu__button').click();
    await expect(page.locator('#language-list')).toBeVisible();
    await expect(page.locator('#site-nav')).toBeHidden();
    await page.locator('.menu-button').click();
    await expect(page.locator('#site-nav')).toBeVisible();
    await expect(page.locator('#language-list')).toBeHidden();
  });

  test('choosing a link in the menu navigates there', async ({ page }) => {
    await page.goto('/es');
    await page.getByRole('button', { name: useTranslations('es')('header.openMenu') }).click();
    await page
      .locator('#site-nav')
      .getByRole('link', { name: useTranslations('es')('header.rental') })
      .click();
    await expect(page).toHaveURL(/\/es\/alquiler$/);
  });

  test('a header painted half-read shows its buttons only once all are read, so none moves', async ({
    page,
  }) => {
    // The page as the browser may paint it mid-way: read up to, not including, the hamburger.
    const whole = await (await page.request.get('/en/prices')).text();
    const halfRead = whole.slice(0, whole.indexOf('<button type="button" class="menu-button"'));
    await page.route('**/en/prices', (route) =>
      route.fulfill({ contentType: 'text/html', body: halfRead }),
    );
    await page.goto('/en/prices');
    await expect(page.locator('.language-menu__button')).toHaveCount(1);
    await expect(page.locator('.language-menu__button')).toBeHidden();

    await page.unroute('**/en/prices');
    await page.goto('/en/prices');
    await expect(page.locator('.language-menu__button')).toBeVisible();
    await expect(page.locator('.menu-button')).toBeVisible();
  });

  test('everything fits: no horizontal scrolling', async ({ page }) => {
    for (const path of ['/fr/instructeurs', '/es', '/pt/sobre-nos']) {
      await page.goto(path);
      await scrollAroundHalf(page, 200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    }
  });
});

test.describe('the header needs no JavaScript', () => {
  /** Every script file the page downloads (inline scripts are part of the HTML). */
  function scriptDownloads(page: Page) {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
    });
    return urls;
  }

  test('a visitor who has chosen reads a page and uses both menus without downloading any script', async ({
    page,
  }) => {
    const scripts = scriptDownloads(page);
    await page.goto('/fr/a-propos');
    await page.mouse.wheel(0, 2000); // reading, footer included
    await page.evaluate(() => window.scrollTo(0, 0));
    await header(page).locator('.language-menu__button').click();
    await expect(page.locator('#language-list')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.menu-button').click();
    await expect(page.locator('#site-nav')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  for (const { viewport, touch } of [
    { viewport: { width: 1280, height: 800 }, touch: false },
    { viewport: { width: 390, height: 844 }, touch: true },
  ]) {
    test.describe(() => {
      test.use({ viewport, hasTouch: touch, javaScriptEnabled: false });

      test(`at ${viewport.width} px with JavaScript off, the first ${touch ? 'tap' : 'click'} opens the menu and an outside one closes it`, async ({
        page,
      }) => {
        await page.goto('/es/precios');
        const button = touch
          ? page.locator('.menu-button')
          : header(page).locator('.language-menu__button');
        const panel = page.locator(touch ? '#site-nav' : '#language-list');
        await expect(panel).toBeHidden();
        await (touch ? button.tap() : button.click());
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('link').first()).toBeVisible();
        await (touch ? page.touchscreen.tap(200, 700) : page.mouse.click(200, 700));
        await expect(panel).toBeHidden();
      });
    });
  }
});
