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

// Written short, as a minifier would: it is in every page's first response (docs/performance.md).
// d: the document, h: <html>, s: the settings, c(name): a cookie's value, l(src): loads a module.
export const consentHeadScript =
  '(function(){var d=document,h=d.documentElement,' +
  `s=JSON.parse(d.getElementById(${name(CONSENT_SETTINGS_ID)}).textContent),` +
  "c=function(n){var m=d.cookie.match(new RegExp('(?:^|; )'+n+'=([^;]*)'));return m?m[1]:''}," +
  "l=function(u){var e=d.createElement('script');e.type='module';e.src=u;d.head.appendChild(e)};" +
  `if(c(${name(consentCookie.accepted)})!=='true'||!(Number(c(${name(consentCookie.revision)}))>=s.revision)){` +
  "h.dataset.consent='pending';l(s.banner);return}" +
  "h.dataset.consent='given';" +
  'var g=/[?&]utm_(source|medium|campaign)=/.test(location.search);' +
  `if(s.tags&&c(${name(consentCookie.tracking)})==='true'||g&&c(${name(consentCookie.targeting)})==='true')l(s.loader)` +
  '})();';
