/**
 * Toasts (spec §4): info by default, error, success or warning; they close by themselves after
 * 5000 ms and can be swiped away. One toaster serves the whole page, whichever island or script
 * asks: this module is the only way in, and it mounts sonner's `<Toaster>` the first time a toast
 * is asked for. A page that never shows a toast never downloads sonner, and no page needs a
 * toaster island of its own.
 *
 *   notify({ kind: 'error', title: strings.error, description: message }, strings.toaster);
 *
 * The toasts wait in a store (src/stores/toasts.ts) until the toaster listens: none is lost while
 * it loads. Texts come translated from the caller (islands get them as props; there is no i18n runtime in
 * the browser), the toaster's own labels with them.
 */
import { addToast } from '../stores/toasts';

export type ToastKind = 'info' | 'error' | 'success' | 'warning';

export type ToastMessage = {
  /** Default `info`. */
  kind?: ToastKind;
  title: string;
  description?: string | undefined;
};

/** The toaster's own texts, in the visitor's language. */
export type ToasterLabels = {
  /** Names the notifications region for assistive technology. */
  region: string;
  /** The label of each toast's close button. */
  close: string;
};

export const TOAST_DURATION_MS = 5000;

let toaster: Promise<void> | undefined;

/** Shows a toast, mounting the page's one toaster first if need be (with the first caller's labels). */
export async function notify(message: ToastMessage, labels: ToasterLabels): Promise<void> {
  addToast(message);
  toaster ??= import('./toaster').then(({ mountToaster }) => mountToaster(labels));
  await toaster;
}
