/**
 * What the newsletter form does with JavaScript (spec §4, §5, §8), in plain TypeScript: the form
 * itself is server-rendered (NewsletterForm.astro) and works without this. A form of one field is
 * not worth React's 63 KB, which used to make every content page (through the footer's dialog)
 * break the 75 KB budget of pages without a form (docs/performance.md).
 *
 * Bundled on its own (`?worker&url`, one standalone file) and loaded only when needed: by the
 * newsletter page at once, by the dialog's inline script (NewsletterDialog.astro) on its first opening.
 *
 * - An invalid address shows "email is not valid" in the visitor's language, wired to the field as
 *   fields.tsx does (aria-invalid, aria-describedby, `.form-error`), focus on it; nothing is sent.
 * - While sending, the button is disabled and says so; a second submit does nothing.
 * - Sent: the field gives way to the success message and the hint to confirm from the mail, the
 *   button stays disabled.
 * - Failed (or 429): the message shows and the button works again; the address is never cleared.
 */
import { NewsletterSchema } from '../../forms/newsletter';
import { formInput, validate } from '../../forms/schemas';
import { submitForm } from '../../forms/browser/submit';
import {
  errorMessage,
  outcomeOf,
  type NewsletterTexts,
  type Outcome,
} from '../../forms/browser/newsletter-outcome';

/** The field's error under it, as fields.tsx's `described()` and `Help` render it; none when `message` is empty. */
function showFieldError(input: HTMLInputElement, message: string) {
  const id = `${input.id}-error`;
  document.getElementById(id)?.remove();
  input.removeAttribute('aria-invalid');
  input.removeAttribute('aria-describedby');
  if (!message) return;
  const error = document.createElement('p');
  error.className = 'form-error';
  error.id = id;
  error.textContent = message;
  input.after(error);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', id);
}

/**
 * The `role=status` area, as fields.tsx's `Status` renders it: announced by screen readers. One
 * paragraph per message.
 */
function showStatus(
  status: Element | null,
  tone: 'success' | 'error' | null,
  ...messages: string[]
) {
  if (!status) return;
  status.className = tone ? `form-status form-status--${tone}` : 'form-status';
  status.replaceChildren(
    ...messages.map((message) => {
      const paragraph = document.createElement('p');
      paragraph.textContent = message;
      return paragraph;
    }),
  );
}

function enhance(form: HTMLFormElement) {
  // The page and the dialog may both load this module; each form is enhanced once.
  if ('enhanced' in form.dataset) return;
  form.dataset.enhanced = '';
  // The dialog's form names a file (fetched now, with this module, on its first opening); the
  // newsletter page's carries them.
  const textsUrl = form.dataset.textsUrl;
  const textsReady: Promise<NewsletterTexts> = textsUrl
    ? fetch(textsUrl).then((response) => {
        if (!response.ok) throw new Error(`${textsUrl}: ${response.status}`);
        return response.json() as Promise<NewsletterTexts>;
      })
    : Promise.resolve(JSON.parse(form.dataset.texts ?? '{}') as NewsletterTexts);
  // Caught here too, so that a failed fetch is not an unhandled rejection before any submit.
  textsReady.catch(() => undefined);
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector('[role="status"]');
  if (!email || !button) return;
  // From now on the messages are ours, in the visitor's language, rather than the browser's.
  form.noValidate = true;
  let sending = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    let texts: NewsletterTexts;
    try {
      sending = true;
      texts = await textsReady;
    } catch {
      // Without its texts the script cannot speak: the form posts as plain HTML, as without it.
      form.submit();
      return;
    } finally {
      sending = false;
    }
    showStatus(status, null);
    const check = validate(NewsletterSchema, formInput(new FormData(form)));
    if (!check.ok) {
      showFieldError(email, errorMessage(texts, check.errors.email ?? ''));
      email.focus();
      return;
    }
    showFieldError(email, '');
    sending = true;
    button.disabled = true;
    button.textContent = texts.sending;
    let outcome: Outcome;
    try {
      outcome = outcomeOf(await submitForm(form, { endpoint: form.action }), texts);
    } catch {
      outcome = { kind: 'failed', message: texts.failure };
    }
    sending = false;
    button.textContent = texts.submit;
    if (outcome.kind === 'sent') {
      // Subscribed: nothing left to type, and the button stays disabled (no second subscription).
      email.closest('.form-field')?.remove();
      // The spec's success message, then where the confirmation link is (double opt-in).
      showStatus(status, 'success', texts.success, texts.checkInbox);
      return;
    }
    button.disabled = false;
    if (outcome.kind === 'invalid') {
      showFieldError(email, outcome.message);
      email.focus();
    } else showStatus(status, 'error', outcome.message);
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]'))
  enhance(form);
