/**
 * The consent settings every page carries (src/consent/settings.ts), built from the configuration,
 * the site facts and the cookie catalogue (content/cookies.yaml) at build time.
 */
import { getCollection } from 'astro:content';
import { config } from '../config';
import { categories, type Category, type CookieCatalogue } from './consent';
import { campaignParameters } from './campaign';
import type { ConsentSettings } from './settings';
import { facts } from '../site-facts';
import { PARTYTOWN_LIB } from '../integrations/consent';
import { loadsNothing, trackingPlan } from './tracking-plan';
// Each bundled on its own (one standalone file with a hashed name) and requested by the head
// script only when needed: the banner's script while a choice is pending, the tracking loader
// after consent. Vite's worker build is the way to get such a file and its URL from one import.
import bannerUrl from './banner.ts?worker&url';
import trackingLoaderUrl from './tracking-loader.ts?worker&url';

const DAY = 86_400;
const UNIT_SECONDS = {
  second: 1,
  minute: 60,
  hour: 3_600,
  day: DAY,
  month: 30 * DAY,
  year: 365 * DAY,
} as const;

let built: ConsentSettings | undefined;

export async function consentSettings(): Promise<ConsentSettings> {
  if (built) return built;
  const cookies = await getCollection('cookies');
  const catalogue = Object.fromEntries(categories.map((c) => [c, [] as string[]])) as Record<
    Category,
    string[]
  >;
  for (const { data } of cookies) catalogue[data.category].push(data.name);

  // The campaign cookies live as long as the catalogue says (the policy states the same).
  const campaign = cookies.find((c) => c.data.name === campaignParameters[0]);
  if (!campaign) throw new Error(`content/cookies.yaml must list ${campaignParameters[0]}`);
  const lifetime = campaign.data.lifetime; // already parsed by the collection's schema
  if (lifetime.session)
    throw new Error(`${campaignParameters[0]} must have a lifetime in content/cookies.yaml`);

  built = {
    revision: config.consentRevision,
    cookieDomain: config.cookieDomain,
    consentDays: facts.cookies.consentDays,
    visitorIdSeconds: facts.cookies.visitorIdSeconds,
    campaignDays: Math.round((lifetime.amount * UNIT_SECONDS[lifetime.unit]) / DAY),
    banner: bannerUrl,
    loader: trackingLoaderUrl,
    tags: !loadsNothing(trackingPlan(config.analytics)),
    endpoint: config.formsEndpoint,
    partytownLib: PARTYTOWN_LIB,
    analytics: config.analytics,
    catalogue: catalogue satisfies CookieCatalogue,
  };
  return built;
}
