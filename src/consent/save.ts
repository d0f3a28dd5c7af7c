/**
 * Recording a choice: writes the consent cookies, deletes the cookies of any category withdrawn,
 * writes the visitor id and campaign cookies where now allowed, stores a consent record with the
 * receiver, then adds the tracking loader if it is needed and not there yet. Called through the
 * consent store (src/stores/consent.ts), which then tells the page: the banner hides, a tracking
 * loader already running applies the change.
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
  // the tags (none configured, none loaded). One already running follows the consent store.
  if (choice.tracking && s.tags) startLoader(s);
  return { withdrawn, reloadNeeded: withdrawn.includes('tracking') };
}

/** Adds the tracking loader, once. */
function startLoader(s: ConsentSettings) {
  const present = [...document.scripts].some(
    (script) =>
      script.src &&
      new URL(script.src, location.href).pathname === new URL(s.loader, location.href).pathname,
  );
  if (present) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = s.loader;
  document.head.append(script);
}
