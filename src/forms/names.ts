/**
 * The `form-name` of each form (spec §7); the receiver dispatches on it. Its own module, without
 * valibot, so the consent code can name its record without shipping the schemas to the browser.
 */
export const formNames = {
  newsletter: 'SubscribeForm',
  contact: 'ContactForm',
  application: 'InstructorApplicationForm',
  /** A lesson asked for from a resort lessons page when no booking app takes the search. */
  lessonRequest: 'LessonRequestForm',
  rentalReservation: 'RentalReservationForm',
  /** Not a form people fill in: the record of a cookie choice, posted by the consent code. */
  consentRecord: 'ConsentRecord',
} as const;

/** A form's key in the code and its namespace in the translations (`forms.<key>`). */
export type FormKey = keyof typeof formNames;
export type FormName = (typeof formNames)[FormKey];
