import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';

describe('configuration', () => {
  it('has a working default for everything', () => {
    const config = readConfig({});
    expect(config.brand).toBe('Pistelink');
    expect(config.siteUrl.href).toBe('http://localhost:4321/');
    expect(config.backendGraphqlUrl).toBe('http://localhost:4000/graphql');
    expect(config.chatGraphqlUrl).toBe('http://localhost:4040/graphql');
    expect(config.analytics).toEqual({ gtmId: '', measurementIds: [] });
    expect(config.careersUrl).toBe('');
    expect(config.consentRevision).toBe(1);
    expect(config.bookingAppUrl).toBe('');
  });

  it('takes a higher consent revision and a booking app, and refuses nonsense', () => {
    const config = readConfig({ CONSENT_REVISION: '3', BOOKING_APP_URL: 'https://book.example.com/search' });
    expect(config.consentRevision).toBe(3);
    expect(config.bookingAppUrl).toBe('https://book.example.com/search');
    expect(() => readConfig({ CONSENT_REVISION: 'two' })).toThrow(/CONSENT_REVISION/);
    expect(() => readConfig({ CONSENT_REVISION: '0' })).toThrow(/CONSENT_REVISION/);
    expect(() => readConfig({ BOOKING_APP_URL: 'book here' })).toThrow(/BOOKING_APP_URL/);
  });

  it('reads the environment, treating empty values as unset', () => {
    const config = readConfig({ BRAND: 'Snowmate', SITE_URL: 'https://www.example.com', CONTACT_EMAIL: '', GA_MEASUREMENT_ID: 'G-1' });
    expect(config.brand).toBe('Snowmate');
    expect(config.siteUrl.origin).toBe('https://www.example.com');
    expect(config.contactEmail).toBe('hello@pistelink.com');
    expect(config.analytics.measurementIds).toEqual(['G-1']);
  });

  it('names every invalid variable', () => {
    expect(() => readConfig({ SITE_URL: 'not a url', CONTACT_EMAIL: 'nobody' })).toThrow(/SITE_URL[\s\S]*CONTACT_EMAIL/);
  });
});
