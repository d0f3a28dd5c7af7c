/**
 * What the cookie banner does (spec §4), in plain TypeScript: its HTML is server-rendered in every
 * page (src/components/consent/CookieBanner.astro), and this module is fetched only while the
 * choice is pending. A banner is two buttons: it is not worth React's 65 KB on a first visit.
 *
 * - Accept all / Reject non-essential record the choice. Once a choice is saved, here or in the
 *   preferences form, the consent store says so and the banner hides at once (keyboard focus
 *   carries on from where it was).
 * - The page reserves exactly the banner's height at the bottom, so it never covers the footer,
 *   and scrolls a focused element above it (scroll padding; CSS reserves an estimate until this
 *   runs), text fields included.
 * - While the choice is pending, a link followed on the site carries the landing address's
 *   campaign values to the next page (campaign.ts explains why not in storage).
 */
import { $consent, saveConsent } from '../stores/consent';
import { campaignFromUrl, carryCampaign, hasCampaign } from './campaign';
import { acceptAll, rejectAll, type ConsentChoice, type ConsentMethod } from './consent';

const choices: Record<string, [ConsentChoice, ConsentMethod]> = {
  'accept-all': [acceptAll, 'accept-all'],
  'reject-all': [rejectAll, 'reject-all'],
};

function reserveHeight(banner: HTMLElement) {
  // On <body> and <html> themselves, not as a custom property on <html>: that one would be
  // inherited by every element and restyle the whole page each time. The root's scroll padding keeps
  // a focused element above the banner. Once the banner hides (height 0), CSS rules again.
  new ResizeObserver(() => {
    const height = banner.offsetHeight ? `${banner.offsetHeight}px` : '';
    document.body.style.paddingBottom = height;
    document.documentElement.style.scrollPaddingBottom = height;
  }).observe(banner);
}

/**
 * Keyboard focus never stays under the banner (WCAG 2.2, 2.4.11). The root's scroll padding makes
 * the browser scroll most focused elements above it, but a text field is only scrolled as far as
 * its caret: one whose first line shows stays half under the banner. After the browser's own
 * scroll, whatever is still under it is scrolled into the room above (the same scroll padding).
 */
function keepFocusAboveBanner(banner: HTMLElement) {
  document.addEventListener('focusin', (event) => {
    const focused = event.target;
    if (!(focused instanceof Element) || banner.contains(focused)) return;
    requestAnimationFrame(() => {
      const bannerTop = banner.getBoundingClientRect().top;
      if (banner.offsetHeight && focused.getBoundingClientRect().bottom > bannerTop)
        focused.scrollIntoView({ block: 'nearest' });
    });
  });
}

function listenForChoice(banner: HTMLElement) {
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(
      'button[data-consent-choice]',
    );
    const choice = button && choices[button.dataset.consentChoice ?? ''];
    if (!choice) return;
    event.preventDefault();
    for (const other of banner.querySelectorAll('button')) other.disabled = true;
    saveConsent(...choice);
  });
}

function carryCampaignWhilePending() {
  const campaign = campaignFromUrl(location.href);
  if (!hasCampaign(campaign)) return;
  const carry = (event: Event) => {
    if ($consent.get().status !== 'pending') return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const href = carryCampaign(link.getAttribute('href') ?? '', location.href, campaign);
    if (href) link.href = href;
  };
  // Before the browser follows the link (click, middle click, keyboard), whichever comes first.
  for (const type of ['pointerdown', 'click', 'auxclick', 'keydown'] as const)
    document.addEventListener(type, carry, true);
}

/** A choice saved anywhere on the page: no longer pending, so CSS hides the banner. */
function hideOnceChosen() {
  $consent.subscribe((state) => {
    if (state.status === 'chosen') document.documentElement.dataset.consent = 'given';
  });
}

const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
if (banner) {
  reserveHeight(banner);
  keepFocusAboveBanner(banner);
  listenForChoice(banner);
  carryCampaignWhilePending();
  banner.dataset.ready = '';
}
hideOnceChosen();
