/**
 * What the browser code of consent needs from the build's configuration, serialized once per page
 * as JSON (`<script type="application/json" id="consent-settings">`, see ConsentHead.astro): the
 * head script, the islands and the tracking loader read the same values. It is data, not code,
 * so it needs no CSP hash, and the site's configuration module is never bundled for the browser.
 */
import type { CookieCatalogue } from './consent';

export const CONSENT_SETTINGS_ID = 'consent-settings';

export type ConsentSettings = Readonly<{
  /** config.consentRevision: a choice recorded under a lower one is asked again. */
  revision: number;
  /** config.cookieDomain; empty means the current host. */
  cookieDomain: string;
  /** facts.cookies.consentDays: lifetime of the consent cookies. */
  consentDays: number;
  /** facts.cookies.visitorIdSeconds: lifetime of `visitor_id`. */
  visitorIdSeconds: number;
  /** Lifetime of the campaign cookies, from the catalogue. */
  campaignDays: number;
  /** The banner's script (banner.ts), loaded only while a choice is pending. */
  banner: string;
  /** The bundled tracking loader (tracking-loader.ts), loaded only after consent. */
  loader: string;
  /**
   * Whether the configuration names any tag (an analytics id or a tag manager container). Without
   * one, tracking consent loads nothing: the loader only comes for campaign values (targeting).
   */
  tags: boolean;
  /** Where consent records are posted (config.formsEndpoint). */
  endpoint: string;
  /** Partytown's files, served by the site (src/integrations/consent.ts). */
  partytownLib: string;
  analytics: Readonly<{ gtmId: string; measurementIds: readonly string[] }>;
  /** Cookie names by category, from content/cookies.yaml: what a withdrawal deletes. */
  catalogue: CookieCatalogue;
}>;

/** The settings the page carries; throws when the page has none (a layout without ConsentHead). */
export function readSettings(doc: Document = document): ConsentSettings {
  const element = doc.getElementById(CONSENT_SETTINGS_ID);
  if (!element?.textContent) throw new Error(`#${CONSENT_SETTINGS_ID} is missing from the page`);
  return JSON.parse(element.textContent) as ConsentSettings;
}
