/**
 * Consent in the end-to-end tests. Every spec but the consent spec starts as a visitor who has
 * already refused the optional cookies (playwright.config.ts `storageState`), so the banner does
 * not sit over what they test and no tag is loaded; consent.spec.ts starts with no cookie at all.
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { consentCookieValues, rejectAll, type ConsentChoice } from '../../src/consent/consent';

/** The revision of the build under test (tests/e2e/e2e.env; the configuration's default is 1). */
export const e2eRevision = Number(
  parseEnv(readFileSync('tests/e2e/e2e.env', 'utf8')).CONSENT_REVISION ?? 1,
);

/** The consent cookies of a choice as Playwright sets them on `localhost`. */
export function choiceCookies(
  choice: ConsentChoice,
  { revision = e2eRevision, id = '00000000-0000-4000-8000-000000000000' } = {},
) {
  const expires = Math.floor(Date.now() / 1000) + 30 * 86_400;
  return Object.entries(consentCookieValues(choice, revision, id)).map(([name, value]) => ({
    name,
    value,
    domain: 'localhost',
    path: '/',
    expires,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));
}

/** A visitor who has already chosen (refused everything optional) under the current revision. */
export const recordedChoice = { cookies: choiceCookies(rejectAll), origins: [] };
