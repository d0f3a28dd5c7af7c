/**
 * Pages on a static host, forms on the Node server's receiver on another origin (FORMS_ENDPOINT,
 * FORMS_ALLOWED_ORIGINS): every form sent from the pages is stored by the receiver, and the
 * pages' Content Security Policy lets them reach that one origin and no other.
 */
import { expect, test, type Page } from '@playwright/test';
import { pathTo } from '../../src/i18n/routes';
import { useTranslations } from '../../src/i18n/translate';
import {
  attachApplicationFiles,
  fillApplication,
  rows,
  sharedDbPath,
  subscriptionLocales,
  uniqueEmail,
} from '../e2e/forms-helpers';
import { contactValues } from '../forms-fixtures';
import { receiverOrigin, testBuildConfig } from './hosts';

const en = useTranslations('en');
const fr = useTranslations('fr');

/**
 * Islands render on the server first and hydrate on the visitor's first interaction: touch the
 * field holding `selector`, then wait until its island has hydrated.
 */
async function hydrated(page: Page, selector: string) {
  await page.locator(selector).focus();
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr', {
    timeout: 10_000,
  });
}

/** A directive of the page's `<meta>` policy, as its list of sources. */
async function directive(page: Page, name: string) {
  const policy = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .getAttribute('content');
  const found = policy!
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1) ?? [];
}

test('the pages post to the receiver’s origin, and their policy allows exactly that one', async ({
  page,
}) => {
  await page.goto(pathTo('contact', 'en'));
  // The form as rendered, which the island keeps once live (its props, the endpoint among them,
  // come from a file on the first interaction: src/integrations/island-strings.ts).
  await expect(page.locator('astro-island[component-url*="ContactForm"] form')).toHaveAttribute(
    'action',
    `${receiverOrigin}/api/forms`,
  );
  expect(await directive(page, 'form-action')).toEqual(["'self'", receiverOrigin]);
  // Besides the receiver: the chat API, by its configured origin (the marketplace backend is
  // asked by the Node server's live conditions relay, never by the pages).
  const build = testBuildConfig();
  expect(await directive(page, 'connect-src')).toEqual([
    "'self'",
    new URL(build.chatGraphqlUrl).origin,
    receiverOrigin,
  ]);
});

test('the newsletter, with JavaScript: stored by the receiver', async ({ page }) => {
  await page.goto(pathTo('newsletter', 'fr'));
  const form = page.locator('main form');
  await expect(form).toHaveAttribute('data-enhanced', '');
  const address = uniqueEmail('cdn-newsletter');
  await form.getByLabel(fr('forms.newsletter.email')).fill(address);
  await form.getByRole('button', { name: fr('forms.newsletter.submit') }).click();
  await expect(form.getByRole('status').locator('p')).toHaveText([
    fr('forms.newsletter.success'),
    fr('forms.newsletter.checkInbox'),
  ]);
  expect(subscriptionLocales(address)).toEqual(['fr']);
});

test('the newsletter without JavaScript: the receiver sends the visitor back to the page on the static host', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}${pathTo('newsletter', 'fr')}`);
  const address = uniqueEmail('cdn-nojs');
  await page.locator('main').getByLabel(fr('forms.newsletter.email')).fill(address);
  await page.getByRole('button', { name: fr('forms.newsletter.submit') }).click();
  await expect(page).toHaveURL(`${baseURL}${pathTo('newsletter', 'fr')}#form-sent`);
  await expect(page.getByText(fr('forms.outcome.sent'))).toBeVisible();
  expect(subscriptionLocales(address)).toEqual(['fr']);
  await context.close();
});

test('the contact form: stored by the receiver', async ({ page }) => {
  await page.goto(pathTo('contact', 'en'));
  await hydrated(page, '#contact-name');
  const email = uniqueEmail('cdn-contact');
  for (const [field, value] of Object.entries(contactValues(email)))
    await page.locator(`#contact-${field}`).fill(value);
  await page.getByRole('button', { name: en('forms.contact.submit') }).click();
  await expect(page.getByRole('status')).toContainText(en('forms.contact.success'));
  expect(
    rows(sharedDbPath(), 'SELECT title, locale FROM contact_messages WHERE email = ?', email),
  ).toEqual([{ title: contactValues(email).title, locale: 'en' }]);
});

test('the instructor application with its two files: stored by the receiver', async ({ page }) => {
  await page.goto(pathTo('instructorApplication', 'en'));
  await hydrated(page, '#application-firstname');
  const email = uniqueEmail('cdn-apply');
  await fillApplication(page, email);
  await attachApplicationFiles(page);
  await page.getByRole('button', { name: en('forms.application.submit') }).click();
  await expect(page.getByRole('status')).toContainText(en('forms.application.success'));
  const [row] = rows(
    sharedDbPath(),
    'SELECT id FROM instructor_applications WHERE email = ?',
    email,
  );
  expect(
    rows(
      sharedDbPath(),
      'SELECT field FROM application_files WHERE application_id = ? ORDER BY field',
      row!.id as number,
    ),
  ).toEqual([{ field: 'cv' }, { field: 'licence' }]);
});

test('the receiver refuses a page on an origin it was not told about', async ({ request }) => {
  const response = await request.post(`${receiverOrigin}/api/forms`, {
    headers: { accept: 'application/json', origin: 'http://localhost:4330' },
    form: { 'form-name': 'SubscribeForm', email: uniqueEmail('stranger') },
  });
  expect(response.status()).toBe(403);
  expect(response.headers()['access-control-allow-origin']).toBeUndefined();
});
