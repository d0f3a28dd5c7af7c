/**
 * The consent record: each choice is stored by the site's receiver under the form-name
 * `ConsentRecord`, so the company can show that consent was given: a random id (also kept in the
 * `consent_id` cookie), the categories, the revision, how the choice was made, the page's language
 * and the time (set by the receiver). No IP address is stored, and the visitor id only when
 * tracking is allowed.
 *
 * Sent with `keepalive`, so a record survives the reload that follows a withdrawal.
 */
import type { ConsentChoice, ConsentMethod } from './consent.ts';

/** The `form-name` of a consent record (its definition: src/forms/consent-record.ts). */
export const CONSENT_RECORD_FORM = 'ConsentRecord';

export type ConsentRecord = {
  id: string;
  choice: ConsentChoice;
  revision: number;
  method: ConsentMethod;
  visitorId?: string | undefined;
  locale: string;
};

export function consentRecordFields(record: ConsentRecord): Record<string, string> {
  const fields: Record<string, string> = {
    'form-name': CONSENT_RECORD_FORM,
    consentId: record.id,
    functionality: String(record.choice.functionality),
    tracking: String(record.choice.tracking),
    targeting: String(record.choice.targeting),
    revision: String(record.revision),
    method: record.method,
    locale: record.locale,
  };
  if (record.choice.tracking && record.visitorId) fields.visitorId = record.visitorId;
  return fields;
}

export function sendConsentRecord(endpoint: string, record: ConsentRecord) {
  // The choice is already in force (the cookies); a record that cannot be sent must not undo it.
  fetch(endpoint, {
    method: 'POST',
    body: new URLSearchParams(consentRecordFields(record)),
    headers: { accept: 'application/json' },
    keepalive: true,
  }).catch(() => {});
}
