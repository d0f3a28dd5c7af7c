/**
 * What the tracking loader loads for the configured ids: the tag manager container and the Google
 * tag with each analytics configuration. Pure, so that "no id configured → nothing is requested"
 * is a unit test. Every script runs in Partytown's worker (`type="text/partytown"`).
 */
export type AnalyticsIds = Readonly<{ gtmId: string; measurementIds: readonly string[] }>;

export type TrackingPlan = Readonly<{
  /** Third-party scripts, in the order they are added. Empty: load nothing, not even Partytown. */
  scripts: readonly string[];
  /** The analytics configurations (`gtag('config', id)`). */
  measurementIds: readonly string[];
  /** Whether the tag manager's `gtm.js` event is pushed. */
  tagManager: boolean;
}>;

const GTM = 'https://www.googletagmanager.com';

export function trackingPlan({ gtmId, measurementIds }: AnalyticsIds): TrackingPlan {
  const ids = measurementIds.map((id) => id.trim()).filter(Boolean);
  const gtm = gtmId.trim();
  const scripts: string[] = [];
  // One copy of the Google tag serves every configuration; it is named after the first.
  if (ids.length > 0) scripts.push(`${GTM}/gtag/js?id=${encodeURIComponent(ids[0]!)}`);
  if (gtm) scripts.push(`${GTM}/gtm.js?id=${encodeURIComponent(gtm)}`);
  return { scripts, measurementIds: ids, tagManager: gtm !== '' };
}

/** Nothing to load: the loader then requests nothing third-party at all. */
export const loadsNothing = (plan: TrackingPlan) => plan.scripts.length === 0;

/**
 * The code Partytown runs in its worker before the tags: the data layer, Consent Mode's default
 * (everything denied) then the visitor's choice, the configurations without their automatic page
 * view, and one page view. Built as text because Partytown executes `text/partytown` scripts in
 * the worker; the values are JSON, so nothing from the page can break out of them.
 */
export function workerBootstrap(
  plan: TrackingPlan,
  consent: { default: object; update: object },
  visitorId: string | undefined,
): string {
  const lines = [
    'window.dataLayer = window.dataLayer || [];',
    'window.gtag = function () { window.dataLayer.push(arguments); };',
    `gtag('consent', 'default', ${JSON.stringify(consent.default)});`,
    `gtag('consent', 'update', ${JSON.stringify(consent.update)});`,
    "gtag('js', new Date());",
  ];
  if (visitorId)
    lines.push(`gtag('set', 'user_properties', ${JSON.stringify({ visitor_id: visitorId })});`);
  for (const id of plan.measurementIds)
    lines.push(`gtag('config', ${JSON.stringify(id)}, { send_page_view: false });`);
  if (plan.measurementIds.length > 0)
    lines.push(
      "gtag('event', 'page_view', { page_location: location.href, page_title: document.title });",
    );
  if (plan.tagManager)
    lines.push("window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });");
  return lines.join('\n');
}
