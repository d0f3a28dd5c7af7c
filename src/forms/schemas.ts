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

const locale = v.optional(v.picklist(allLocales));

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

const email = (code: string) => textField(code, { max: limits.email, pattern: EMAIL_PATTERN });

export const NewsletterSchema = v.object({
  email: email('email.invalid'),
  locale,
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

export const ContactSchema = v.object({ ...contactFields, locale });

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
    phone: textField('phone.invalid', { max: limits.phone, pattern: /^\+?[0-9][0-9 ().-]{5,}$/ }),
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
    locale,
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
  locale,
});

/** A form's schema: an object, maybe piped through rules between its fields. */
type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>> & {
  entries: v.ObjectEntries;
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
