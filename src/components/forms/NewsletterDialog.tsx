import { useEffect, useRef, type RefObject } from 'react';
import NewsletterForm, { type NewsletterStrings } from './NewsletterForm';

export type NewsletterDialogProps = {
  strings: NewsletterStrings & { heading: string; intro: string; close: string };
  endpoint: string;
  locale: string;
  returnTo: string;
  open: boolean;
  /** Called however the dialog closes (Escape, its button, the backdrop). */
  onClose: () => void;
  /** Where focus goes back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * The newsletter modal: a native `<dialog>` opened with showModal(), so the page behind is inert,
 * focus moves into it, Escape closes it, and focus returns to what opened it.
 */
export default function NewsletterDialog({ strings, endpoint, locale, returnTo, open, onClose, returnFocusTo }: NewsletterDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Straight to the address field (or, once subscribed, the close button).
      (element.querySelector<HTMLElement>('input[type="email"]') ?? element.querySelector<HTMLElement>('button'))?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="newsletter-dialog"
      aria-labelledby="newsletter-dialog-title"
      // Escape, the close button and a click on the backdrop all end here.
      onClose={() => {
        onClose();
        returnFocusTo?.current?.focus();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close(); // the backdrop
      }}
    >
      <div className="newsletter-dialog__body">
        <button type="button" className="newsletter-dialog__close" onClick={() => dialog.current?.close()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          <span className="visually-hidden">{strings.close}</span>
        </button>
        <h2 id="newsletter-dialog-title">{strings.heading}</h2>
        <p>{strings.intro}</p>
        {/* Stays mounted while closed: an address typed before closing is still there on reopening. */}
        <NewsletterForm strings={strings} endpoint={endpoint} locale={locale} returnTo={returnTo} idPrefix="newsletter-dialog" />
      </div>
    </dialog>
  );
}
