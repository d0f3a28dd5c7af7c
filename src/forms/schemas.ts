/**
 * The rules of the site's forms, shared by the islands (checked before anything is sent) and the
 * receiver (checked again, since anyone can post to it). Runs in the browser: no Node imports.
 *
 * Every problem is reported as a code `<field>.<problem>` (e.g. `name.invalid`), never as prose:
 * the island shows the visitor's language for it, the receiver adds the English message.
 */
import * as v from 'valibot';
import { consentMethods } from '../consent/consent';
import { teachingCountryCodes } from '../instructors/countries';
import { allLocales } from '../i18n/locales';

export { formNames, type FormKey, type FormName } from './names';

/** The hidden field people never see and bots fill in. A filled one is stored as spam. */
export const HONEYPOT_FIELD = 'bot-field';

/**
 * The key a form's island draws once per filled-in form and sends with every try of it, so that a
 * post sent twice is stored once (receiver.ts `submissionKey`). Not a field of any schema.
 */
export const SUBMISSION_KEY_FIELD = 'submission-key';

/** Spec §5: text, an @, text, a dot, more text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec §5: two or more words of Latin letters (accents allowed) separated by single spaces, at
 * least 3 characters. A word may join letters with a hyphen or an apostrophe (Jean-Luc, O'Neill):
 * names like these are common among our visitors and are still Latin-letter words.
 */
const WORD = String.raw`\p{Script=Latin}+(?:['’-]\p{Script=Latin}+)*`;
export const NAME_PATTERN = new RegExp(`^${WORD}(?: ${WORD})+$`, 'u');

/** Bounds the spec leaves open, chosen generously (a long message is welcome, a novel is not). */
export const limits = {
  name: 100,
  email: 254, // the longest address SMTP allows
  title: 150,
  message: 5000,
  personName: 60,
  phone: 30,
  yearsTaught: 60,
  note: 2000,
} as const;

export const contractTypes = ['direct', 'freelance'] as const;
export const sports = ['ski', 'snowboard', 'both'] as const;
/** Spec §3: trainee/stagiaire, full diploma/state diploma, other, TD1, TD2, TD3. */
export const licenceTypes = ['trainee', 'diploma', 'td1', 'td2', 'td3', 'other'] as const;
/** Licence and CV: a scan or a photo. Checked by content on the receiver (see uploads.ts). */
export const acceptedFileTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const acceptedFileExtensions = '.pdf,.jpg,.jpeg,.png';
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * The application's resort choice for a resort the site does not list yet: instructors are invited
 * from more countries than the site has resorts in, so they name theirs and its country instead.
 */
export const OTHER_RESORT = 'other';

/** The language of the page the form was sent from: one of the site's, or none. */
export const localeField = v.optional(v.picklist(allLocales, 'locale.invalid'));

/**
 * No control characters (NUL, ESC, CR, LF…): they have no place in a name or an address, and an
 * ESC stored is a terminal escape sequence for whoever lists the rows. Free text keeps its line
 * breaks (LF, or CRLF as browsers send a textarea) and nothing else of the kind.
 */
const SINGLE_LINE = /^\P{Cc}*$/u;
const FREE_TEXT = /^(?:\P{Cc}|\r?\n)*$/u;

/** A trimmed text field: `code` when missing, blank, too long, with control characters or not matching. */
function textField(
  code: string,
  {
    min = 1,
    max,
    pattern,
    multiline = false,
  }: { min?: number; max: number; pattern?: RegExp; multiline?: boolean },
) {
  return v.pipe(
    v.string(code),
    v.trim(),
    v.normalize('NFC'),
    v.minLength(min, code),
    v.maxLength(max, code),
    v.regex(multiline ? FREE_TEXT : SINGLE_LINE, code),
    v.regex(pattern ?? /[\s\S]/, code),
  );
}

/** A phone number as people write it: an optional +, digits, spaces, `().-`, at least 6 characters. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,}$/;

const email = (code: string) => textField(code, { max: limits.email, pattern: EMAIL_PATTERN });

export const NewsletterSchema = v.object({
  email: email('email.invalid'),
  locale: localeField,
});

/**
 * The contact form's fields, in the order the form shows them. The form's labels, its inputs and
 * the stored row are keyed by these names (`Record<ContactField, …>`), so a field added here is
 * asked for everywhere else by `astro check` (docs/forms.md, "Add a field to a form").
 */
export const contactFields = {
  name: textField('name.invalid', { min: 3, max: limits.name, pattern: NAME_PATTERN }),
  email: email('email.invalid'),
  title: textField('title.invalid', { max: limits.title }),
  message: textField('message.invalid', { max: limits.message, multiline: true }),
};
export type ContactField = keyof typeof contactFields;
export const contactFieldNames = Object.keys(contactFields) as ContactField[];

export const ContactSchema = v.object({ ...contactFields, locale: localeField });

/** An uploaded file within the size limit whose declared type is one we accept. */
function upload(field: string, maxBytes: number) {
  return v.pipe(
    v.file(`${field}.required`),
    // Size first: the receiver does not read an oversize file, so it cannot know its type.
    v.maxSize(maxBytes, `${field}.size`),
    v.mimeType(acceptedFileTypes, `${field}.type`),
  );
}

export function applicationSchema({ maxFileBytes = DEFAULT_MAX_FILE_BYTES } = {}) {
  const entries = {
    firstname: textField('firstname.invalid', { max: limits.personName }),
    lastname: textField('lastname.invalid', { max: limits.personName }),
    email: email('email.invalid'),
    phone: textField('phone.invalid', { max: limits.phone, pattern: PHONE_PATTERN }),
    contract: v.picklist(contractTypes, 'contract.required'),
    sport: v.picklist(sports, 'sport.required'),
    years: v.pipe(
      v.string('years.invalid'),
      v.trim(),
      v.regex(/^\d{1,2}$/, 'years.invalid'),
      v.transform(Number),
      v.maxValue(limits.yearsTaught, 'years.invalid'),
    ),
    licenceType: v.picklist(licenceTypes, 'licenceType.required'),
    licence: upload('licence', maxFileBytes),
    cv: v.optional(upload('cv', maxFileBytes)),
    /** A resort id of the content, or `OTHER_RESORT` with `resortName` and `country`. */
    resort: textField('resort.required', { max: 80, pattern: /^[a-z0-9-]+$/ }),
    resortName: v.optional(
      v.union(
        [v.literal(''), textField('resortName.required', { max: 80 })],
        'resortName.required',
      ),
      '',
    ),
    country: v.optional(v.picklist(['', ...teachingCountryCodes], 'country.required'), ''),
    note: v.optional(
      v.pipe(
        v.string('note.invalid'),
        v.trim(),
        v.maxLength(limits.note, 'note.invalid'),
        v.regex(FREE_TEXT, 'note.invalid'),
      ),
      '',
    ),
    adult: v.literal('yes', 'adult.required'),
    locale: localeField,
  };
  // "Another resort" needs the resort's name and its country.
  return v.pipe(
    v.object(entries),
    v.forward(
      v.partialCheck(
        [['resort'], ['resortName']],
        (input) => input.resort !== OTHER_RESORT || input.resortName !== '',
        'resortName.required',
      ),
      ['resortName'],
    ),
    v.forward(
      v.partialCheck(
        [['resort'], ['country']],
        (input) => input.resort !== OTHER_RESORT || input.country !== '',
        'country.required',
      ),
      ['country'],
    ),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const allowed = (category: string) =>
  v.pipe(
    v.picklist(['true', 'false'], `${category}.invalid`),
    v.transform((value) => value === 'true'),
  );

/**
 * A cookie choice (src/consent/record.ts). The receiver drops a visitor id sent without tracking
 * allowed (definitions.ts): a record never keeps an identifier the visitor did not agree to.
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

/** A form's rules: an object of fields, possibly piped through checks across fields (the rental). */
export type FormSchema = v.GenericSchema<Record<string, unknown>, unknown> & {
  readonly entries: v.ObjectEntries;
};

/**
 * Checks a form's input. A missing field is checked as an empty one, so that it gets the field's
 * own code ("name.invalid") rather than a generic "key missing".
 */
export function validate<S extends FormSchema>(schema: S, input: Record<string, unknown>) {
  const complete: Record<string, unknown> = { ...input };
  for (const key of Object.keys(schema.entries)) if (!(key in complete)) complete[key] = undefined;
  const result = v.safeParse(schema, complete);
  return result.success
    ? ({ ok: true, output: result.output } as const)
    : ({ ok: false, errors: fieldErrorsOf(result.issues) } as const);
}

/** Field name → problem code, for the first problem of each field. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form's entries as the schemas expect them: text as text, a file input left empty (the browser
 * sends an unnamed, empty file) as absent.
 */
export function formInput(data: FormData): Record<string, string | File> {
  const input: Record<string, string | File> = {};
  for (const [key, value] of data) {
    if (typeof value !== 'string' && value.size === 0 && value.name === '') continue;
    if (!(key in input)) input[key] = value;
  }
  return input;
}

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

/** A resort's rental as the content gives it: the packs its shop offers, the season's days. */
export type RentalCatalogue = Record<
  string,
  { packs: readonly string[]; season: { opens: string; closes: string } }
>;

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
