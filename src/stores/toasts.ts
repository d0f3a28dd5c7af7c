/**
 * The page's toasts waiting to be shown: `notify()` (src/toasts/notify.ts) adds to it, whichever
 * island or script asks, and the page's one toaster (src/toasts/toaster.tsx) shows and takes them
 * as soon as it listens. A toast asked for while the toaster is still loading waits here.
 */
import { atom } from 'nanostores';
import type { ToastMessage } from '../toasts/notify';

export const $toasts = atom<readonly ToastMessage[]>([]);

export function addToast(message: ToastMessage) {
  $toasts.set([...$toasts.get(), message]);
}

/** The toasts waiting, now handed to the toaster. */
export function takeToasts(): readonly ToastMessage[] {
  const waiting = $toasts.get();
  if (waiting.length > 0) $toasts.set([]);
  return waiting;
}
