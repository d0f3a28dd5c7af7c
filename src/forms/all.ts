/**
 * Every form the receiver takes, each defined once in its own file (definition.ts says what a
 * definition holds). Adding a form is one file and one line here (docs/recipes.md, "Add a form").
 * The store, the receiver, the retention job and the team command read this list.
 */
import { consentRecord } from './consent-record.ts';
import { contact } from './contact.ts';
import { instructorApplication } from './instructor-application.ts';
import { lessonRequest } from './lesson-request.ts';
import { newsletter } from './newsletter.ts';
import { rentalReservation } from './rental-reservation.ts';

export const forms = [
  newsletter,
  contact,
  instructorApplication,
  lessonRequest,
  rentalReservation,
  consentRecord,
] as const;

type AnyForm = (typeof forms)[number];
/** A form's key in the code and its namespace in the translations (`forms.<key>`). */
export type FormKey = AnyForm['key'];
/** A form's `form-name`. */
export type FormName = AnyForm['name'];
/** The forms with a receipt (a code the visitor keeps). */
export type FormWithReceipt = Extract<AnyForm, { receipt: object }>['name'];

/** The forms whose rows carry a code the visitor keeps. */
export const formsWithReceipt = forms.filter(
  (form): form is Extract<AnyForm, { receipt: object }> => 'receipt' in form,
);
