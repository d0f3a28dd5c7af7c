/**
 * Campaign values (utm_source, utm_medium, utm_campaign) from the address the visitor landed on.
 *
 * They are targeting data, so nothing about them is stored on the visitor's device before
 * targeting is allowed: not a cookie, and not sessionStorage either, which the ePrivacy rule
 * (Art. 5(3), as the EDPB's guidelines 2/2023 read it) covers just as much. Instead, while the
 * choice is pending, the banner carries them in the address of the next page of the site the
 * visitor opens (they were in the address already; nothing new is added). When targeting is
 * allowed, on that page or a later one, the values in the address become the three cookies.
 */
import { deleteCookies, writeCookie } from './browser-cookies';

export const campaignParameters = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type Campaign = Partial<Record<(typeof campaignParameters)[number], string>>;

/** Longest value kept: a campaign name, not a document. */
const MAX_LENGTH = 200;

export function campaignFromUrl(url: URL | string): Campaign {
  const params = new URL(url).searchParams;
  const campaign: Campaign = {};
  for (const name of campaignParameters) {
    const value = params.get(name)?.trim();
    if (value) campaign[name] = value.slice(0, MAX_LENGTH);
  }
  return campaign;
}

export const hasCampaign = (campaign: Campaign) => Object.keys(campaign).length > 0;

/**
 * The link's address carrying the campaign, when it leads to another page of this site that does
 * not already carry campaign values of its own; otherwise null (leave the link alone).
 */
export function carryCampaign(href: string, base: string, campaign: Campaign): string | null {
  if (!hasCampaign(campaign)) return null;
  let target: URL;
  try {
    target = new URL(href, base);
  } catch {
    return null;
  }
  const here = new URL(base);
  if (target.origin !== here.origin || !/^https?:$/.test(target.protocol)) return null;
  if (target.pathname.startsWith('/api/')) return null;
  if (campaignParameters.some((name) => target.searchParams.has(name))) return null;
  // An in-page anchor (#main) stays an anchor.
  if (target.pathname === here.pathname && target.search === here.search && target.hash)
    return null;
  for (const [name, value] of Object.entries(campaign)) target.searchParams.set(name, value);
  return target.href;
}

/**
 * Writes the campaign cookies (targeting allowed). A new campaign replaces the old one whole: a
 * value it does not carry is deleted rather than left over from another campaign.
 */
export function writeCampaignCookies(
  campaign: Campaign,
  { domain, days }: { domain: string; days: number },
) {
  if (!hasCampaign(campaign)) return;
  for (const name of campaignParameters) {
    const value = campaign[name];
    if (value) writeCookie(name, value, { domain, days });
    else deleteCookies([name], domain);
  }
}
