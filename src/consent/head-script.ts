/**
 * The only inline script of consent, in every page's <head> before anything renders. It decides,
 * from the cookies, before the first paint:
 * - no valid choice (none, or one made under an older revision): `<html data-consent="pending">`,
 *   which CSS turns into the banner being shown (and the space it needs reserved); it adds the
 *   banner's script, a separate file. No flash for returning visitors.
 * - a choice allowing tracking, when the build has tags to load (`settings.tags`), or targeting
 *   on an address with campaign values: adds the tracking loader, a separate file. Otherwise
 *   nothing is downloaded.
 *
 * The text is the same on every page and for every visitor (the per-build values are read from the
 * settings JSON), so a Content Security Policy can allow it by one hash. It mirrors
 * `readConsent` in consent.ts; a unit test runs both over the same cookies.
 */
import { consentCookie } from './consent';
import { CONSENT_SETTINGS_ID } from './settings';

const name = (cookie: string) => JSON.stringify(cookie);

export const consentHeadScript = `(function () {
  var d = document, html = d.documentElement;
  var settings = JSON.parse(d.getElementById(${name(CONSENT_SETTINGS_ID)}).textContent);
  var cookie = function (n) { var m = d.cookie.match(new RegExp('(?:^|; )' + n + '=([^;]*)')); return m ? m[1] : ''; };
  var load = function (src) { var s = d.createElement('script'); s.type = 'module'; s.src = src; d.head.appendChild(s); };
  if (cookie(${name(consentCookie.accepted)}) !== 'true' || !(Number(cookie(${name(consentCookie.revision)})) >= settings.revision)) {
    html.dataset.consent = 'pending';
    load(settings.banner);
    return;
  }
  html.dataset.consent = 'given';
  var campaign = /[?&]utm_(source|medium|campaign)=/.test(location.search);
  var tracking = settings.tags && cookie(${name(consentCookie.tracking)}) === 'true';
  if (tracking || (campaign && cookie(${name(consentCookie.targeting)}) === 'true')) load(settings.loader);
})();`;
