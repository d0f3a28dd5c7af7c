/**
 * Reading, writing and deleting cookies in the browser (js-cookie), with the attributes the
 * consent cookies need: the configured domain, SameSite=Lax, Secure over https, path `/`.
 */
import Cookies from 'js-cookie';
import { cookieDomains } from './consent';

export type CookieOptions = Readonly<{
  /** config.cookieDomain; empty writes for the current host only. */
  domain: string;
  /** Lifetime in days (js-cookie writes Expires). */
  days?: number;
  /** Lifetime in seconds (written as Max-Age, as the spec states the visitor id's). */
  seconds?: number;
}>;

export const readCookies = (): Record<string, string> => Cookies.get();

export function writeCookie(name: string, value: string, { domain, days, seconds }: CookieOptions) {
  const secure = location.protocol === 'https:';
  if (seconds !== undefined) {
    // js-cookie counts in days only; Max-Age states the exact number of seconds.
    const attributes = [
      `Max-Age=${seconds}`,
      'Path=/',
      'SameSite=Lax',
      domain ? `Domain=${domain}` : '',
      secure ? 'Secure' : '',
    ];
    document.cookie = `${name}=${encodeURIComponent(value)}; ${attributes.filter(Boolean).join('; ')}`;
    return;
  }
  Cookies.set(name, value, {
    expires: days,
    path: '/',
    sameSite: 'Lax',
    secure,
    ...(domain ? { domain } : {}),
  });
}

/** Deletes cookies wherever they may have been written: this host, its parents, the configured domain. */
export function deleteCookies(names: readonly string[], configuredDomain: string) {
  for (const name of names) {
    for (const domain of cookieDomains(location.hostname, configuredDomain)) {
      Cookies.remove(name, { path: '/', ...(domain ? { domain } : {}) });
    }
  }
}
