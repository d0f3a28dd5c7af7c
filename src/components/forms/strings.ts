/**
 * The translated strings each form island receives as props (no i18n runtime in the browser),
 * built at build time from `content/translations` (namespace `forms`).
 */
import { config } from '../../config';
import { contactFieldNames } from '../../forms/contact';
import { contractTypes, licenceTypes, sports } from '../../forms/instructor-application';
import { personSizes, skierLevels } from '../../forms/rental-reservation';
import { errorMessages, errorValues, fileSize, type FilledForm } from '../../forms/messages';
import type { Locale } from '../../i18n/locales';
import {
  oncePerLocale,
  textsOf,
  useTranslations,
  type KeysUnder,
  type TranslationKey,
} from '../../i18n/translate';
import type { ApplicationStrings } from './InstructorApplicationForm';
import type { ContactStrings } from './ContactForm';
import type { RentalReservationStrings } from './RentalReservationForm';
import { day } from '../../i18n/format';
import type { ErrorMessages } from './fields';
import type { NewsletterTexts } from '../../forms/browser/newsletter-outcome';
import type { LessonRequestStrings } from './LessonRequestForm';
import { keep, pluralOf, quoteStrings, searchStrings } from '../search/strings';
import { lessonSports } from '../../lessons/search';

function common(locale: Locale) {
  const t = useTranslations(locale);
  return {
    sending: t('forms.sending'),
    required: t('forms.required'),
    optional: t('forms.optional'),
    errorSummary: t('forms.errorSummary'),
    rateLimited: t('forms.rateLimited'),
    honeypot: t('forms.honeypot'),
  };
}

/** The forms whose texts have a submit, a success and a failure of their own. */
type FramedForm = {
  [F in FilledForm]: `forms.${F}.${'submit' | 'success' | 'failure'}` extends TranslationKey
    ? F
    : never;
}[FilledForm];

/**
 * The texts every form's frame shows (SubmissionForm): the shared ones, and the form's own
 * `forms.<form>.submit`, `.success`, `.failure` (`{email}` filled in) and problems. A form of
 * plain fields needs nothing more than these and its labels (`textsOf(t, 'forms.<form>', fields)`).
 */
export function submissionTexts(locale: Locale, form: FramedForm) {
  const t = useTranslations(locale);
  const values = { email: config.contactEmail };
  return {
    ...common(locale),
    submit: t(`forms.${form}.submit`, values),
    success: t(`forms.${form}.success`, values),
    failure: t(`forms.${form}.failure`, values),
    errors: errorMessages(form, locale),
  };
}

/** The newsletter form's texts, and the dialog's around it (heading, intro, close). */
export type NewsletterStrings = {
  heading: string;
  intro: string;
  close: string;
  email: string;
  submit: string;
  sending: string;
  success: string;
  /** Under the success: the confirmation link is in the mail (double opt-in). */
  checkInbox: string;
  failure: string;
  rateLimited: string;
  honeypot: string;
  privacy: string;
  errors: ErrorMessages;
};

export const newsletterStrings = oncePerLocale((locale): NewsletterStrings => {
  const t = useTranslations(locale);
  const k = (key: KeysUnder<'forms.newsletter'>) => t(`forms.newsletter.${key}`);
  return {
    ...common(locale),
    heading: k('heading'),
    intro: k('intro'),
    email: k('email'),
    submit: k('submit'),
    close: k('close'),
    privacy: k('privacy'),
    success: k('success'),
    checkInbox: k('checkInbox'),
    failure: k('failure'),
    errors: errorMessages('newsletter', locale),
  };
});

/** What newsletter-form.ts shows (the rest of the form's texts are in its markup already). */
export const newsletterTexts = (locale: Locale): NewsletterTexts => {
  const strings = newsletterStrings(locale);
  return {
    errors: strings.errors,
    submit: strings.submit,
    sending: strings.sending,
    success: strings.success,
    checkInbox: strings.checkInbox,
    failure: strings.failure,
    rateLimited: strings.rateLimited,
  };
};

export const contactStrings = oncePerLocale((locale): ContactStrings => {
  const t = useTranslations(locale);
  const k = (key: KeysUnder<'forms.contact'>) =>
    t(`forms.contact.${key}`, { email: config.contactEmail });
  return {
    ...submissionTexts(locale, 'contact'),
    labels: textsOf(t, 'forms.contact', contactFieldNames),
    nameHint: k('nameHint'),
  };
});

export const applicationStrings = oncePerLocale((locale): ApplicationStrings => {
  const t = useTranslations(locale);
  const values = { email: config.contactEmail, size: fileSize(config.forms.maxFileBytes, locale) };
  const k = (key: KeysUnder<'forms.application'>) => t(`forms.application.${key}`, values);
  return {
    ...common(locale),
    aboutYou: k('aboutYou'),
    teaching: k('teaching'),
    documents: k('documents'),
    firstname: k('firstname'),
    lastname: k('lastname'),
    email: k('email'),
    phone: k('phone'),
    phoneHint: k('phoneHint'),
    contract: k('contract'),
    contracts: textsOf(t, 'forms.application.contracts', contractTypes, values),
    sport: k('sport'),
    sports: textsOf(t, 'forms.application.sports', sports, values),
    years: k('years'),
    licenceType: k('licenceType'),
    licenceTypeChoose: k('licenceTypeChoose'),
    licenceTypes: textsOf(t, 'forms.application.licenceTypes', licenceTypes, values),
    licence: k('licence'),
    cv: k('cv'),
    fileHint: k('fileHint'),
    resort: k('resort'),
    resortChoose: k('resortChoose'),
    otherResort: k('otherResort'),
    resortName: k('resortName'),
    country: k('country'),
    countryChoose: k('countryChoose'),
    note: k('note'),
    adult: k('adult'),
    privacy: k('privacy'),
    privacyLink: k('privacyLink'),
    back: k('back'),
    submit: k('submit'),
    progress: k('progress'),
    success: k('success'),
    failure: k('failure'),
    errors: errorMessages('application', locale),
  };
});

/**
 * The lesson request's own texts named in its bundle as under `forms.lessonRequest` (the contact
 * address filled in where one names it).
 */
const lessonRequestTexts = [
  'lessonLegend',
  'carried',
  'date',
  'pack',
  'packNone',
  'packHint',
  'aboutYou',
  'name',
  'nameHint',
  'email',
  'phone',
  'phoneHint',
  'note',
  'consent',
  'privacy',
  'privacyLink',
  'submit',
  'next',
  'total',
  'groupPrice',
  'failure',
] as const;

export const lessonRequestStrings = oncePerLocale((locale): LessonRequestStrings => {
  const t = useTranslations(locale);
  const k = (key: KeysUnder<'forms.lessonRequest'>, values: Record<string, string | number> = {}) =>
    t(`forms.lessonRequest.${key}`, { email: config.contactEmail, ...values });
  // The lesson's fields are the search form's: the same labels, from the search's own bundle.
  const search = searchStrings(locale);
  return {
    ...common(locale),
    ...textsOf(t, 'forms.lessonRequest', lessonRequestTexts, { email: config.contactEmail }),
    time: search.time,
    hours: search.hours,
    hoursHint: search.hoursHint,
    adults: search.adults,
    children: search.children,
    lesson: search.lesson,
    lessons: search.lessons,
    level: search.level,
    levelChoose: search.levelChoose,
    levels: search.levels,
    language: search.language,
    languages: search.languages,
    sport: search.sport,
    // The search also offers the sports still to come; a request is for one taught today.
    sports: textsOf(t, 'search.sports', lessonSports),
    success: k('success', keep('email')),
    receiptLink: k('receipt.link'),
    sentHeading: k('sentHeading', keep('resort')),
    dates: t('search.summary.dates'),
    dateLine: t('search.summary.dateLine', keep('date', 'time', 'hours')),
    people: search.people,
    adultsCount: pluralOf(t, 'search.summary.adults'),
    childrenCount: pluralOf(t, 'search.summary.children'),
    errors: errorMessages('lessonRequest', locale),
    quote: quoteStrings(locale),
  };
});

/** The rental reservation's texts for one resort (its name and season in the hint). */
export function rentalReservationStrings(
  locale: Locale,
  resort: { name: string; season: { opens: string; closes: string } },
): RentalReservationStrings {
  const t = useTranslations(locale);
  const values = {
    email: config.contactEmail,
    resort: resort.name,
    opens: day(resort.season.opens, locale),
    closes: day(resort.season.closes, locale),
  };
  const k = (key: KeysUnder<'forms.rentalReservation'>) =>
    t(`forms.rentalReservation.${key}`, values);
  return {
    ...common(locale),
    pack: k('pack'),
    packChoose: k('packChoose'),
    dates: k('dates'),
    pickUpDate: k('pickUpDate'),
    returnDate: k('returnDate'),
    seasonHint: k('seasonHint'),
    people: k('people'),
    // Filled in by the island, once per row.
    person: t('forms.rentalReservation.person', { n: '{{n}}' }),
    sizes: textsOf(t, 'forms.rentalReservation.sizes', personSizes, errorValues(locale)),
    levelChoose: k('levelChoose'),
    levels: textsOf(t, 'rental.level', skierLevels),
    aboutYou: k('aboutYou'),
    name: t('forms.contact.name'),
    nameHint: t('forms.contact.nameHint'),
    email: t('forms.contact.email'),
    phone: t('forms.application.phone'),
    phoneHint: t('forms.application.phoneHint'),
    consent: k('consent'),
    privacyLink: t('forms.application.privacyLink'),
    submit: k('submit'),
    successLead: k('successLead'),
    successNext: k('successNext'),
    failure: k('failure'),
    errors: errorMessages('rentalReservation', locale),
  };
}
