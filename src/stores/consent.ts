/**
 * The visitor's consent, shared by the islands (the preferences form). The cookies are the truth:
 * the store is read from them, and after a choice is saved (src/consent/save.ts) it is read from
 * them again.
 */
import { atom, onMount } from 'nanostores';
import { readCookies } from '../consent/browser-cookies';
import {
  readConsent,
  type ConsentChoice,
  type ConsentMethod,
  type ConsentState,
} from '../consent/consent';
import { saveConsent as save, settingsOf, type SaveResult } from '../consent/save';

/** `unknown` until read in the browser (the server renders no choice). */
export const $consent = atom<ConsentState | { status: 'unknown' }>({ status: 'unknown' });

export function refreshConsent() {
  $consent.set(readConsent(readCookies(), settingsOf().revision));
}

onMount($consent, () => {
  refreshConsent();
});

/** Records a choice (src/consent/save.ts) and reads the store back from the cookies. */
export function saveConsent(choice: ConsentChoice, method: ConsentMethod): SaveResult {
  const result = save(choice, method);
  refreshConsent();
  return result;
}
