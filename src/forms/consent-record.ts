/**
 * A cookie choice (src/consent/record.ts), the proof that consent was given. Not a form people fill
 * in: the consent code posts it. The record keeps no client address, and a visitor id only when
 * tracking was allowed (a visitor id sent without it is dropped, never stored).
 */
import * as v from 'valibot';
import { consentMethods } from '../consent/consent.ts';
import { CONSENT_RECORD_FORM } from '../consent/record.ts';
import { localeField, text } from './schemas.ts';
import type { FormDefinition } from './definition.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const allowed = (category: string) =>
  v.pipe(
    v.picklist(['true', 'false'], `${category}.invalid`),
    v.transform((value) => value === 'true'),
  );

/**
 * A cookie choice's fields, as src/consent/record.ts sends them.
 */
export const ConsentRecordSchema = v.object({
  consentId: v.pipe(v.string('consentId.invalid'), v.regex(UUID, 'consentId.invalid')),
  functionality: allowed('functionality'),
  tracking: allowed('tracking'),
  targeting: allowed('targeting'),
  revision: v.pipe(
    v.string('revision.invalid'),
    v.regex(/^\d{1,6}$/, 'revision.invalid'),
    v.transform(Number),
    v.minValue(1, 'revision.invalid'),
  ),
  method: v.picklist(consentMethods, 'method.invalid'),
  visitorId: v.optional(v.pipe(v.string('visitorId.invalid'), v.regex(UUID, 'visitorId.invalid'))),
  locale: localeField,
});

export const consentRecord = {
  name: CONSENT_RECORD_FORM,
  key: 'consentRecord',
  cli: 'consent',
  table: 'consent_records',
  migrations: [],
  rules: () => ConsentRecordSchema,
  toRow: (o) => ({
    consent_id: text(o.consentId),
    functionality: o.functionality ? 1 : 0,
    tracking: o.tracking ? 1 : 0,
    targeting: o.targeting ? 1 : 0,
    revision: Number(o.revision),
    method: text(o.method),
    // Only with tracking allowed: a visitor id sent without it is dropped, never stored.
    visitor_id: o.tracking ? text(o.visitorId) : null,
    locale: text(o.locale),
  }),
  // A record sent twice (a retried request) is kept once, by its own id.
  onConflict: 'ON CONFLICT (consent_id) DO NOTHING',
  keepsClient: false,
  keyed: false,
} as const satisfies FormDefinition;
