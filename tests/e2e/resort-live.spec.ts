/**
 * Resort pages' live conditions, through the site's relay (src/pages/api/live-conditions) to the
 * marketplace backend (the fake of tests/e2e/fake-backend.ts): one same-origin GET the browser may
 * cache and no preflight; the live status and snow report replace the built values, "loading data,
 * please wait" shows meanwhile without moving the page; the relay asks the backend once for many
 * page views; a GraphQL error shows the error toast for 5 s (swipe to dismiss at 80 % of its
 * width); a backend that is down leaves the built values and shows nothing; axe finds nothing in
 * any of these states. What the relay makes of each backend answer: tests/unit/live-relay.test.ts.
 *
 * The shared server relays to the fake's working backend. A test that needs the backend to answer
 * otherwise starts a server of its own, whose BACKEND_GRAPHQL_URL names one of the fake's scenarios.
 */
import { freePort } from '../free-port';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { startServer, type OwnServer } from './forms-helpers';
import { length } from '../../src/i18n/format';
import { pathTo } from '../../src/i18n/routes';
import { requestsTagged, scenarioUrl, scenarios, toastErrorMessage } from './fake-backend-data';
import { aResort, resortWithStatus, useTranslations } from './site';

/**
 * A resort closed in its file where there is one (the fake says open, 123 cm, values no file
 * uses), so the page's built values and the live ones differ.
 */
const file = resortWithStatus('closed') ?? aResort;
const resort = file.id;
const built = { status: file.status, base: `${file.snowReport.baseCm} cm` };

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

/** A server of this test's own, relaying to `backend` (a scenario of the fake, or nothing). */
async function relayingTo(port: number, backend: string): Promise<OwnServer> {
  return startServer(port, { BACKEND_GRAPHQL_URL: backend });
}

test('a resort page makes one same-origin GET, cacheable, no preflight, and shows the live values (en, fr)', async ({
  page,
  baseURL,
}) => {
  const requests: { method: string; url: string }[] = [];
  page.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
  const answered = page.waitForResponse((r) => r.url().includes('/api/live-conditions/'));
  await page.goto(pathTo('resortSkiLessons', 'en', { resort }));
  const answer = await answered;
  await expect(liveLine(page)).toHaveText('Live status and snow report from the resort');

  const live = requests.filter((r) => r.url.includes('/api/live-conditions/'));
  expect(live).toEqual([
    { method: 'GET', url: new URL(`/api/live-conditions/${resort}?locale=en`, baseURL).href },
  ]);
  // Nothing but GETs from this origin: no preflight, no request to the backend.
  expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  expect(requests.filter((r) => new URL(r.url).origin !== new URL(baseURL!).origin)).toEqual([]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
  expect(answer.headers()['content-type']).toMatch(/^application\/json/);

  const badges = page.locator('main [data-resort-status]');
  await expect(badges).toHaveCount(2); // the hero and the info tab
  for (const badge of await badges.all()) {
    await expect(badge).toHaveAttribute('data-resort-status', 'open');
    await expect(badge).toHaveText('Open');
    await expect(badge).toHaveClass(/badge--open/);
  }
  await page.getByRole('radio', { name: 'Snow report' }).check();
  await expect(page.locator('[data-snow-base]')).toHaveText('123 cm');
  await expect(page.locator('[data-snow-summit]')).toHaveText('234 cm');
  await expect(page.locator('[data-snow-last-snowfall] time')).toHaveText('4 January 2027');
  await expect(page.locator('[data-snow-last-snowfall] time')).toHaveAttribute(
    'datetime',
    '2027-01-04',
  );
  await expect(page.locator('[data-snow-updated] time')).toHaveText('5 January 2027 at 08:30'); // 07:30 UTC in Spain
  await expect(page.locator('[data-snow-sample]')).toBeHidden(); // live figures are no longer a sample
  await expect(page.locator('[data-toaster]')).toHaveCount(0);

  await page.goto(pathTo('resortRental', 'fr', { resort }));
  await expect(liveLine(page)).toHaveText(useTranslations('fr')('resortLive.live'));
  await expect(page.locator('main [data-resort-status]').first()).toHaveText('Ouverte');
  await expect(page.locator('[data-snow-base]')).toHaveText(length(123, 'centimeter', 'fr'));
  await expectNoViolations(page);
});

test('the relay asks the backend once for many page views', async ({ browser }) => {
  const tag = `views-${Date.now().toString(36)}`;
  const server = await relayingTo(await freePort(), scenarioUrl(scenarios.live, { tag }));
  try {
    // Three visitors (their own browsers: nothing cached between them), three languages.
    for (const locale of ['en', 'fr', 'es'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}${pathTo('resortSkiLessons', locale, { resort })}`);
      await expect(liveLine(page)).toHaveAttribute('data-state', 'live');
      await expect(page.locator('main [data-resort-status]').first()).toHaveAttribute(
        'data-resort-status',
        'open',
      );
      await context.close();
    }
    expect(await requestsTagged(tag)).toBe(1);
  } finally {
    await server.stop();
  }
});

test('"loading data, please wait" shows while the backend answers, without moving the page', async ({
  page,
}) => {
  const server = await relayingTo(await freePort(), scenarioUrl(scenarios.slow, { delay: '2500' }));
  try {
    await page.goto(`${server.url}${pathTo('resortSnowboardLessons', 'en', { resort })}`);
    await expect(liveLine(page)).toHaveText('loading data, please wait');
    await expect(liveLine(page)).toHaveAttribute('data-state', 'loading');
    const links = page.locator('main .resort-links').first();
    const before = await links.boundingBox();
    await expectNoViolations(page);
    await expect(liveLine(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
    expect(await links.boundingBox()).toEqual(before);
  } finally {
    await server.stop();
  }
});

for (const [locale, width] of [
  ['en', 1280],
  ['fr', 390],
] as const) {
  test(`a GraphQL error shows the error toast with its message for 5 s, dismissed by dragging it 80 % of its width, and the built values stay (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const server = await relayingTo(await freePort(), scenarioUrl(scenarios.error));
    try {
      await page.setViewportSize({ width, height: 800 });
      const path = `${server.url}${pathTo('resortSkiLessons', locale, { resort })}`;
      await page.goto(path);
      const shown = toast(page);
      await expect(shown).toBeVisible();
      const appeared = Date.now();
      await expect(shown).toHaveAttribute('data-type', 'error');
      await expect(shown.locator('[data-title]')).toHaveText(
        useTranslations(locale)('toasts.graphqlError'),
      );
      await expect(shown.locator('[data-description]')).toHaveText(toastErrorMessage);
      await expect(page.locator('[data-toaster]')).toHaveCount(1);
      // It never covers the page's heading (it did, under the header). Measured where it comes to
      // rest: sonner slides it in, and not at all when motion is reduced.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(shown).toHaveAttribute('data-mounted', 'true');
      const [resting, heading] = [
        await shown.boundingBox(),
        await page.locator('h1').boundingBox(),
      ];
      const apart =
        resting!.y >= heading!.y + heading!.height ||
        resting!.y + resting!.height <= heading!.y ||
        resting!.x >= heading!.x + heading!.width ||
        resting!.x + resting!.width <= heading!.x;
      expect(apart, `toast ${JSON.stringify(resting)}, h1 ${JSON.stringify(heading)}`).toBe(true);
      await expectBuiltValues(page);
      await expectNoViolations(page);

      await expect(shown).toBeHidden({ timeout: 9000 });
      const lasted = Date.now() - appeared;
      expect(lasted).toBeGreaterThan(4000);
      expect(lasted).toBeLessThan(7000);

      // Another view, another toast: dragged away.
      await page.goto(path);
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
    } finally {
      await server.stop();
    }
  });
}

test('with the backend down, the relay says so without a 5xx and the page keeps its built values', async ({
  page,
}) => {
  // Port 4429 is in this project's test range and nothing is ever started there.
  const server = await relayingTo(await freePort(), 'http://localhost:4429/graphql');
  try {
    const answered = page.waitForResponse((r) => r.url().includes('/api/live-conditions/'));
    await page.goto(`${server.url}${pathTo('resortRental', 'en', { resort })}`);
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ live: false, reason: 'network' });
    expect(answer.headers()['cache-control']).toBe('public, max-age=10');
    await expectBuiltValues(page);
    await expect(page.locator('[data-toaster]')).toHaveCount(0);
    await expectNoViolations(page);
  } finally {
    await server.stop();
  }
});
