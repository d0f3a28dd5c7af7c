/**
 * The visitor's consent, shared by the islands (banner, preferences form). The cookies are the
 * truth: the store is read from them, and after a choice is written it is read from them again.
 *
 * A choice: writes the consent cookies, deletes the cookies of any category withdrawn, writes the
 * visitor id and campaign cookies where now allowed, stores a consent record with the receiver,
 * marks the page as no longer pending (the banner hides), then starts the tracking loader or
 * tells it about the change.
 */
import { atom, onMount } from 'nanostores';
import { v4 as uuid } from 'uuid';
import { deleteCookies, readCookies, writeCookie } from '../consent/browser-cookies';
import { campaignFromUrl, writeCampaignCookies, type Campaign } from '../consent/campaign';
import {
  consentCookieValues,
  cookiesToClear,
  optionalCategories,
  readConsent,
  withdrawnCategories,
  type ConsentChoice,
  type ConsentMethod,
  type ConsentState,
} from '../consent/consent';
import { sendConsentRecord } from '../consent/record';
import { readSettings, type ConsentSettings } from '../consent/settings';
import { CONSENT_CHANGE_EVENT } from '../consent/tracking-events';
import { ensureVisitorId } from '../consent/visitor';

/** `unknown` until read in the browser (the server renders no choice). */
export const $consent = atom<ConsentState | { status: 'unknown' }>({ status: 'unknown' });

let settings: ConsentSettings | undefined;
const settingsOf = () => (settings ??= readSettings());

export function refreshConsent() {
  $consent.set(readConsent(readCookies(), settingsOf().revision));
}

onMount($consent, () => {
  refreshConsent();
});

export type SaveResult = {
  /** Categories allowed before and refused now. */
  withdrawn: (typeof optionalCategories)[number][];
  /** Tracking was withdrawn: its scripts keep running in this page until it is reloaded. */
  reloadNeeded: boolean;
};

/**
 * Records a choice. `campaign` is what the landing address carried, if the visitor is still on a
 * page whose address has it (see campaign.ts).
 */
export function saveConsent(choice: ConsentChoice, method: ConsentMethod, campaign: Campaign = campaignFromUrl(location.href)): SaveResult {
  const s = settingsOf();
  const before = readConsent(readCookies(), s.revision);
  const id = uuid();

  for (const [name, value] of Object.entries(consentCookieValues(choice, s.revision, id))) {
    writeCookie(name, value, { domain: s.cookieDomain, days: s.consentDays });
  }
  // Refused categories lose their cookies, whether they were allowed before or set by mistake.
  const refused = optionalCategories.filter((category) => !choice[category]);
  deleteCookies(cookiesToClear(refused, s.catalogue, Object.keys(readCookies())), s.cookieDomain);

  const visitorId = choice.tracking ? ensureVisitorId({ domain: s.cookieDomain, seconds: s.visitorIdSeconds }) : undefined;
  if (choice.targeting) writeCampaignCookies(campaign, { domain: s.cookieDomain, days: s.campaignDays });

  refreshConsent();
  document.documentElement.dataset.consent = 'given';
  sendConsentRecord(s.endpoint, { id, choice, revision: s.revision, method, visitorId, locale: document.documentElement.lang.slice(0, 2) });

  const withdrawn = withdrawnCategories(before, choice);
  if (choice.tracking || choice.targeting) startLoader(s);
  return { withdrawn, reloadNeeded: withdrawn.includes('tracking') };
}

/** Adds the tracking loader once; if it is already there, tells it a choice was made. */
function startLoader(s: ConsentSettings) {
  const present = [...document.scripts].some((script) => script.src && new URL(script.src, location.href).pathname === new URL(s.loader, location.href).pathname);
  if (present) {
    window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
    return;
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = s.loader;
  document.head.append(script);
}
