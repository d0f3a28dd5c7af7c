/**
 * Resort pages and the marketplace backend (the fake of tests/e2e/fake-backend.ts): the live
 * status and snow report replace the built values, "loading data, please wait" shows meanwhile
 * without moving the page, a GraphQL error shows the error toast for 5 s (swipe to dismiss at
 * 80 % of its width), the two silent messages and a backend that is down show nothing, and axe
 * finds nothing in any of these states.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { RESORT_CONDITIONS_QUERY } from '../../src/graphql/resort-conditions';
import { pathTo } from '../../src/i18n/routes';
import {
  fakeBackendUrl,
  liveConditions,
  resortUuids,
  scenarioUrl,
  scenarios,
  toastErrorMessage,
} from './fake-backend-data';
import { aResort, resortWithStatus, useTranslations } from './site';

const backend = fakeBackendUrl.href;
/**
 * A resort closed in its file where there is one (the fake says open, 123 cm, values no file
 * uses), so the page's built values and the live ones differ.
 */
const file = resortWithStatus('closed') ?? aResort;
const resort = file.id;
const built = { status: file.status, base: `${file.snowReport.baseCm} cm` };

/** Sends this page's backend requests to a scenario of the fake (per page, so tests run in parallel). */
async function useScenario(page: Page, scenario: string, params: Record<string, string> = {}) {
  await page.route(backend, (route) => route.continue({ url: scenarioUrl(scenario, params) }));
}

const liveLine = (page: Page) => page.locator('[data-resort-live]');
const toast = (page: Page) => page.locator('[data-sonner-toast]');

async function expectBuiltValues(page: Page) {
  await expect(liveLine(page)).toHaveAttribute('data-state', 'unavailable');
  await expect(liveLine(page)).toBeEmpty();
  for (const badge of await page.locator('main [data-resort-status]').all())
    await expect(badge).toHaveAttribute('data-resort-status', built.status);
  await expect(page.locator('[data-snow-base]')).toHaveText(built.base);
  await expect(page.locator('[data-snow-sample]')).toBeAttached();
}

test('a resort page asks the backend for its conditions and shows them (en, fr)', async ({
  page,
}) => {
  const request = page.waitForRequest((r) => r.url() === backend && r.method() === 'POST');
  await page.goto(pathTo('resortSkiLessons', 'en', { resort }));
  const sent = await request;
  expect(sent.postDataJSON()).toEqual({
    operationName: 'ResortConditions',
    variables: { uuid: resortUuids[resort] },
    query: RESORT_CONDITIONS_QUERY,
  });
  expect(sent.headers()['content-type']).toBe('application/json');
  expect(sent.headers()).not.toHaveProperty('authorization'); // the public site has no token

  await expect(liveLine(page)).toHaveText('Live status and snow report from the resort');
  const badges = page.locator('main [data-resort-status]');
  await expect(badges).toHaveCount(2); // the hero and the info tab
  for (const badge of await badges.all()) {
    await expect(badge).toHaveAttribute('data-resort-status', liveConditions.status);
    await expect(badge).toHaveText('Open');
    await expect(badge).toHaveClass(/badge--open/);
  }
  await page.getByRole('radio', { name: 'Snow report' }).check();
  await expect(page.locator('[data-snow-base]')).toHaveText('123 cm');
  await expect(page.locator('[data-snow-summit]')).toHaveText('234 cm');
  await expect(page.locator('[data-snow-last-snowfall] time')).toHaveText('4 January 2027');
  await expect(page.locator('[data-snow-last-snowfall] time')).toHaveAttribute(
    'datetime',
    liveConditions.snowReport.lastSnowfall,
  );
  await expect(page.locator('[data-snow-updated] time')).toHaveText('5 January 2027 at 08:30'); // 07:30 UTC in Spain
  await expect(page.locator('[data-snow-sample]')).toBeHidden(); // live figures are no longer a sample
  await expect(page.locator('[data-toaster]')).toHaveCount(0);

  await page.goto(pathTo('resortRental', 'fr', { resort }));
  await expect(liveLine(page)).toHaveText(useTranslations('fr')('resortLive.live'));
  await expect(page.locator('main [data-resort-status]').first()).toHaveText('Ouverte');
  await expect(page.locator('[data-snow-base]')).toHaveText('123\u00a0cm');
  await expectNoViolations(page);
});

test('"loading data, please wait" shows while the backend answers, without moving the page', async ({
  page,
}) => {
  await useScenario(page, scenarios.slow, { delay: '2500' });
  await page.goto(pathTo('resortSnowboardLessons', 'en', { resort }));
  await expect(liveLine(page)).toHaveText('loading data, please wait');
  await expect(liveLine(page)).toHaveAttribute('data-state', 'loading');
  const links = page.locator('main .resort-links').first();
  const before = await links.boundingBox();
  await expectNoViolations(page);
  await expect(liveLine(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  expect(await links.boundingBox()).toEqual(before);

  // Once the backend has given up too, the line is empty and still in its place.
  await page.unrouteAll();
  await useScenario(page, scenarios.unknownResort);
  await page.reload();
  await expect(liveLine(page)).toHaveAttribute('data-state', 'unavailable');
  expect(await links.boundingBox()).toEqual(before);
});

for (const [locale, width] of [
  ['en', 1280],
  ['fr', 390],
] as const) {
  test(`a GraphQL error shows the error toast with its message for 5 s, and the built values stay (${locale}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await useScenario(page, scenarios.error);
    await page.goto(pathTo('resortSkiLessons', locale, { resort }));
    const shown = toast(page);
    await expect(shown).toBeVisible();
    const appeared = Date.now();
    await expect(shown).toHaveAttribute('data-type', 'error');
    await expect(shown.locator('[data-title]')).toHaveText(
      locale === 'en'
        ? 'Oups, Looks like something went wrong, please try again later !'
        : 'Oups, il semble que quelque chose se soit mal passé, veuillez réessayer plus tard\u202f!',
    );
    await expect(shown.locator('[data-description]')).toHaveText(toastErrorMessage);
    await expect(page.locator('[data-toaster]')).toHaveCount(1);
    // It never covers the page's heading (it did, under the header). Measured where it comes to
    // rest: sonner slides it in, and not at all when motion is reduced.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(shown).toHaveAttribute('data-mounted', 'true');
    const [box, heading] = [await shown.boundingBox(), await page.locator('h1').boundingBox()];
    const apart =
      box!.y >= heading!.y + heading!.height ||
      box!.y + box!.height <= heading!.y ||
      box!.x >= heading!.x + heading!.width ||
      box!.x + box!.width <= heading!.x;
    expect(apart, `toast ${JSON.stringify(box)}, h1 ${JSON.stringify(heading)}`).toBe(true);
    await expectBuiltValues(page);
    await expectNoViolations(page);

    await expect(shown).toBeHidden({ timeout: 9000 });
    const lasted = Date.now() - appeared;
    expect(lasted).toBeGreaterThan(4000);
    expect(lasted).toBeLessThan(7000);
  });
}

for (const [name, scenario] of [
  ['"Not Authorized" (any letter case)', scenarios.notAuthorized],
  ['"Error Getting resort for uuid"', scenarios.unknownResort],
] as const) {
  test(`${name} shows nothing and keeps the built values`, async ({ page }) => {
    await useScenario(page, scenario);
    const answered = page.waitForResponse(
      (r) => r.url().startsWith(backend) && r.request().method() === 'POST',
    );
    await page.goto(pathTo('resortSkiLessons', 'es', { resort }));
    expect((await (await answered).json()).errors[0].message).toMatch(
      /^(Not Authorized|Error Getting resort for uuid)$/,
    );
    await expectBuiltValues(page);
    await page.waitForTimeout(500);
    // Not even the toaster was loaded.
    await expect(page.locator('[data-toaster], [data-sonner-toast]')).toHaveCount(0);
  });
}

test.describe('with the backend down', () => {
  test('a connection closed without an answer shows nothing', async ({ page }) => {
    await useScenario(page, scenarios.hangUp);
    await page.goto(pathTo('resortSkiLessons', 'fr', { resort }));
    await expectBuiltValues(page);
    await expect(page.locator('[data-toaster]')).toHaveCount(0);
  });

  test('nothing listening shows nothing', async ({ page }) => {
    // Port 4429 is in this project's test range and nothing is ever started there.
    await page.route(backend, (route) => route.continue({ url: 'http://localhost:4429/graphql' }));
    await page.goto(pathTo('resortRental', 'en', { resort }));
    await expectBuiltValues(page);
    await expect(page.locator('[data-toaster]')).toHaveCount(0);
  });
});

for (const width of [1280, 390]) {
  test(`a toast is dismissed by dragging it 80 % of its width, not less (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await useScenario(page, scenarios.error);
    await page.goto(pathTo('resortSkiLessons', 'en', { resort }));
    const shown = toast(page);
    await expect(shown).toHaveAttribute('data-mounted', 'true');
    await page.waitForTimeout(450); // its entrance
    const box = (await shown.boundingBox())!;
    /** Leftwards from near its right edge, so the pointer stays in the window. */
    const drag = async (fraction: number) => {
      const y = box.y + box.height / 2;
      const x = box.x + box.width - 8;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - fraction * box.width, y, { steps: 12 });
      await page.mouse.up();
    };

    await drag(0.6); // far past sonner's own 45 px, short of 80 %
    await page.waitForTimeout(600);
    await expect(shown).toBeVisible();
    expect((await shown.boundingBox())!.x).toBeCloseTo(box.x, 0); // sprang back

    await drag(0.85);
    await expect(shown).toBeHidden({ timeout: 2000 });
  });
}
