/**
 * The legal entity behind the site, as visitors and search engines are told: the legal notice's
 * facts, the footer's line and schema.org Organization data, all from the configuration
 * (`config.company`, src/config.ts). A fact the configuration leaves out is left out here too.
 */
import type { SiteConfig } from './config';
import { logoImage } from './lib/share-image';
import { countryName } from './i18n/format';
import type { Locale } from './i18n/locales';

/** "Herengracht 1, 1015 BA Amsterdam, Netherlands": the Dutch order, postal code before city. */
export function postalAddress(site: SiteConfig, locale: Locale): string | undefined {
  const address = site.company.address;
  if (!address) return undefined;
  return `${address.street}, ${address.postalCode} ${address.city}, ${countryName(address.country, locale)}`;
}

/** A phone number as shown: no-break spaces, so that it never wraps across two lines. */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}

/** A phone number as a `tel:` link wants it: `+31201234567`. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

/**
 * schema.org Organization, on every page under one `@id`. `detailed` adds the legal facts (legal
 * name, KvK number, VAT number, address, phone): on the home page and the legal notice, where
 * search engines look for them, rather than in every page's first bytes. The KvK number is given
 * both as an `identifier` and as its ISO 6523 code (scheme 0106, the Dutch Chamber of Commerce).
 */
export function organizationData(site: SiteConfig, detailed: boolean) {
  const url = (path: string) => new URL(path, site.siteUrl).href;
  const { company } = site;
  const address = company.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': url('/#organization'),
    name: site.brand,
    url: url('/'),
    // A PNG of 112 px or more, as Google asks (drawn by the build from the brand's SVG).
    logo: url(logoImage.path),
    email: site.contactEmail,
    sameAs: Object.values(site.social),
    ...(detailed && {
      legalName: company.name,
      ...(company.registration && {
        identifier: { '@type': 'PropertyValue', propertyID: 'KvK', value: company.registration },
        iso6523Code: `0106:${company.registration}`,
      }),
      ...(company.vatId && { vatID: company.vatId }),
      ...(address && {
        address: {
          '@type': 'PostalAddress',
          streetAddress: address.street,
          postalCode: address.postalCode,
          addressLocality: address.city,
          addressCountry: address.country,
        },
      }),
      ...(company.phone && { telephone: company.phone }),
    }),
  };
}

/** JSON for a `<script type="application/ld+json">`: no `<` that could close the element. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
