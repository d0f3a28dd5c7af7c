/**
 * A cookie's lifetime as the cookie catalogue (`content/cookies.yaml`) writes it, and in words for
 * the cookies policy: "93 days", "93 jours", "1 año", "session".
 *
 * Editors write `session`, `30 days`, `13 months`, `24 hours`, or a site fact followed by its unit
 * (`{{cookies.consentDays}} days`, `{{cookies.visitorIdSeconds}} seconds`) so that the policy
 * always states the lifetime the consent code really sets. Intl writes the words in every locale.
 */
import { intlLocale } from '../i18n/format';
import { factAt, facts } from '../site-facts';

export const lifetimeUnits = ['second', 'minute', 'hour', 'day', 'month', 'year'] as const;
export type LifetimeUnit = (typeof lifetimeUnits)[number];
export type Lifetime = { session: true } | { session: false; amount: number; unit: LifetimeUnit };

const LIFETIME = /^(\d+)\s+(second|minute|hour|day|month|year)s?$/;
const FACT = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Reads `session`, `93 days` or `{{cookies.consentDays}} days`. Throws a message naming what is
 * wrong; the content schema shows it with the cookie's entry.
 */
export function parseLifetime(text: string, source: unknown = facts): Lifetime {
  const filled = text.trim().replace(FACT, (_, path: string) => {
    const value = factAt(path, source);
    if (typeof value !== 'number')
      throw new Error(`{{${path}}} is not a number in content/site-facts.json`);
    return String(value);
  });
  if (filled === 'session') return { session: true };
  const match = LIFETIME.exec(filled);
  if (!match)
    throw new Error(
      `"${text}" is not a lifetime: write "session" or a number and a unit, e.g. "30 days"`,
    );
  return simplify(Number(match[1]), match[2] as LifetimeUnit);
}

// Seconds are how browsers count (max-age); people read "1 year", not "31,536,000 seconds".
const SECONDS_IN: [LifetimeUnit, number][] = [
  ['year', 365 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

function simplify(amount: number, unit: LifetimeUnit): Lifetime {
  if (unit === 'second' && amount > 0) {
    const [larger, size] = SECONDS_IN.find(([, size]) => amount % size === 0) ?? ['second', 1];
    return { session: false, amount: amount / size, unit: larger };
  }
  return { session: false, amount, unit };
}

/** "93 days" / "93 jours" / "1 año"; `sessionWord` is the locale's word for a session cookie. */
export function lifetimeInWords(lifetime: Lifetime, locale: string, sessionWord: string): string {
  if (lifetime.session) return sessionWord;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: lifetime.unit,
    unitDisplay: 'long',
  }).format(lifetime.amount);
}
