import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { campaignFromUrl, carryCampaign, hasCampaign } from '../../consent/campaign';
import { acceptAll, rejectAll, type ConsentChoice, type ConsentMethod } from '../../consent/consent';
import { saveConsent } from '../../stores/consent';

export type ConsentBannerStrings = {
  heading: string;
  text: string;
  acceptAll: string;
  rejectAll: string;
  preferences: string;
  learnMore: string;
  learnMoreHidden: string;
};

type Props = { strings: ConsentBannerStrings; preferencesHref: string; policyHref: string };

/**
 * The cookie banner (spec §4), at the bottom of every page until a choice is recorded. Its HTML is
 * in every page, shown by CSS only while `<html data-consent="pending">`; this island hydrates only
 * then (`client:consent`). Accept and reject are buttons of the same size and style; preferences
 * and the policy are plain links, so they work before hydration too.
 *
 * While the choice is pending it also carries the landing address's campaign values to the next
 * page of the site (campaign.ts explains why not in storage).
 */
export default function ConsentBanner({ strings, preferencesHref, policyHref }: Props) {
  const root = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);

  // Reserve exactly the banner's height at the bottom of the page, so that it never covers the end
  // of the page (CSS reserves an estimate until this runs).
  useEffect(() => {
    const banner = root.current;
    if (!banner) return;
    const html = document.documentElement;
    const observer = new ResizeObserver(() => html.style.setProperty('--consent-banner-space', `${banner.offsetHeight}px`));
    observer.observe(banner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const campaign = campaignFromUrl(location.href);
    if (!hasCampaign(campaign)) return;
    const carry = (event: Event) => {
      if (document.documentElement.dataset.consent !== 'pending') return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const href = carryCampaign(link.getAttribute('href') ?? '', location.href, campaign);
      if (href) link.href = href;
    };
    // Before the browser follows the link (click, middle click, keyboard), whichever comes first.
    for (const type of ['pointerdown', 'click', 'auxclick', 'keydown'] as const) document.addEventListener(type, carry, true);
    return () => {
      for (const type of ['pointerdown', 'click', 'auxclick', 'keydown'] as const) document.removeEventListener(type, carry, true);
    };
  }, []);

  const choose = (choice: ConsentChoice, method: ConsentMethod) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setBusy(true);
    // The banner hides at once; keyboard focus carries on from where it was, before the header.
    saveConsent(choice, method);
  };

  return (
    <section ref={root} className="consent-banner" aria-labelledby="consent-banner-heading" data-consent-banner="">
      <div className="consent-banner__inner container">
        <div className="consent-banner__text">
          <h2 id="consent-banner-heading">{strings.heading}</h2>
          <p>{strings.text}</p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="button button--brand" onClick={choose(acceptAll, 'accept-all')} disabled={busy}>
            {strings.acceptAll}
          </button>
          <button type="button" className="button button--brand" onClick={choose(rejectAll, 'reject-all')} disabled={busy}>
            {strings.rejectAll}
          </button>
          <a className="button button--ghost" href={preferencesHref}>
            {strings.preferences}
          </a>
          <a className="consent-banner__policy" href={policyHref}>
            {strings.learnMore}
            <span className="visually-hidden"> {strings.learnMoreHidden}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
