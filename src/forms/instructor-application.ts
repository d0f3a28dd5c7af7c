/**
 * The instructor application (spec §3): who they are, how they would work, where, their licence
 * (a scan, required) and CV (optional). Files are stored by content (uploads.ts) and kept
 * `fileRetentionDays`; the row stays, marked purged, so the team sees a file had been sent.
 */
import * as v from 'valibot';
import { teachingCountryCodes } from '../instructors/countries.ts';
import {
  DEFAULT_MAX_FILE_BYTES,
  email,
  FREE_TEXT,
  limits,
  localeField,
  OTHER_RESORT,
  PHONE_PATTERN,
  textField,
  upload,
  text,
} from './schemas.ts';
import type { FormDefinition } from './definition.ts';

export const contractTypes = ['direct', 'freelance'] as const;
export const sports = ['ski', 'snowboard', 'both'] as const;
/** Spec §3: trainee/stagiaire, full diploma/state diploma, other, TD1, TD2, TD3. */
export const licenceTypes = ['trainee', 'diploma', 'td1', 'td2', 'td3', 'other'] as const;

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

export const instructorApplication = {
  name: 'InstructorApplicationForm',
  key: 'application',
  page: 'instructorApplication',
  cli: 'application',
  table: 'instructor_applications',
  migrations: [],
  rules: ({ maxFileBytes }) => applicationSchema({ maxFileBytes }),
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
} as const satisfies FormDefinition;
