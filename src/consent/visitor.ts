/**
 * The visitor id (spec §3, "visitor session cookie"): a random UUID in `visitor_id`, one year,
 * path `/`. It belongs to the tracking category (it lets analytics count returning visits), so it
 * is written only once tracking is allowed and deleted when tracking is withdrawn.
 */
import { v4 as uuid } from 'uuid';
import { readCookies, writeCookie } from './browser-cookies';

export const VISITOR_COOKIE = 'visitor_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The visitor's id, created if missing or not a UUID. Call only when tracking is allowed. */
export function ensureVisitorId({ domain, seconds }: { domain: string; seconds: number }): string {
  const existing = readCookies()[VISITOR_COOKIE];
  if (existing && UUID.test(existing)) return existing;
  // uuid's v4 uses crypto.getRandomValues, which (unlike crypto.randomUUID) works on plain http too.
  const id = uuid();
  writeCookie(VISITOR_COOKIE, id, { domain, seconds });
  return id;
}
