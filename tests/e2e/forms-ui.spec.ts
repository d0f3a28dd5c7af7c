/**
 * The forms as a visitor uses them, against the real server and its SQLite file.
 */
import { freePort } from '../free-port';
import { expect, test, type Page } from '@playwright/test';
import {
  attachApplicationFiles,
  contactKeptAsSpam,
  subscriptionLocales,
  fillApplication,
  pdfBytes,
  rows,
  sharedDbPath,
  startServer,
  unwritableData,
  freshData,
  uniqueEmail,
} from './forms-helpers';
import { contactValues } from '../forms-fixtures';
import { countryName } from '../../src/i18n/format';
import { pathTo } from '../../src/i18n/routes';
import { teachingCountryCodes } from '../../src/instructors/countries';
import { resorts, useTranslations } from './site';

const en = useTranslations('en');

/**
 * Islands render on the server first and hydrate on the visitor's first interaction: focus the
 * field `selector`, then wait until its island has hydrated.
 */
async function hydrated(page: Page, selector: string) {
  await page.locator(selector).focus();
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr', {
    timeout: 10_000,
  });
}

function formPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/forms')) posts.push(request.method());
  });
  return posts;
}

/** Every script file the page downloads (inline scripts are part of the HTML). */
function scriptDownloads(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Holds the receiver's answers until `release()`: the visitor sees the form while it sends. */
async function holdAnswers(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/forms', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('newsletter dialog', () => {
  test('opens from the footer, checks the address, subscribes once, and gives focus back', async ({
    page,
  }) => {
    const posts = formPosts(page);
    await page.goto('/en');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const trigger = page.locator('[data-newsletter-trigger]');
    await trigger.click();

    const dialog = page.getByRole('dialog', { name: 'Stay up to date' });
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel('Your email address');
    await expect(email).toBeFocused();

    await email.fill('not an email');
    const submit = dialog.getByRole('button', { name: 'Subscribe' });
    await submit.click();
    await expect(dialog.getByText('email is not valid')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-describedby', 'newsletter-dialog-email-error');
    await expect(page.locator('#newsletter-dialog-email-error')).toHaveText('email is not valid');
    await expect(email).toBeFocused();
    expect(posts).toEqual([]);

    const release = await holdAnswers(page);
    const address = uniqueEmail('modal');
    await email.fill(address);
    await submit.click();
    // While sending: disabled, and says so; a second click sends nothing more.
    const sending = dialog.getByRole('button', { name: 'Sending…' });
    await expect(sending).toBeDisabled();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('#newsletter-dialog-email-error')).toHaveCount(0);
    release();
    // The spec's success message, then where the confirmation link is (double opt-in).
    await expect(dialog.getByRole('status').locator('p')).toHaveText([
      'Form successfully submitted',
      en('forms.newsletter.checkInbox'),
    ]);
    await expect(dialog.getByLabel('Your email address')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(posts).toEqual(['POST']);
    expect(subscriptionLocales(address)).toEqual(['en']);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // Reopened once subscribed: the success is still there, focus on the close button.
    await trigger.click();
    await expect(dialog.getByRole('status')).toContainText('Form successfully submitted');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  });

  test('a network cut shows the error, re-enables the button and keeps the address; the retry works', async ({
    page,
  }) => {
    await page.goto('/en/contact');
    await page.route('**/api/forms', (route) => route.abort('internetdisconnected'));
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog');
    const address = uniqueEmail('retry');
    await dialog.getByLabel('Your email address').fill(address);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Sorry an error has occurred...');
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await expect(dialog.getByLabel('Your email address')).toHaveValue(address);

    await page.unroute('**/api/forms');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByText('Form successfully submitted')).toBeVisible();
    expect(subscriptionLocales(address)).toHaveLength(1);
  });

  test('sent before the form’s code has arrived (slow connection): it waits for it and stays on the page', async ({
    page,
  }) => {
    await page.goto('/en/about');
    // The dialog's code takes a second and a half to arrive.
    await page.route('**/_astro/newsletter-form-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog');
    const address = uniqueEmail('early');
    await dialog.getByLabel('Your email address').fill(address);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toContainText('Form successfully submitted');
    await expect(page).toHaveURL(/\/en\/about$/);
    expect(subscriptionLocales(address)).toHaveLength(1);
  });

  test('too many tries (429): the visitor is told to wait, the button works again', async ({
    page,
  }) => {
    await page.goto('/en/rental');
    await page.route('**/api/forms', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '60' },
        body: JSON.stringify({ ok: false, error: 'rateLimited' }),
      }),
    );
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your email address').fill(uniqueEmail('busy'));
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Too many attempts in a short time. Please wait a few minutes and try again.',
    );
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  test('in French: the message is French; the close button, the backdrop and Escape close it, focus back on the link, the address kept', async ({
    page,
  }) => {
    await page.goto('/fr/a-propos');
    const trigger = page.locator('[data-newsletter-trigger]');
    const dialog = page.getByRole('dialog', { name: 'Restez au courant' });
    const email = dialog.getByLabel('Votre adresse e-mail');

    await trigger.click();
    await email.fill('marie@exemple');
    await dialog.getByRole('button', { name: 'S’abonner' }).click();
    await expect(page.locator('#newsletter-dialog-email-error')).toHaveText(
      'l’adresse e-mail n’est pas valide',
    );

    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(email).toHaveValue('marie@exemple');
    await expect(email).toBeFocused();
    await page.mouse.click(5, 5); // the backdrop, outside the card
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await expect(email).toHaveValue('marie@exemple');
  });

  test('speaks the visitor’s language (es)', async ({ page }) => {
    await page.goto('/es');
    await page.locator('[data-newsletter-trigger]').click();
    const dialog = page.getByRole('dialog', { name: 'Mantente al día' });
    await dialog.getByLabel('Tu correo electrónico').fill('a@b');
    await dialog.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(dialog.getByText('el correo electrónico no es válido')).toBeVisible();

    const address = uniqueEmail('modal-es');
    await dialog.getByLabel('Tu correo electrónico').fill(address);
    await dialog.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(dialog.getByRole('status').locator('p')).toHaveText([
      'Formulario enviado correctamente',
      useTranslations('es')('forms.newsletter.checkInbox'),
    ]);
    expect(subscriptionLocales(address)).toEqual(['es']);
  });

  test('with a modifier key, the link opens the newsletter page instead', async ({
    page,
    context,
  }) => {
    await page.goto('/en/about');
    const opened = context.waitForEvent('page');
    await page.locator('[data-newsletter-trigger]').click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/en/newsletter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a visitor who chose before downloads no script until the click, then only the form’s code, no React', async ({
    page,
  }) => {
    const scripts = scriptDownloads(page);
    await page.goto('/fr/a-propos');
    await page.mouse.wheel(0, 4000); // reading down to the footer
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);

    const module = await page.locator('dialog.newsletter-dialog').getAttribute('data-module');
    await page.locator('[data-newsletter-trigger]').click();
    await expect(page.locator('form[data-newsletter-form][data-enhanced]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([module]);
  });
});

test.describe('newsletter page', () => {
  test('in French: checks the address, then subscribes without leaving the page', async ({
    page,
  }) => {
    await page.goto('/fr/newsletter');
    const form = page.locator('main form');
    await expect(form).toHaveAttribute('data-enhanced', '');
    const email = form.getByLabel('Votre adresse e-mail');
    await email.fill('pas une adresse');
    await form.getByRole('button', { name: 'S’abonner' }).click();
    await expect(page.locator('#newsletter-page-email-error')).toHaveText(
      'l’adresse e-mail n’est pas valide',
    );
    await expect(email).toBeFocused();

    const address = uniqueEmail('page-fr');
    await email.fill(address);
    await form.getByRole('button', { name: 'S’abonner' }).click();
    await expect(form.getByRole('status').locator('p')).toHaveText([
      'Formulaire envoyé avec succès',
      useTranslations('fr')('forms.newsletter.checkInbox'),
    ]);
    await expect(form.getByRole('button', { name: 'S’abonner' })).toBeDisabled();
    await expect(page).toHaveURL(/\/fr\/newsletter$/);
    expect(subscriptionLocales(address)).toEqual(['fr']);
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/fr/newsletter');
    const address = uniqueEmail('nojs');
    await page.locator('main').getByLabel('Votre adresse e-mail').fill(address);
    await page.getByRole('button', { name: 'S’abonner' }).click();
    await expect(page).toHaveURL(/\/fr\/newsletter#form-sent$/);
    await expect(page.getByText('Merci\u202f: votre formulaire a bien été envoyé.')).toBeVisible();
    await expect(
      page.getByText(useTranslations('fr')('forms.newsletter.checkInbox')),
    ).toBeVisible();
    expect(subscriptionLocales(address)).toEqual(['fr']);
    await context.close();
  });
});

/** Fills every field of the contact form (its fields, from the fixture) with a valid value. */
async function fillContact(page: Page, email: string) {
  for (const [field, value] of Object.entries(contactValues(email)))
    await page.locator(`#contact-${field}`).fill(value);
}

async function expectContactKept(page: Page, email: string) {
  for (const [field, value] of Object.entries(contactValues(email)))
    await expect(page.locator(`#contact-${field}`)).toHaveValue(value);
}

test.describe('contact form', () => {
  test('shows each field’s message, focuses the first, then sends', async ({ page }) => {
    const posts = formPosts(page);
    await page.goto('/en/contact');
    await expect(page.getByRole('link', { name: 'hello@pistelink.com' })).toBeVisible();
    await hydrated(page, '#contact-name');
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'Name is not valid.',
      'Email is not valid.',
      'Title is not valid.',
      'Message is not valid.',
    ]) {
      await expect(page.locator('.form-error', { hasText: message })).toBeVisible();
    }
    await expect(page.locator('#contact-name')).toBeFocused();
    await expect(page.locator('#contact-name')).toHaveAttribute(
      'aria-describedby',
      /contact-name-error/,
    );
    expect(posts).toEqual([]);

    await page.locator('#contact-name').fill('Marie');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('#contact-name-error')).toHaveText('Name is not valid.');

    const email = uniqueEmail('contact-ui');
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent.');
    expect(
      rows(sharedDbPath(), 'SELECT name, locale FROM contact_messages WHERE email = ?', email),
    ).toEqual([{ name: contactValues(email).name, locale: 'en' }]);
  });

  test('in Spanish, the success says the request was sent', async ({ page }) => {
    await page.goto('/es/contactar');
    await hydrated(page, '#contact-name');
    const email = uniqueEmail('contact-es');
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByRole('status')).toContainText('Solicitud enviada');
    expect(
      rows(sharedDbPath(), 'SELECT locale FROM contact_messages WHERE email = ?', email),
    ).toEqual([{ locale: 'es' }]);
  });

  test('in French, the field messages are French', async ({ page }) => {
    await page.goto('/fr/contacter');
    await hydrated(page, '#contact-name');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.locator('#contact-name-error')).toHaveText('Le nom n’est pas valide.');
    await expect(page.locator('#contact-message-error')).toHaveText('Le message n’est pas valide.');
  });

  test('a filled honeypot looks like a success and is kept as spam', async ({ page }) => {
    await page.goto('/en/contact');
    await hydrated(page, '#contact-name');
    const email = uniqueEmail('honeypot');
    await fillContact(page, email);
    await page
      .locator('#contact-bot-field')
      .evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent.');
    expect(contactKeptAsSpam(email)).toEqual({ messages: 0, spam: ['ContactForm'] });
  });

  test('the receiver answering 500: the error with the address, everything typed kept', async ({
    page,
  }) => {
    const server = await startServer(await freePort(), {}, unwritableData());
    try {
      await page.goto(`${server.url}/en/contact`);
      await hydrated(page, '#contact-name');
      const email = uniqueEmail('500');
      await fillContact(page, email);
      const answer = page.waitForResponse('**/api/forms');
      await page.getByRole('button', { name: 'Send message' }).click();
      expect((await answer).status()).toBe(500);
      await expect(page.getByRole('status')).toHaveText(
        'Sorry an error has occurred. Contact us at hello@pistelink.com',
      );
      await expectContactKept(page, email);
      await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    } finally {
      await server.stop();
    }
  });

  test('the receiver down: values kept, the retry succeeds once it is back', async ({ page }) => {
    const data = freshData();
    const port = await freePort(); // the same again once it is back: the page posts there
    let server = await startServer(port, {}, data);
    try {
      await page.goto(`${server.url}/en/contact`);
      await hydrated(page, '#contact-name');
      const email = uniqueEmail('down');
      await fillContact(page, email);
      await server.stop();
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Sorry an error has occurred. Contact us at hello@pistelink.com',
      );
      await expectContactKept(page, email);

      server = await startServer(port, {}, data);
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('status')).toContainText('Message sent.');
      expect(rows(data.dbPath, 'SELECT email FROM contact_messages')).toEqual([{ email }]);
    } finally {
      await server.stop();
    }
  });
});

test.describe('instructor application before its island runs', () => {
  // No script at all: what a visitor sees before the form's island hydrates.
  test.use({ javaScriptEnabled: false });

  test('the file fields are labelled and show a button in the site’s style', async ({ page }) => {
    for (const locale of ['en', 'fr'] as const) {
      const t = useTranslations(locale);
      await page.goto(pathTo('instructorApplication', locale));
      const licence = page.getByLabel(t('forms.application.licence'), { exact: false });
      await expect(licence).toHaveAttribute('type', 'file');
      const look = await licence.evaluate((input) => {
        const brand = document.createElement('span');
        brand.style.color = 'var(--c-brand)';
        document.body.append(brand);
        const button = getComputedStyle(input, '::file-selector-button');
        return {
          brand: getComputedStyle(brand).color,
          color: button.color,
          borderColor: button.borderTopColor,
          radius: parseFloat(button.borderTopLeftRadius),
          minHeight: parseFloat(button.minHeight),
        };
      });
      // The browser's own button is grey, square-cornered and as tall as its text.
      expect(look.color, locale).toBe(look.brand);
      expect(look.borderColor, locale).toBe(look.brand);
      expect(look.radius, locale).toBeGreaterThan(8);
      expect(look.minHeight, locale).toBeGreaterThanOrEqual(40);
    }
  });
});

test.describe('instructor application', () => {
  test('sends the application with licence and CV', async ({ page }) => {
    await page.goto('/en/instructors/join-us');
    await expect(
      page.getByText('Your CV and licence files are kept for one year at most'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/en/instructors',
    );
    await hydrated(page, '#application-firstname');
    const email = uniqueEmail('apply-ui');
    await fillApplication(page, email);
    await attachApplicationFiles(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status')).toContainText('Application sent.');
    const [row] = rows(
      sharedDbPath(),
      'SELECT id, contract, sport, years_taught, licence_type, note FROM instructor_applications WHERE email = ?',
      email,
    );
    expect(row).toMatchObject({
      contract: 'direct',
      sport: 'both',
      years_taught: 6,
      licence_type: 'td2',
      note: 'Available from December.',
    });
    expect(
      rows(
        sharedDbPath(),
        'SELECT field, media_type FROM application_files WHERE application_id = ? ORDER BY field',
        row!.id as number,
      ),
    ).toEqual([
      { field: 'cv', media_type: 'image/png' },
      { field: 'licence', media_type: 'application/pdf' },
    ]);
  });

  test('an instructor from a country the site lists no resort in names their resort and its country', async ({
    page,
  }) => {
    const t = useTranslations('es');
    const listed = new Set(Object.values(resorts).map((resort) => resort.country));
    const elsewhere = teachingCountryCodes.find((code) => !listed.has(code)) ?? 'FR';
    await page.goto(pathTo('instructorApplication', 'es'));
    // The name and country ask for nothing until "another resort" is chosen, script or not.
    await expect(page.locator('#application-resortName')).toBeHidden();
    await page.locator('#application-resort').selectOption('other');
    await expect(page.locator('#application-resortName')).toBeVisible();
    await expect(page.locator('#application-country')).toBeVisible();

    await hydrated(page, '#application-firstname');
    const email = uniqueEmail('apply-elsewhere');
    await fillApplication(page, email);
    await page.locator('#application-resort').selectOption('other');
    await page
      .locator('#application-licence')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
    await page.getByRole('button', { name: t('forms.application.submit') }).click();
    await expect(page.locator('#application-resortName-error')).toHaveText(
      t('forms.application.errors.resortName.required'),
    );
    await expect(page.locator('#application-country-error')).toHaveText(
      t('forms.application.errors.country.required'),
    );

    await page.locator('#application-resortName').fill('Cerro Catedral');
    await page
      .locator('#application-country')
      .selectOption({ label: countryName(elsewhere, 'es') });
    await page.getByRole('button', { name: t('forms.application.submit') }).click();
    await expect(page.getByRole('status')).toContainText(t('forms.application.success'));
    expect(
      rows(
        sharedDbPath(),
        'SELECT resort, resort_name, country FROM instructor_applications WHERE email = ?',
        email,
      ),
    ).toEqual([{ resort: 'other', resort_name: 'Cerro Catedral', country: elsewhere }]);
  });

  test('in French: missing fields, then a text file renamed .pdf refused by the receiver, values kept', async ({
    page,
  }) => {
    await page.goto('/fr/instructeurs/rejoignez-nous');
    await hydrated(page, '#application-firstname');
    await page.getByRole('button', { name: 'Postuler' }).click();
    await expect(page.locator('#application-licence-error')).toHaveText('Joignez votre diplôme.');
    await expect(page.locator('#application-adult-error')).toBeVisible();
    await expect(page.locator('#application-firstname')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Merci de vérifier les champs ci-dessous');

    const email = uniqueEmail('apply-fr');
    await fillApplication(page, email);
    await page.locator('#application-licence').setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text'),
    });
    await page.getByRole('button', { name: 'Postuler' }).click();
    await expect(page.locator('#application-licence-error')).toHaveText(
      'Le diplôme doit être un fichier PDF, JPEG ou PNG.',
    );
    await expect(page.locator('#application-email')).toHaveValue(email);
    await expect(page.locator('#application-note')).toHaveValue('Available from December.');
    expect(
      rows(sharedDbPath(), 'SELECT id FROM instructor_applications WHERE email = ?', email),
    ).toEqual([]);

    await page
      .locator('#application-licence')
      .setInputFiles({ name: 'diplome.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
    await page.getByRole('button', { name: 'Postuler' }).click();
    await expect(page.getByRole('status')).toContainText('Candidature envoyée.');
    expect(
      rows(sharedDbPath(), 'SELECT locale FROM instructor_applications WHERE email = ?', email),
    ).toEqual([{ locale: 'fr' }]);
  });
});
