/**
 * The visitor's consent, one store for the whole page: the cookie banner and the tracking loader
 * (plain TypeScript, `subscribe`) and the preferences island (`useStore`) read it, and a choice
 * saved by any of them reaches the others at once: the banner hides, the tracking starts or
 * learns of the change, the preferences' boxes show it.
 *
 * The cookies are the truth: the store is read from them, and read again after a choice is saved
 * (src/consent/save.ts). The banner and the tracking loader are bundled as files of their own
 * (src/consent/build-settings.ts), each with its own copy of this module; the store is kept on
 * `globalThis` under one key so that every copy on the page shares the same one.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { readCookies } from '../consent/browser-cookies';
import {
  readConsent,
  type ConsentChoice,
  type ConsentMethod,
  type ConsentState,
} from '../consent/consent';
import { saveConsent as save, settingsOf, type SaveResult } from '../consent/save';

/** `unknown` on the server, which renders no choice; the visitor's cookies in the browser. */
export type PageConsent = ConsentState | { status: 'unknown' };

const read = (): PageConsent =>
  typeof document === 'undefined'
    ? { status: 'unknown' }
    : readConsent(readCookies(), settingsOf().revision);

const PAGE_KEY = Symbol.for('pistelink.consent');
const page = globalThis as { [PAGE_KEY]?: WritableAtom<PageConsent> };
const store = (page[PAGE_KEY] ??= atom<PageConsent>(read()));

export const $consent: ReadableAtom<PageConsent> = store;

/** Records a choice (src/consent/save.ts), then reads the store back from the cookies. */
export function saveConsent(choice: ConsentChoice, method: ConsentMethod): SaveResult {
  const result = save(choice, method);
  store.set(read());
  return result;
}
