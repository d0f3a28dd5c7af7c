/**
 * What a visitor keeps after sending a form whose row they may want to see again: a code, drawn
 * by the receiver, that is the address of a receipt page rendered on demand from the database.
 * One kind per form with a receipt (store.ts `receiptColumns` names their columns):
 *
 * - a rental reservation's booking code, short enough to read out at the shop (booking-code.ts),
 *   page `/<locale>/booking/<code>`;
 * - a lesson request's reference, a random UUID (122 random bits: an address nobody can guess or
 *   walk through), page `/<locale>/request/<reference>`. Nobody reads it out, so length is free.
 *
 * Whoever has the address sees the page: receipt pages show what was asked for, never who asked
 * (no name, email, phone).
 */
import { BOOKING_CODE_PATTERN, newBookingCode } from './booking-code';
import type { FormWithReceipt } from './store';

/** A lesson request's reference: a version 4 UUID as `crypto.randomUUID` writes it. */
export const REFERENCE_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export type ReceiptKind = {
  /** A new code (a clash with a stored one is caught by the column's UNIQUE index and drawn again). */
  draw: () => string;
  /** What a code of this kind looks like: anything else is not looked up. */
  pattern: RegExp;
  /** The name of the code in the receiver's JSON answer. */
  answer: string;
  /** The receipt page of a code, in the visitor's language (English when the post named none). */
  page: (code: string, locale: string | null) => string;
};

export const receiptKinds = {
  RentalReservationForm: {
    draw: () => newBookingCode(),
    pattern: BOOKING_CODE_PATTERN,
    answer: 'bookingCode',
    page: (code, locale) => `/${locale ?? 'en'}/booking/${code}`,
  },
  LessonRequestForm: {
    draw: () => crypto.randomUUID(),
    pattern: REFERENCE_PATTERN,
    answer: 'reference',
    page: (code, locale) => `/${locale ?? 'en'}/request/${code}`,
  },
} as const satisfies Record<FormWithReceipt, ReceiptKind>;
