import { describe, expect, it } from 'vitest';
import { readConfig, siteUrlVerdict } from '../../src/config';
import { enforceSiteUrl, siteUrlWarning } from '../../src/integrations/site-url-guard';

describe('configuration', () => {
  it('has a working default for everything', () => {
    const config = readConfig({});
    expect(config.brand).toBe('Pistelink');
    expect(config.siteUrl.href).toBe('http://localhost:4321/');
    expect(config.backendGraphqlUrl).toBe('http://localhost:4000/graphql');
    expect(config.liveConditionsEndpoint).toBe('/api/live-conditions');
    expect(config.chatGraphqlUrl).toBe('http://localhost:4040/graphql');
    expect(config.analytics).toEqual({ gtmId: '', measurementIds: [] });
    expect(config.careersUrl).toBe('');
    expect(config.consentRevision).toBe(1);
    expect(config.bookingAppUrl).toBe('');
  });

  it('takes a higher consent revision and a booking app, and refuses nonsense', () => {
    const config = readConfig({
      CONSENT_REVISION: '3',
      BOOKING_APP_URL: 'https://book.example.com/search',
    });
    expect(config.consentRevision).toBe(3);
    expect(config.bookingAppUrl).toBe('https://book.example.com/search');
    expect(() => readConfig({ CONSENT_REVISION: 'two' })).toThrow(/CONSENT_REVISION/);
    expect(() => readConfig({ CONSENT_REVISION: '0' })).toThrow(/CONSENT_REVISION/);
    expect(() => readConfig({ BOOKING_APP_URL: 'book here' })).toThrow(/BOOKING_APP_URL/);
  });

  it('reads the environment, treating empty values as unset', () => {
    const config = readConfig({
      BRAND: 'Snowmate',
      SITE_URL: 'https://www.example.com',
      CONTACT_EMAIL: '',
      GA_MEASUREMENT_ID: 'G-1',
    });
    expect(config.brand).toBe('Snowmate');
    expect(config.siteUrl.origin).toBe('https://www.example.com');
    expect(config.contactEmail).toBe('hello@pistelink.com');
    expect(config.analytics.measurementIds).toEqual(['G-1']);
  });

  it('names every invalid variable', () => {
    expect(() => readConfig({ SITE_URL: 'not a url', CONTACT_EMAIL: 'nobody' })).toThrow(
      /SITE_URL[\s\S]*CONTACT_EMAIL/,
    );
  });
});

describe('an unset SITE_URL', () => {
  it('is a warning on a developer’s machine', () => {
    expect(siteUrlVerdict({})).toBe('warn');
    expect(siteUrlVerdict({ SITE_URL: '', CI: 'false' })).toBe('warn');
    // Astro sets NODE_ENV=production in every build, the developer's too: it cannot decide.
    expect(siteUrlVerdict({ NODE_ENV: 'production' })).toBe('warn');
  });

  it('stops a build under CI, which deploys', () => {
    expect(siteUrlVerdict({ CI: 'true' })).toBe('refuse');
    expect(siteUrlVerdict({ CI: '1', SITE_URL: ' ' })).toBe('refuse');
  });

  it('set, even to the local address, is respected', () => {
    expect(siteUrlVerdict({ CI: 'true', SITE_URL: 'https://www.example.com' })).toBe('set');
    expect(siteUrlVerdict({ CI: 'true', SITE_URL: 'http://localhost:4321' })).toBe('set');
  });

  it('the build says so in a box, or stops with what to set', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(() => enforceSiteUrl({ CI: 'true' }, warn)).toThrow(/Set SITE_URL to the public origin/);
    enforceSiteUrl({ SITE_URL: 'https://www.example.com' }, warn);
    expect(warnings).toEqual([]);
    enforceSiteUrl({}, warn);
    expect(warnings).toEqual([`\n${siteUrlWarning}`]);
    expect(siteUrlWarning).toContain('SITE_URL is not set');
  });
});
