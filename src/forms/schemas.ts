/**
 * The building blocks of the forms' rules (each form's own are in its file, `src/forms/<form>.ts`),
 * shared by the islands (checked before anything is sent) and the receiver (checked again, since
 * anyone can post to it). Runs in the browser: no Node imports.
 *
 * Every problem is reported as a code `<field>.<problem>` (e.g. `name.invalid`), never as prose:
 * the island shows the visitor's language for it, the receiver adds the English message.
 */
import * as v from 'valibot';
import { allLocales } from '../i18n/locales.ts';

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
export const FREE_TEXT = /^(?:\P{Cc}|\r?\n)*$/u;

/** A trimmed text field: `code` when missing, blank, too long, with control characters or not matching. */
export function textField(
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
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,}$/;

export const email = (code: string) =>
  textField(code, { max: limits.email, pattern: EMAIL_PATTERN });

/** An uploaded file within the size limit whose declared type is one we accept. */
export function upload(field: string, maxBytes: number) {
  return v.pipe(
    v.file(`${field}.required`),
    // Size first: the receiver does not read an oversize file, so it cannot know its type.
    v.maxSize(maxBytes, `${field}.size`),
    v.mimeType(acceptedFileTypes, `${field}.type`),
  );
}

/** A text field's value, or null (the rows' columns take text or NULL). */
export const text = (value: unknown) => (typeof value === 'string' ? value : null);

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
