/**
 * What the site's forms send, as a browser sends it: one applicant for the receiver's unit tests,
 * the fault suite and the end-to-end specs alike.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ContactField } from '../src/forms/contact';

/** The resort ids of the content (its files' names), sorted: what the application form offers. */
export function contentResortIds() {
  return readdirSync(resolve('content/resorts'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.replace(/\.yaml$/, ''))
    .sort();
}

/** A resort id of the content (the first one), as the form's select offers. */
export const firstResortId = () => contentResortIds()[0]!;

/** An instructor's application with every required field but the licence (the form's names). */
export const applicationFields = (email: string) => ({
  'form-name': 'InstructorApplicationForm',
  firstname: 'Ana',
  lastname: 'López',
  email,
  phone: '+34 612 345 678',
  contract: 'freelance',
  sport: 'snowboard',
  years: '5',
  licenceType: 'td2',
  resort: firstResortId(),
  adult: 'yes',
});

/**
 * A valid value for every field of the contact form, by its name. Keyed by `ContactField`: a field
 * added to the form asks for its value here (`astro check`), and every contact test fills it.
 */
export const contactValues = (email: string): Record<ContactField, string> => ({
  name: 'Marta García',
  email,
  title: 'Group lessons',
  message: 'Do you run them in March?',
});

/** A contact message with every field valid (the form's names); `extra` adds or overrides fields. */
export const contactMessageFields = (email: string, extra: Record<string, string> = {}) => ({
  'form-name': 'ContactForm',
  ...contactValues(email),
  ...extra,
});

/** A multipart body, as a browser sends a form: each field, files under their own names. */
export function multipart(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/**
 * A rental reservation for one person as the form sends it, for `resort` and `pack`, picked up on
 * `pickUp` and returned on `back` (YYYY-MM-DD). Sizes a shop sees every day.
 */
export const rentalFields = (
  email: string,
  { resort, pack, pickUp, back }: { resort: string; pack: string; pickUp: string; back: string },
) => ({
  'form-name': 'RentalReservationForm',
  resort,
  pack,
  pickUpDate: pickUp,
  returnDate: back,
  people: '1',
  'person1-height': '172',
  'person1-weight': '68',
  'person1-shoe': '42.5',
  'person1-level': 'intermediate',
  name: 'Lucía Fernández',
  email,
  phone: '',
  consent: 'yes',
  locale: 'es',
});
