/**
 * The tracking loader: a file of its own (bundled standalone, see build-settings.ts), added to the
 * page only once the visitor has allowed tracking (or targeting, to record campaign values). It
 * is never requested before a choice, and neither is anything it loads.
 *
 * With tracking allowed it writes the visitor id, then starts Partytown, served by the site, and
 * hands it the Google tag and the tag manager as `text/partytown` scripts: they run in a worker,
 * off the main thread. Consent Mode starts denied and is updated to the choice before any tag
 * runs, and again on every later choice made on this page (it follows the consent store, whichever
 * part of the page saved the choice).
 */
import { $consent, type PageConsent } from '../stores/consent';
import { campaignFromUrl, writeCampaignCookies } from './campaign';
import { consentModeState, type ConsentChoice } from './consent';
import { readSettings } from './settings';
import { loadsNothing, trackingPlan, workerBootstrap } from './tracking-plan';
import { ensureVisitorId } from './visitor';

declare global {
  interface Window {
    partytown?: { lib: string; forward: string[] };
    gtag?: (...args: unknown[]) => void;
  }
}

const settings = readSettings();
let started = false;

function addScript(attributes: { type?: string; src?: string; text?: string }) {
  const script = document.createElement('script');
  if (attributes.type) script.type = attributes.type;
  if (attributes.src) script.src = attributes.src;
  if (attributes.text) script.textContent = attributes.text;
  document.head.append(script);
  return script;
}

function startTracking(choice: ConsentChoice) {
  const visitorId = ensureVisitorId({
    domain: settings.cookieDomain,
    seconds: settings.visitorIdSeconds,
  });
  const plan = trackingPlan(settings.analytics);
  if (loadsNothing(plan)) return;
  // Without a service worker (some private windows) Partytown would run the tags in the page,
  // where the Content Security Policy refuses their inline setup (docs/security.md): skip them
  // rather than fill the console with refusals.
  if (!('serviceWorker' in navigator)) return;
  addScript({
    type: 'text/partytown',
    text: workerBootstrap(
      plan,
      { default: consentModeState(undefined), update: consentModeState(choice) },
      visitorId,
    ),
  });
  for (const src of plan.scripts) addScript({ type: 'text/partytown', src });
  window.partytown = { lib: settings.partytownLib, forward: ['dataLayer.push', 'gtag'] };
  // Partytown's own loader as a file, not inline code; `ptupdate` makes it pick up the scripts
  // above even if it has already looked for them.
  const partytown = addScript({ src: `${settings.partytownLib}partytown.js` });
  partytown.addEventListener('load', () => window.dispatchEvent(new CustomEvent('ptupdate')));
}

function applyConsent(state: PageConsent) {
  if (state.status !== 'chosen') return;
  if (state.choice.targeting)
    writeCampaignCookies(campaignFromUrl(location.href), {
      domain: settings.cookieDomain,
      days: settings.campaignDays,
    });
  if (!state.choice.tracking) return;
  if (!started) {
    started = true;
    startTracking(state.choice);
  } else {
    window.gtag?.('consent', 'update', consentModeState(state.choice));
  }
}

$consent.subscribe(applyConsent);
