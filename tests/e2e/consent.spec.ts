/**
 * Cookie consent as a visitor meets it, with the network watched: nothing leaves the site before a
 * choice; Accept all writes the five cookies for the consent lifetime and loads Partytown and the
 * tags (the third-party hosts are routed to stubs, nothing leaves the machine); Reject loads
 * nothing; preferences save, confirm and clear on withdrawal; a raised revision asks again;
 * campaign values survive a late consent; every choice is stored by the receiver.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { acceptAll, consentCookie } from '../../src/consent/consent';
import { allLocales } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { facts } from '../../src/site-facts';
import { expectNoViolations } from './axe';
import { choiceCookies, e2eRevision } from './consent-helpers';
import { rows, sharedDbPath } from './forms-helpers';
import { hydrated, useTranslations } from './site';
import { tagsLoadedOnce, watchNetwork } from './third-party-stubs';

// A first visit: no cookie at all.
test.use({ storageState: { cookies: [], origins: [] } });

const DAY = 86_400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const fiveCookies = ['accepted', 'necessary', 'functionality', 'tracking', 'targeting'] as const;
const optionalCookieNames = [
  'visitor_id',
  '_ga',
  '_gid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];

async function cookieMap(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
}

const banner = (page: Page) => page.locator('[data-consent-banner]');
/** The banner's script (fetched only while a choice is pending) has wired its buttons. */
const bannerReady = (page: Page) =>
  page.locator('[data-consent-banner][data-ready]').waitFor({ state: 'attached' });
const t = useTranslations('en');

async function choose(
  page: Page,
  button: 'acceptAll' | 'rejectAll',
  locale: 'en' | 'fr' | 'es' | 'pt' = 'en',
) {
  await bannerReady(page);
  await banner(page)
    .getByRole('button', { name: useTranslations(locale)(`consent.banner.${button}`) })
    .click();
  await expect(banner(page)).toBeHidden();
}

test.describe('before a choice', () => {
  test('the banner shows, no request leaves the site and no cookie is set, on several pages', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(context);
    for (const path of ['/en', pathTo('rental', 'fr'), pathTo('cookies', 'es')]) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await bannerReady(page);
    }
    await page.waitForLoadState('networkidle');
    expect(network.thirdParty).toEqual([]);
    expect(
      network.all.filter((u) => u.includes('/~partytown/') || u.includes('tracking-loader')),
    ).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });

  test('the banner offers accept and reject as equal buttons, preferences and the policy as links', async ({
    page,
  }) => {
    const fr = useTranslations('fr');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // French: the longest reject label, which wraps on phones.
      await page.goto(pathTo('about', 'fr'));
      const accept = banner(page).getByRole('button', { name: fr('consent.banner.acceptAll') });
      const reject = banner(page).getByRole('button', { name: fr('consent.banner.rejectAll') });
      await expect(accept).toBeVisible();
      await expect(reject).toBeVisible();
      const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
      expect(Math.abs(a!.height - r!.height), `${width} px`).toBeLessThan(1);
      const look = (el: Element) =>
        ['backgroundColor', 'color', 'fontSize', 'fontWeight']
          .map((p) => getComputedStyle(el)[p as 'color'])
          .join();
      expect(await accept.evaluate(look)).toBe(await reject.evaluate(look));
    }
    await page.goto('/en/about');
    await expect(
      banner(page).getByRole('link', { name: t('consent.banner.preferences') }),
    ).toHaveAttribute('href', pathTo('preferences', 'en'));
    await expect(
      banner(page).getByRole('link', { name: /Learn more about cookies/ }),
    ).toHaveAttribute('href', pathTo('cookies', 'en'));
  });

  test('on a phone the banner takes at most a quarter of the screen, in every locale', async ({
    page,
  }) => {
    const screen = { width: 390, height: 844 };
    await page.setViewportSize(screen);
    for (const locale of allLocales) {
      await page.goto(pathTo('home', locale));
      await expect(banner(page)).toBeVisible();
      const box = await banner(page).boundingBox();
      expect(box!.height, locale).toBeLessThanOrEqual(screen.height / 4);
      // Every choice still on it, inside the screen.
      for (const control of [banner(page).getByRole('button'), banner(page).getByRole('link')]) {
        for (const one of await control.all()) await expect(one).toBeInViewport({ ratio: 1 });
      }
    }
  });

  test('the keyboard reaches the banner right after the skip link', async ({ page }) => {
    await page.goto('/en');
    await bannerReady(page);
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      banner(page).getByRole('button', { name: t('consent.banner.acceptAll') }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    expect((await cookieMap(page.context()))[consentCookie.tracking]?.value).toBe('false');
  });

  test('the banner covers nothing: the end of the page scrolls clear of it, at 390 px too', async ({
    page,
  }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // Before the banner's script measures it (the CSS estimate) and after (the measured height).
      for (const moment of ['before its script', 'after its script']) {
        if (moment === 'before its script')
          await page.route('**/_astro/banner-*.js', (route) => route.abort());
        else await page.unroute('**/_astro/banner-*.js');
        await page.goto(pathTo('contact', 'fr'));
        if (moment === 'after its script') await bannerReady(page);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const copyright = page.locator('.site-footer__legal p');
        const [text, bar] = [await copyright.boundingBox(), await banner(page).boundingBox()];
        expect(text!.y + text!.height, `${width} px, ${moment}`).toBeLessThanOrEqual(bar!.y);
      }
    }
  });
});

test.describe('Accept all', () => {
  test('writes the five cookies for the consent lifetime, then loads Partytown and the tags, with page views', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(context);
    await page.goto('/en/rental');
    await page.waitForLoadState('networkidle');
    expect(network.thirdParty).toEqual([]);

    const before = Date.now() / 1000;
    await choose(page, 'acceptAll');
    const cookies = await cookieMap(context);
    for (const key of fiveCookies) {
      const cookie = cookies[consentCookie[key]];
      expect(cookie?.value, key).toBe('true');
      expect(cookie!.expires - before, key).toBeGreaterThan(facts.cookies.consentDays * DAY - 120);
      expect(cookie!.expires - before, key).toBeLessThan(facts.cookies.consentDays * DAY + 120);
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.path).toBe('/');
    }
    expect(cookies[consentCookie.revision]?.value).toBe(String(e2eRevision));
    expect(cookies[consentCookie.id]?.value).toMatch(UUID);
    // The visitor id: a random UUID for one year, path /.
    expect(cookies.visitor_id?.value).toMatch(UUID);
    expect(cookies.visitor_id!.expires - before).toBeGreaterThan(
      facts.cookies.visitorIdSeconds - 120,
    );
    expect(cookies.visitor_id!.expires - before).toBeLessThan(facts.cookies.visitorIdSeconds + 120);

    // Partytown from the site, the tags through it, and one page view for the page consent was given on.
    await expect
      .poll(() => network.all.some((u) => u.endsWith('/~partytown/partytown.js')))
      .toBe(true);
    await tagsLoadedOnce(network);
    await expect.poll(() => network.pageViews().length).toBe(1);
    expect(network.pageViews()[0]).toContain(encodeURIComponent('/en/rental'));

    // Every later page load: tags again, and one page view each.
    const next = pathTo('rental', 'fr');
    await page.goto(next);
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => network.pageViews().length).toBe(2);
    expect(network.pageViews()[1]).toContain(encodeURIComponent(next));
    await page.reload();
    await expect.poll(() => network.pageViews().length).toBe(3);
  });
});

test.describe('Reject non-essential', () => {
  test('records necessary only, and nothing third-party loads, now or on the next pages', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(context);
    await page.goto('/es');
    await choose(page, 'rejectAll', 'es');
    const cookies = await cookieMap(context);
    expect(cookies[consentCookie.accepted]?.value).toBe('true');
    expect(cookies[consentCookie.necessary]?.value).toBe('true');
    for (const key of ['functionality', 'tracking', 'targeting'] as const)
      expect(cookies[consentCookie[key]]?.value, key).toBe('false');
    expect(cookies[consentCookie.accepted]!.expires - Date.now() / 1000).toBeGreaterThan(
      facts.cookies.consentDays * DAY - 120,
    );

    await page.goto(pathTo('prices', 'es'));
    await expect(banner(page)).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(network.thirdParty).toEqual([]);
    expect(
      network.all.filter((u) => u.includes('/~partytown/') || u.includes('tracking-loader')),
    ).toEqual([]);
    expect(
      Object.keys(await cookieMap(context)).filter((name) => optionalCookieNames.includes(name)),
    ).toEqual([]);
  });
});

test.describe('preferences', () => {
  test('none ticked at first; save confirms; the saved choice shows on the next visit before any React loads', async ({
    page,
    context,
  }) => {
    await page.goto(pathTo('preferences', 'es'));
    const es = useTranslations('es');
    const box = (category: string) => page.locator(`#consent-${category}`);
    await expect(box('necessary')).toBeChecked();
    await expect(box('necessary')).toBeDisabled();
    for (const category of ['functionality', 'tracking', 'targeting'])
      await expect(box(category)).not.toBeChecked();
    await expect(page.locator('[data-current-choice] > :visible')).toHaveText(
      es('consent.preferences.currentNone'),
    );
    await expect(banner(page)).toHaveCount(0);

    await box('functionality').check();
    await page.getByRole('button', { name: es('consent.preferences.save') }).click();
    await expect(page.getByRole('status')).toHaveText(es('consent.preferences.saved'));
    await expect(page.locator('[data-current-choice] > :visible')).toHaveText(
      es('consent.preferences.currentChosen'),
    );
    const cookies = await cookieMap(context);
    expect([
      cookies.consent_accepted?.value,
      cookies.consent_functionality?.value,
      cookies.consent_tracking?.value,
      cookies.consent_targeting?.value,
    ]).toEqual(['true', 'true', 'false', 'false']);

    // The island hydrates on the first interaction: a visitor who only looks sees the stored
    // choice (the page's own small script) and downloads no React.
    await page.reload();
    await expect(box('functionality')).toBeChecked();
    await expect(box('tracking')).not.toBeChecked();
    await expect(page.locator('[data-current-choice] > :visible')).toHaveText(
      es('consent.preferences.currentChosen'),
    );
    await expect(page.getByRole('button', { name: es('consent.preferences.save') })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    await expect(page.locator(hydrated('ConsentPreferences'))).toHaveCount(0);

    // What the visitor changes before the island is live is what it saves, with one press.
    await box('targeting').check();
    await box('functionality').uncheck();
    await page.getByRole('button', { name: es('consent.preferences.save') }).click();
    await expect(page.getByRole('status')).toHaveText(es('consent.preferences.saved'));
    const changed = await cookieMap(context);
    expect([
      changed.consent_functionality?.value,
      changed.consent_tracking?.value,
      changed.consent_targeting?.value,
    ]).toEqual(['false', 'false', 'true']);
  });

  test('withdrawing tracking and targeting deletes their cookies, reloads and stops the tags', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(context);
    await page.goto('/en/rental?utm_source=newsletter&utm_medium=email&utm_campaign=spring');
    await choose(page, 'acceptAll');
    await expect.poll(() => network.pageViews().length).toBe(1);
    // What Google's tags would have written, on this host and for the domain.
    const googleCookies = ['_ga', '_ga_TEST000001', '_gid', '_gcl_au'];
    // Ours (the visitor id, the campaign) and Google's: all go when tracking is withdrawn.
    const trackingCookies = [
      'visitor_id',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      ...googleCookies,
    ];
    await context.addCookies(
      googleCookies.map((name) => ({
        name,
        value: 'GA1.1.1',
        domain: 'localhost',
        path: '/',
        sameSite: 'Lax' as const,
      })),
    );
    const present = Object.keys(await cookieMap(context));
    expect(present).toEqual(expect.arrayContaining(trackingCookies));

    await page.goto(pathTo('preferences', 'en'));
    await expect(page.locator('#consent-tracking')).toBeChecked();
    await page.locator('#consent-tracking').uncheck();
    await page.locator('#consent-targeting').uncheck();
    const viewsBefore = network.pageViews().length;
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: t('consent.preferences.save') }).click(),
    ]);
    await expect(page.getByRole('status')).toHaveText(t('consent.preferences.savedReloaded'));
    await expect(page.getByRole('status')).toBeFocused();

    const after = await cookieMap(context);
    for (const name of trackingCookies) expect(after[name], name).toBeUndefined();
    expect(after.consent_functionality?.value).toBe('true');
    expect(after.consent_tracking?.value).toBe('false');
    expect(after.consent_accepted?.value).toBe('true');

    // The reloaded page and the next ones load no tag and send no page view.
    const thirdPartyBefore = network.thirdParty.length;
    await page.goto('/en/about');
    await page.waitForLoadState('networkidle');
    expect(network.thirdParty.length).toBe(thirdPartyBefore);
    expect(network.pageViews().length).toBe(viewsBefore);
  });
});

test.describe('revision', () => {
  test('a choice made under an older revision counts for nothing: the banner asks again and no tag loads', async ({
    page,
    context,
  }) => {
    expect(e2eRevision).toBeGreaterThan(1);
    const network = await watchNetwork(context);
    await context.addCookies(choiceCookies(acceptAll, { revision: e2eRevision - 1 }));
    await page.goto('/en');
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(network.thirdParty).toEqual([]);

    await choose(page, 'rejectAll');
    expect((await cookieMap(context))[consentCookie.revision]?.value).toBe(String(e2eRevision));
    await page.reload();
    await expect(banner(page)).toBeHidden();
  });

  test('a choice under the current revision is remembered: no banner', async ({
    page,
    context,
  }) => {
    await context.addCookies(choiceCookies(acceptAll));
    await watchNetwork(context);
    await page.goto('/en');
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.consent)).toBe('given');
  });
});

test.describe('campaign values', () => {
  const landing = '/en?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2026';

  test('survive a consent given later in the visit, on another page, without storing anything before', async ({
    page,
    context,
  }) => {
    await watchNetwork(context);
    await page.goto(landing);
    await bannerReady(page);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

    // The visitor browses on before choosing.
    await page
      .locator('.site-footer')
      .getByRole('link', { name: t('footer.resorts') })
      .click();
    await page.waitForURL(/\/en\/resorts/);
    await bannerReady(page);
    expect(await context.cookies()).toEqual([]);

    await choose(page, 'acceptAll');
    const cookies = await cookieMap(context);
    expect([
      cookies.utm_source?.value,
      cookies.utm_medium?.value,
      cookies.utm_campaign?.value,
    ]).toEqual(['newsletter', 'email', 'spring-2026']);
    expect(cookies.utm_source!.expires - Date.now() / 1000).toBeGreaterThan(30 * DAY - 120);
  });

  test('are not written when targeting is refused', async ({ page, context }) => {
    await page.goto(landing);
    await choose(page, 'rejectAll');
    expect(Object.keys(await cookieMap(context)).filter((name) => name.startsWith('utm_'))).toEqual(
      [],
    );
  });
});

test.describe('consent records', () => {
  test('each choice is stored by the receiver: id, categories, revision, no IP, visitor id only with tracking', async ({
    page,
    context,
  }) => {
    await watchNetwork(context);
    await page.goto('/fr');
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms') && r.request().method() === 'POST',
    );
    await choose(page, 'acceptAll', 'fr');
    expect((await stored).status()).toBe(200);
    const first = await cookieMap(context);
    const [accepted] = rows(
      sharedDbPath(),
      'SELECT * FROM consent_records WHERE consent_id = ?',
      first.consent_id!.value,
    );
    expect(accepted).toMatchObject({
      necessary: 1,
      functionality: 1,
      tracking: 1,
      targeting: 1,
      revision: e2eRevision,
      method: 'accept-all',
      locale: 'fr',
      visitor_id: first.visitor_id!.value,
    });
    expect(accepted).not.toHaveProperty('client');
    expect(Date.now() - Date.parse(String(accepted!.created_at))).toBeLessThan(60_000);

    // Withdrawing is recorded too, without the visitor id.
    await page.goto(pathTo('preferences', 'fr'));
    for (const category of ['functionality', 'tracking', 'targeting'])
      await page.locator(`#consent-${category}`).uncheck();
    await page
      .getByRole('button', { name: useTranslations('fr')('consent.preferences.save') })
      .click();
    // Withdrawing tracking reloads the page, which may come before the receiver's answer: the
    // record is sent with keepalive, so it is the database that says whether it arrived.
    // The new choice's cookie is the sign it was saved (on a busy machine the island may still be
    // starting when Save is clicked: the click is held and replayed, and the reload comes later).
    await expect
      .poll(async () => (await cookieMap(context)).consent_id?.value)
      .not.toBe(first.consent_id!.value);
    const second = await cookieMap(context);
    await expect
      .poll(() =>
        rows(
          sharedDbPath(),
          'SELECT functionality, tracking, targeting, method, visitor_id FROM consent_records WHERE consent_id = ?',
          second.consent_id!.value,
        ),
      )
      .toEqual([
        { functionality: 0, tracking: 0, targeting: 0, method: 'preferences', visitor_id: null },
      ]);
  });
});

test.describe('axe: the banner and the preferences page in every locale', () => {
  for (const locale of allLocales) {
    test(locale, async ({ page }) => {
      await page.goto(pathTo('home', locale));
      await bannerReady(page);
      await expect(banner(page)).toBeVisible();
      await expectNoViolations(page, '[data-consent-banner]');

      await page.goto(pathTo('preferences', locale));
      // The form as a visitor first sees it (its island wakes up on the first interaction).
      await expect(
        page.getByRole('button', { name: useTranslations(locale)('consent.preferences.save') }),
      ).toBeEnabled();
      await expectNoViolations(page);
    });
  }
});
