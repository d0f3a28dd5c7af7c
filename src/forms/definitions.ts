/**
 * The forms the receiver accepts, by `form-name`: which schema checks them, which files they carry
 * and how an accepted submission becomes a row. Adding a form (the consent records were the fourth) is one
 * name in names.ts, one schema in schemas.ts, one migration and table in store.ts and one entry here.
 */
import {
  applicationSchema,
  ConsentRecordSchema,
  contactFieldNames,
  ContactSchema,
  NewsletterSchema,
  formNames,
  type FieldErrors,
  rentalReservationSchema,
  type FormSchema,
  type RentalCatalogue,
  type FormKey,
  type FormName,
} from './schemas';
import { receiptColumns, type Row, type StoredForm } from './store';
import { receiptKinds, type ReceiptKind } from './receipts';
import {
  checkLessonRequest,
  lessonRequestSchema,
  type LessonRequest,
  type LessonRequestContext,
} from './lesson-request';

export type FileField = 'licence' | 'cv';

export type FormDefinition = {
  /** The form's namespace in the translations (`forms.<key>`), for the English messages. */
  key: FormKey;
  /** Where its rows go (store.ts `formTables`). */
  storedAs: StoredForm;
  schema: FormSchema;
  files: readonly FileField[];
  toRow(output: Record<string, unknown>): Row;
  /** SQL appended to the insert, e.g. to keep one row per address. */
  onConflict?: string;
  /** Whether the row keeps the sender's address (`client`); consent records keep none. */
  keepsClient: boolean;
  /**
   * The fields that name a resort of the content: a resort the site does not have is refused on
   * the field. `orOther`: the field may say "another resort" (`OTHER_RESORT`) instead, which the
   * form's schema then asks the name of. (The lesson request checks its resort itself.)
   */
  resortFields?: readonly { field: string; orOther?: true }[];
  /**
   * A form whose check goes beyond its schema's fields (the lesson request: repeated dates, the
   * price and the pack against the content) checks the whole form itself; its output goes to `toRow`.
   */
  check?: (
    form: FormData,
  ) => { ok: true; output: Record<string, unknown> } | { ok: false; errors: FieldErrors };
  /**
   * A code the receiver draws for the row and gives back to the visitor (a rental's booking code,
   * a lesson request's reference; receipts.ts): stored in `column` (UNIQUE: a clash is drawn
   * again), answered as `answer` in the JSON, and, without JavaScript, the browser is sent to
   * `page(code, locale)` on the receiver, which shows what was sent.
   */
  receipt?: ReceiptKind & { column: string };
  /**
   * Whether a post sent twice (a double click, a retry after a lost answer) is found by its key and
   * answered with the first one's receipt (receiver.ts `submissionKey`); `false` for a form whose
   * rows are kept once by an id of their own (a consent record's `consent_id`).
   */
  keyed?: false;
};

/** The receipt of a form that has one, its code drawn by `draw` when given (tests). */
const receiptOf = (form: keyof typeof receiptColumns, draw?: () => string) => ({
  ...receiptKinds[form],
  column: receiptColumns[form],
  ...(draw ? { draw } : {}),
});

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function formDefinitions({
  maxFileBytes,
  lessons,
  rentalCatalogue = {},
  now = () => new Date(),
  bookingCode,
}: {
  maxFileBytes: number;
  /** The resorts, packs and price rule a lesson request is checked against. */
  lessons: LessonRequestContext;
  /** The resorts that rent, their packs and seasons (from the content); none: no rental accepted. */
  rentalCatalogue?: RentalCatalogue;
  now?: () => Date;
  /** Test hook: draws a rental's booking code. */
  bookingCode?: () => string;
}): Record<FormName, FormDefinition> {
  const lessonSchema = lessonRequestSchema(lessons);
  return {
    [formNames.newsletter]: {
      key: 'newsletter',
      storedAs: formNames.newsletter,
      schema: NewsletterSchema,
      files: [],
      toRow: (o) => ({
        email: text(o.email),
        email_key: text(o.email)!.toLowerCase(),
        locale: text(o.locale),
      }),
      onConflict: 'ON CONFLICT (email_key) DO NOTHING',
      keepsClient: true,
    },
    [formNames.contact]: {
      key: 'contact',
      storedAs: formNames.contact,
      schema: ContactSchema,
      files: [],
      // One column per field, named as the field (store.ts `contact_messages`).
      toRow: (o) => ({
        ...Object.fromEntries(contactFieldNames.map((field) => [field, text(o[field])])),
        locale: text(o.locale),
      }),
      keepsClient: true,
    },
    [formNames.application]: {
      key: 'application',
      storedAs: formNames.application,
      schema: applicationSchema({ maxFileBytes }),
      files: ['licence', 'cv'],
      toRow: (o) => ({
        firstname: text(o.firstname),
        lastname: text(o.lastname),
        email: text(o.email),
        phone: text(o.phone),
        contract: text(o.contract),
        sport: text(o.sport),
        years_taught: Number(o.years),
        licence_type: text(o.licenceType),
        resort: text(o.resort),
        resort_name: text(o.resortName),
        country: text(o.country) || null,
        note: text(o.note) ?? '',
        adult_confirmed: o.adult === 'yes' ? 1 : 0,
        locale: text(o.locale),
      }),
      keepsClient: true,
      resortFields: [{ field: 'resort', orOther: true }],
    },
    [formNames.lessonRequest]: {
      key: 'lessonRequest',
      storedAs: formNames.lessonRequest,
      schema: lessonSchema,
      files: [],
      check: (form) => {
        const result = checkLessonRequest(form, lessons, lessonSchema);
        return result.ok ? { ok: true, output: result.output } : result;
      },
      toRow: (o) => {
        const r = o as LessonRequest;
        return {
          name: r.name,
          email: r.email,
          phone: r.phone,
          resort: r.search.resort,
          sport: r.search.sport,
          dates: JSON.stringify(r.search.dates),
          adults: r.search.adults,
          children: r.search.children,
          lesson: r.search.lesson,
          level: r.search.level,
          language: r.search.language,
          quoted_total: r.quotedTotal,
          total: r.total,
          pack: r.pack,
          note: r.note,
          locale: text(r.locale),
        };
      },
      keepsClient: true,
      // Its receipt page lists what was sent, with or without JavaScript.
      receipt: receiptOf(formNames.lessonRequest),
    },
    [formNames.rentalReservation]: {
      key: 'rentalReservation',
      storedAs: formNames.rentalReservation,
      schema: rentalReservationSchema(rentalCatalogue, now),
      files: [],
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
      receipt: receiptOf(formNames.rentalReservation, bookingCode),
    },
    [formNames.consentRecord]: {
      key: 'consentRecord',
      storedAs: formNames.consentRecord,
      schema: ConsentRecordSchema,
      files: [],
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
    },
  };
}
