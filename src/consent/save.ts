/**
 * Recording a choice: writes the consent cookies, deletes the cookies of any category withdrawn,
 * writes the visitor id and campaign cookies where now allowed, stores a consent record with the
 * receiver, marks the page as no longer pending (the banner hides), then starts the tracking
 * loader or tells it about the change. Plain TypeScript, so the banner's script carries no store;
 * the preferences island refreshes `$consent` (src/stores/consent.ts) after it.
 */
import { v4 as uuid } from 'uuid';
import { deleteCookies, readCookies, writeCookie } from './browser-cookies';
import { campaignFromUrl, writeCampaignCookies, type Campaign } from './campaign';
import {
  consentCookieValues,
  cookiesToClear,
  optionalCategories,
  readConsent,
  withdrawnCategories,
  type ConsentChoice,
  type ConsentMethod,
} from './consent';
import { sendConsentRecord } from './record';
import { readSettings, type ConsentSettings } from './settings';
import { CONSENT_CHANGE_EVENT } from './tracking-events';
import { ensureVisitorId } from './visitor';

let settings: ConsentSettings | undefined;
export const settingsOf = () => (settings ??= readSettings());

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
export function saveConsent(
  choice: ConsentChoice,
  method: ConsentMethod,
  campaign: Campaign = campaignFromUrl(location.href),
): SaveResult {
  const s = settingsOf();
  const before = readConsent(readCookies(), s.revision);
  const id = uuid();

  for (const [name, value] of Object.entries(consentCookieValues(choice, s.revision, id))) {
    writeCookie(name, value, { domain: s.cookieDomain, days: s.consentDays });
  }
  // Refused categories lose their cookies, whether they were allowed before or set by mistake.
  const refused = optionalCategories.filter((category) => !choice[category]);
  deleteCookies(cookiesToClear(refused, s.catalogue, Object.keys(readCookies())), s.cookieDomain);

  const visitorId = choice.tracking
    ? ensureVisitorId({ domain: s.cookieDomain, seconds: s.visitorIdSeconds })
    : undefined;
  if (choice.targeting)
    writeCampaignCookies(campaign, { domain: s.cookieDomain, days: s.campaignDays });

  document.documentElement.dataset.consent = 'given';
  sendConsentRecord(s.endpoint, {
    id,
    choice,
    revision: s.revision,
    method,
    visitorId,
    locale: document.documentElement.lang.slice(0, 2),
  });

  const withdrawn = withdrawnCategories(before, choice);
  // The visitor id and the campaign cookies are written above: the loader is needed only for
  // the tags (none configured, none loaded), or to tell a loader already running of the change.
  if (choice.tracking || choice.targeting) startLoader(s, choice.tracking && s.tags);
  return { withdrawn, reloadNeeded: withdrawn.includes('tracking') };
}

/** Adds the tracking loader once (when `needed`); if it is already there, tells it a choice was made. */
function startLoader(s: ConsentSettings, needed: boolean) {
  const present = [...document.scripts].some(
    (script) =>
      script.src &&
      new URL(script.src, location.href).pathname === new URL(s.loader, location.href).pathname,
  );
  if (present) {
    window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
    return;
  }
  if (!needed) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = s.loader;
  document.head.append(script);
}
