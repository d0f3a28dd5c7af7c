/**
 * The translated strings each form island receives as props (no i18n runtime in the browser),
 * built at build time from `content/translations` (namespace `forms`).
 */
import { config } from '../../config';
import {
  contactFieldNames,
  contractTypes,
  licenceTypes,
  limits,
  sports,
  type FormKey,
} from '../../forms/schemas';
import type { Locale } from '../../i18n/locales';
import {
  oncePerLocale,
  textsOf,
  textsUnder,
  useTranslations,
  type KeysUnder,
} from '../../i18n/translate';
import type { ApplicationStrings } from './InstructorApplicationForm';
import type { ContactStrings } from './ContactForm';
import type { ErrorMessages } from './fields';

/** The forms people fill in (a consent record is sent by code: it has no texts). */
type FilledForm = Exclude<FormKey, 'consentRecord'>;

/** "10 MB" in the locale's way of writing numbers ("10 Mo" is not used: MB is understood everywhere). */
export function fileSize(bytes: number, locale: Locale) {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0MB`;
}

/** Values the error messages may interpolate. */
const errorValues = (locale: Locale) => ({
  size: fileSize(config.forms.maxFileBytes, locale),
  maxYears: limits.yearsTaught,
  maxNote: limits.note,
});

/** Every problem code of a form (from the English file, which has them all) → its text in `locale`. */
export function errorMessages(form: FilledForm, locale: Locale): Record<string, string> {
  return textsUnder(locale, `forms.${form}.errors`, errorValues(locale));
}

/**
 * The English text of a problem code, for the receiver's JSON answers. Consent records are sent by
 * code, never typed by a person, so their problems are named plainly rather than translated.
 */
export function englishMessage(form: FormKey, code: string) {
  if (form === 'consentRecord')
    return `The field ${code.split('.')[0]} of the consent record is not valid.`;
  return errorMessages(form, 'en')[code] ?? code;
}

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

/** The newsletter form's texts, and the dialog's around it (heading, intro, close). */
export type NewsletterStrings = {
  heading: string;
  intro: string;
  close: string;
  email: string;
  submit: string;
  sending: string;
  success: string;
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
    failure: k('failure'),
    errors: errorMessages('newsletter', locale),
  };
});

export const contactStrings = oncePerLocale((locale): ContactStrings => {
  const t = useTranslations(locale);
  const k = (key: KeysUnder<'forms.contact'>) =>
    t(`forms.contact.${key}`, { email: config.contactEmail });
  return {
    ...common(locale),
    labels: textsOf(t, 'forms.contact', contactFieldNames),
    nameHint: k('nameHint'),
    submit: k('submit'),
    success: k('success'),
    failure: k('failure'),
    errors: errorMessages('contact', locale),
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
