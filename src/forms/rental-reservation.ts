import * as v from 'valibot';
import { newBookingCode, BOOKING_CODE_PATTERN } from './booking-code.ts';
import {
  email,
  limits,
  localeField,
  NAME_PATTERN,
  PHONE_PATTERN,
  textField,
  type FieldErrors,
  text,
} from './schemas.ts';
import type { RentalCatalogue } from './context.ts';
import type { FormDefinition } from './definition.ts';

/**
 * Rental reservation: a pack of a resort's partner shop, pick-up and return days, the sizes the
 * shop needs for each person, and who to reach. The content decides what is valid (which resorts
 * rent, which packs each offers, the season's days), so the rules are made from it: the island
 * gets its resort's part, the receiver every resort (`RentalCatalogue`).
 *
 * People are fixed rows `person<n>-<size>` (1 to `MAX_RENTAL_PEOPLE`), the first `people` of them
 * counted: without JavaScript the rows past the count are hidden by CSS but still sent, and are
 * ignored rather than refused.
 */
export const MAX_RENTAL_PEOPLE = 6;
/** A longer rental is a season rental, arranged with the shop, not booked here. */
export const MAX_RENTAL_DAYS = 30;
export const skierLevels = ['beginner', 'intermediate', 'advanced'] as const;
export const personSizes = ['height', 'weight', 'shoe', 'level'] as const;
export type PersonSize = (typeof personSizes)[number];
/** What the shop needs, bounded to people who ride: heights in cm, weights in kg, EU shoe sizes. */
export const sizeBounds = {
  height: { min: 70, max: 230 },
  weight: { min: 10, max: 200 },
  shoe: { min: 18, max: 52 },
} as const;
export const personField = (person: number, size: PersonSize) => `person${person}-${size}`;

export type { RentalCatalogue };

export type RentalPerson = { height: number; weight: number; shoe: number; level: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (2027-02-30 does not), as `YYYY-MM-DD`. */
export function isCalendarDay(value: string) {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A whole number (or, for shoes, a half size; a comma is read as a point) within its bounds. */
function sizeOf(size: Exclude<PersonSize, 'level'>, raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  const pattern = size === 'shoe' ? /^\d{2}(?:\.5)?$/ : /^\d{2,3}$/;
  if (!pattern.test(text)) return null;
  const value = Number(text);
  const { min, max } = sizeBounds[size];
  return value >= min && value <= max ? value : null;
}

/** The people rows of a reservation that count (the first `people`), or the problem of each field. */
export function rentalPeople(input: Record<string, unknown>, people: number) {
  const persons: RentalPerson[] = [];
  const errors: FieldErrors = {};
  for (let n = 1; n <= people; n++) {
    const raw = (size: PersonSize) => {
      const value = input[personField(n, size)];
      return typeof value === 'string' ? value : '';
    };
    const height = sizeOf('height', raw('height'));
    const weight = sizeOf('weight', raw('weight'));
    const shoe = sizeOf('shoe', raw('shoe'));
    const level = raw('level');
    if (height === null) errors[personField(n, 'height')] = 'height.invalid';
    if (weight === null) errors[personField(n, 'weight')] = 'weight.invalid';
    if (shoe === null) errors[personField(n, 'shoe')] = 'shoe.invalid';
    if (!(skierLevels as readonly string[]).includes(level))
      errors[personField(n, 'level')] = 'level.required';
    if (height !== null && weight !== null && shoe !== null)
      persons.push({ height, weight, shoe, level });
  }
  return { persons, errors };
}

/**
 * The reservation's checks against the content and across fields: the resort rents, the pack is
 * one of its shop's, the days are in order, in the season and not past, the people's sizes.
 * Field → problem code, empty when all is well. `today` is the receiver's (or browser's) date.
 */
export function rentalProblems(
  input: Record<string, unknown>,
  catalogue: RentalCatalogue,
  today: Date,
): FieldErrors {
  const errors: FieldErrors = {};
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : '');
  const resort = Object.hasOwn(catalogue, text('resort')) ? catalogue[text('resort')] : undefined;
  if (!resort) errors.resort = 'resort.required';
  else if (!resort.packs.includes(text('pack'))) errors.pack = 'pack.required';

  const pickUp = text('pickUpDate');
  const back = text('returnDate');
  const pickUpReal = isCalendarDay(pickUp);
  const backReal = isCalendarDay(back);
  if (!pickUpReal) errors.pickUpDate = 'pickUpDate.invalid';
  // A day's margin: a visitor a time zone behind the receiver may still book for their today.
  else if (dayNumber(pickUp) < dayNumber(isoDay(today)) - 1) errors.pickUpDate = 'pickUpDate.past';
  else if (resort && (pickUp < resort.season.opens || pickUp > resort.season.closes))
    errors.pickUpDate = 'pickUpDate.season';
  if (!backReal) errors.returnDate = 'returnDate.invalid';
  else if (pickUpReal && back < pickUp) errors.returnDate = 'returnDate.order';
  else if (resort && (back < resort.season.opens || back > resort.season.closes))
    errors.returnDate = 'returnDate.season';
  else if (pickUpReal && dayNumber(back) - dayNumber(pickUp) + 1 > MAX_RENTAL_DAYS)
    errors.returnDate = 'returnDate.tooLong';

  const people = Number(text('people'));
  if (!/^\d$/.test(text('people')) || people < 1 || people > MAX_RENTAL_PEOPLE)
    errors.people = 'people.invalid';
  else Object.assign(errors, rentalPeople(input, people).errors);
  return errors;
}

const anyText = v.optional(v.string(), '');

/** The reservation's rules for `catalogue` (every resort with rental, or the island's one). */
export function rentalReservationSchema(
  catalogue: RentalCatalogue,
  today: () => Date = () => new Date(),
) {
  const personEntries = Object.fromEntries(
    Array.from({ length: MAX_RENTAL_PEOPLE }, (_, i) =>
      personSizes.map((size) => [personField(i + 1, size), anyText] as const),
    ).flat(),
  );
  return v.pipe(
    v.object({
      resort: textField('resort.required', { max: 80 }),
      pack: textField('pack.required', { max: 80 }),
      pickUpDate: textField('pickUpDate.invalid', { max: 10 }),
      returnDate: textField('returnDate.invalid', { max: 10 }),
      people: textField('people.invalid', { max: 1 }),
      ...personEntries,
      name: textField('name.invalid', { min: 3, max: limits.name, pattern: NAME_PATTERN }),
      email: email('email.invalid'),
      // Optional: left empty, nothing to check.
      phone: v.optional(
        v.pipe(
          v.string('phone.invalid'),
          v.trim(),
          v.maxLength(limits.phone, 'phone.invalid'),
          v.regex(new RegExp(`^$|${PHONE_PATTERN.source}`), 'phone.invalid'),
        ),
        '',
      ),
      consent: v.literal('yes', 'consent.required'),
      locale: localeField,
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      const value = dataset.value as Record<string, unknown>;
      for (const [key, code] of Object.entries(rentalProblems(value, catalogue, today()))) {
        addIssue({
          message: code,
          path: [{ type: 'object', origin: 'value', input: value, key, value: value[key] }],
        });
      }
    }),
    v.transform((o) => ({
      ...o,
      persons: rentalPeople(o as Record<string, unknown>, Number(o.people)).persons,
    })),
  );
}
export type RentalReservationSchema = ReturnType<typeof rentalReservationSchema>;

export const rentalReservation = {
  name: 'RentalReservationForm',
  key: 'rentalReservation',
  cli: 'rental',
  table: 'rental_reservations',
  migrations: [],
  rules: ({ rentalCatalogue, now }) => rentalReservationSchema(rentalCatalogue, now),
  toRow: (o) => ({
    resort: text(o.resort),
    pack: text(o.pack),
    pick_up_date: text(o.pickUpDate),
    return_date: text(o.returnDate),
    people: Number(o.people),
    // Only the rows counted by `people` (rentalPeople): height cm, weight kg, EU shoe, level.
    persons: JSON.stringify(o.persons),
    name: text(o.name),
    email: text(o.email),
    phone: text(o.phone) ?? '',
    locale: text(o.locale),
  }),
  keepsClient: true,
  resortFields: [{ field: 'resort' }],
  // The booking code the visitor shows at the shop; its page lists what was booked.
  receipt: {
    column: 'booking_code',
    draw: (context) => context.bookingCode?.() ?? newBookingCode(),
    pattern: BOOKING_CODE_PATTERN,
    answer: 'bookingCode',
    page: (code, locale) => `/${locale ?? 'en'}/booking/${code}`,
  },
  // The privacy policy gives them the contact messages' period, counted from the return day.
  retention: {
    from: { day: 'return_date' },
    days: (settings) => settings.contactRetentionDays,
    rows: 'rental reservation(s), counted from their return day,',
  },
} as const satisfies FormDefinition;
