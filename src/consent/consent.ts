/**
 * The consent rules, as plain functions of cookie values: which categories exist, what a choice
 * writes, when a recorded choice still counts (revision), what Google Consent Mode is told and
 * which cookies a withdrawal deletes. No DOM and no Node: the islands, the tracking loader, the
 * head script and the unit tests share it. The cookies are the truth; this module only reads and
 * describes them (browser-cookies.ts writes them).
 */

/** Spec §3: necessary, functionality, tracking (analytics and performance), targeting (marketing). */
export const categories = ['necessary', 'functionality', 'tracking', 'targeting'] as const;
export type Category = (typeof categories)[number];
/** The categories a visitor may refuse; necessary is always on. */
export const optionalCategories = ['functionality', 'tracking', 'targeting'] as const;
export type OptionalCategory = (typeof optionalCategories)[number];

export type ConsentChoice = Readonly<Record<OptionalCategory, boolean>>;

/**
 * The consent cookies (all necessary, listed in content/cookies.yaml). The five of the spec hold
 * "true" or "false"; `consent_revision` says under which revision the choice was made and
 * `consent_id` names the consent record the receiver stored for it.
 */
export const consentCookie = {
  accepted: 'consent_accepted',
  necessary: 'consent_necessary',
  functionality: 'consent_functionality',
  tracking: 'consent_tracking',
  targeting: 'consent_targeting',
  revision: 'consent_revision',
  id: 'consent_id',
} as const;

export const acceptAll: ConsentChoice = { functionality: true, tracking: true, targeting: true };
export const rejectAll: ConsentChoice = { functionality: false, tracking: false, targeting: false };

/** How the visitor chose, kept in the consent record. */
export const consentMethods = ['accept-all', 'reject-all', 'preferences'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

export type ConsentState =
  | { status: 'pending' }
  | { status: 'chosen'; choice: ConsentChoice; revision: number; id: string | undefined };

type CookieJar = Readonly<Record<string, string | undefined>>;

/**
 * The visitor's choice as the cookies record it, or pending when there is none, when it was made
 * under an older revision than `revision` (raising the revision asks everyone again), or when
 * the cookies are not ours to trust (anything but "true" counts as a refusal).
 */
export function readConsent(cookies: CookieJar, revision: number): ConsentState {
  if (cookies[consentCookie.accepted] !== 'true') return { status: 'pending' };
  const recorded = Number(cookies[consentCookie.revision]);
  // NaN (no revision cookie) fails the comparison too: the head script tests the same way.
  if (!(recorded >= revision)) return { status: 'pending' };
  const allowed = (category: OptionalCategory) => cookies[consentCookie[category]] === 'true';
  return {
    status: 'chosen',
    choice: {
      functionality: allowed('functionality'),
      tracking: allowed('tracking'),
      targeting: allowed('targeting'),
    },
    revision: recorded,
    id: cookies[consentCookie.id] || undefined,
  };
}

/** Whether a category is allowed in a state; necessary always is, nothing else before a choice. */
export function allows(state: ConsentState, category: Category): boolean {
  if (category === 'necessary') return true;
  return state.status === 'chosen' && state.choice[category];
}

/** The consent cookies a choice writes, name → value. */
export function consentCookieValues(
  choice: ConsentChoice,
  revision: number,
  id: string,
): Record<string, string> {
  return {
    [consentCookie.accepted]: 'true',
    [consentCookie.necessary]: 'true',
    [consentCookie.functionality]: String(choice.functionality),
    [consentCookie.tracking]: String(choice.tracking),
    [consentCookie.targeting]: String(choice.targeting),
    [consentCookie.revision]: String(revision),
    [consentCookie.id]: id,
  };
}

/** The categories allowed before and refused now: their cookies must go and their scripts stop. */
export function withdrawnCategories(
  before: ConsentState,
  choice: ConsentChoice,
): OptionalCategory[] {
  return optionalCategories.filter((category) => allows(before, category) && !choice[category]);
}

/** Which cookie names belong to each category: content/cookies.yaml, `*` standing for any end. */
export type CookieCatalogue = Readonly<Record<Category, readonly string[]>>;

/** `_ga_*` matches `_ga_ABC123`; a name without `*` matches only itself. */
export function matchesCookieName(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

/**
 * The cookies to delete when `refused` categories are withdrawn (or refused from the start):
 * those present whose name matches the catalogue of a refused category. Necessary cookies never.
 */
export function cookiesToClear(
  refused: readonly OptionalCategory[],
  catalogue: CookieCatalogue,
  present: readonly string[],
): string[] {
  const patterns = refused.flatMap((category) => catalogue[category]);
  return present.filter((name) => patterns.some((pattern) => matchesCookieName(pattern, name)));
}

/**
 * The domains a cookie of ours or of Google's may have been written for: the host itself (no
 * Domain attribute), each parent of the host (Google Analytics writes `_ga` on the highest one
 * it can, e.g. `example.com` from `www.example.com`) and the configured cookie domain.
 * `undefined` stands for "no Domain attribute". A browser ignores a deletion for a public suffix.
 */
export function cookieDomains(hostname: string, configured: string): (string | undefined)[] {
  const domains: (string | undefined)[] = [undefined];
  const labels = hostname.split('.');
  // An IP address or a single label (localhost) has no parent domain.
  if (labels.length > 1 && !/^[\d.]+$/.test(hostname) && !hostname.includes(':')) {
    for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  }
  const own = configured.replace(/^\./, '');
  if (own && !domains.includes(own)) domains.push(own);
  return domains;
}

/** Google Consent Mode v2 signals. */
export type ConsentModeState = Readonly<{
  ad_storage: 'granted' | 'denied';
  ad_user_data: 'granted' | 'denied';
  ad_personalization: 'granted' | 'denied';
  analytics_storage: 'granted' | 'denied';
  functionality_storage: 'granted' | 'denied';
  personalization_storage: 'granted' | 'denied';
  security_storage: 'granted' | 'denied';
}>;

const signal = (allowed: boolean) => (allowed ? 'granted' : 'denied');

/**
 * What Consent Mode is told for a choice: analytics follows tracking, the three advertising
 * signals follow targeting, functionality and personalisation follow functionality. Security
 * storage (fraud prevention) is necessary. With no choice, everything optional is denied: the
 * `default` every tag sees before anything else.
 */
export function consentModeState(choice: ConsentChoice | undefined): ConsentModeState {
  const c = choice ?? rejectAll;
  return {
    ad_storage: signal(c.targeting),
    ad_user_data: signal(c.targeting),
    ad_personalization: signal(c.targeting),
    analytics_storage: signal(c.tracking),
    functionality_storage: signal(c.functionality),
    personalization_storage: signal(c.functionality),
    security_storage: 'granted',
  };
}
