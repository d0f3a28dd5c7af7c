import { describe, expect, it } from 'vitest';
import { jsonLd, organizationData, phoneHref, postalAddress } from '../../src/company';
import { missingCompanyFacts, readConfig, siteUrlVerdict } from '../../src/config';
import { companyFactsWarning } from '../../src/integrations/company-facts-guard';
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

describe('the company behind the site', () => {
  const complete = {
    COMPANY_NAME: 'Snowmate Holding B.V.',
    COMPANY_REGISTRATION: ' 12345678 ',
    COMPANY_VAT: 'NL123456789B01',
    COMPANY_ADDRESS: 'Herengracht 1',
    COMPANY_POSTAL_CODE: '1015 BA',
    COMPANY_CITY: 'Amsterdam',
    COMPANY_PHONE: '+31 20 123 4567',
  };

  it('is the brand’s B.V. with no number, address or phone by default, and the build is told so', () => {
    const { company } = readConfig({ BRAND: 'Snowmate' });
    expect(company).toEqual({
      name: 'Snowmate B.V.',
      registration: '',
      vatId: '',
      address: undefined,
      phone: '',
    });
    expect(missingCompanyFacts(company)).toEqual([
      'COMPANY_REGISTRATION',
      'COMPANY_VAT',
      'COMPANY_ADDRESS, COMPANY_POSTAL_CODE, COMPANY_CITY',
      'COMPANY_PHONE',
    ]);
    const warning = companyFactsWarning(company) ?? '';
    expect(warning).toContain('Snowmate B.V.');
    for (const name of missingCompanyFacts(company)) expect(warning).toContain(name);
  });

  it('reads every fact, the country defaulting to the Netherlands, and then warns of nothing', () => {
    const { company } = readConfig(complete);
    expect(company).toEqual({
      name: 'Snowmate Holding B.V.',
      registration: '12345678',
      vatId: 'NL123456789B01',
      address: { street: 'Herengracht 1', postalCode: '1015 BA', city: 'Amsterdam', country: 'NL' },
      phone: '+31 20 123 4567',
    });
    expect(missingCompanyFacts(company)).toEqual([]);
    expect(companyFactsWarning(company)).toBeUndefined();
  });

  it('refuses numbers that are not one, and half an address', () => {
    expect(() => readConfig({ COMPANY_REGISTRATION: '1234' })).toThrow(/COMPANY_REGISTRATION/);
    expect(() => readConfig({ COMPANY_VAT: 'nl 123' })).toThrow(/COMPANY_VAT/);
    expect(() => readConfig({ COMPANY_PHONE: '020 123 4567' })).toThrow(/COMPANY_PHONE/);
    expect(() => readConfig({ COMPANY_COUNTRY: 'Netherlands' })).toThrow(/COMPANY_COUNTRY/);
    expect(() =>
      readConfig({ COMPANY_ADDRESS: 'Herengracht 1', COMPANY_CITY: 'Amsterdam' }),
    ).toThrow(/set all three or none/);
  });

  it('is described to search engines with the same facts, in full only where asked', () => {
    const site = readConfig({ ...complete, SITE_URL: 'https://www.example.com' });
    const brief = organizationData(site, false);
    expect(brief).not.toHaveProperty('legalName');
    const full = organizationData(site, true);
    expect(full).toMatchObject({
      '@id': 'https://www.example.com/#organization',
      legalName: 'Snowmate Holding B.V.',
      vatID: 'NL123456789B01',
      iso6523Code: '0106:12345678',
      identifier: { propertyID: 'KvK', value: '12345678' },
      telephone: '+31 20 123 4567',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Herengracht 1',
        postalCode: '1015 BA',
        addressLocality: 'Amsterdam',
        addressCountry: 'NL',
      },
    });
    // Unset facts are absent, not empty.
    expect(Object.keys(organizationData(readConfig({}), true))).not.toEqual(
      expect.arrayContaining(['vatID']),
    );
    expect(postalAddress(site, 'fr')).toBe('Herengracht 1, 1015 BA Amsterdam, Pays-Bas');
    expect(phoneHref(site.company.phone)).toBe('tel:+31201234567');
    expect(jsonLd({ name: '</script>' })).not.toContain('<');
  });
});
