/**
 * What a visitor keeps after sending a form whose row they may want to see again: a code, drawn
 * by the receiver, that is the address of a receipt page rendered on demand from the database.
 * Each form with a receipt says how its codes look in its definition (`receipt`):
 *
 * - a rental reservation's booking code, short enough to read out at the shop (booking-code.ts),
 *   page `/<locale>/booking/<code>`;
 * - a lesson request's reference, a random UUID, page `/<locale>/request/<reference>`.
 *
 * Whoever has the address sees the page: receipt pages show what was asked for, never who asked
 * (no name, email, phone).
 */

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
