import { useMemo } from 'react';
import { acceptedFileExtensions, limits, OTHER_RESORT } from '../../forms/schemas';
import {
  applicationSchema,
  contractTypes,
  instructorApplication,
  licenceTypes,
  sports,
} from '../../forms/instructor-application';
import { personInputs } from './ContactPerson';
import {
  CheckboxField,
  fieldId,
  fieldWiring,
  labelled,
  NoteField,
  Options,
  PrivacyLine,
  RadioGroup,
  SelectField,
  TextField,
  wholeNumberInput,
} from './fields';
import { SubmissionForm, SubmitButton } from './SubmissionForm';
import type { FormIslandProps, SubmissionTexts } from './SubmissionForm';
import { useFormSubmission } from './useFormSubmission';

export type ApplicationStrings = SubmissionTexts & {
  aboutYou: string;
  teaching: string;
  documents: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  phoneHint: string;
  contract: string;
  contracts: Record<(typeof contractTypes)[number], string>;
  sport: string;
  sports: Record<(typeof sports)[number], string>;
  years: string;
  licenceType: string;
  licenceTypeChoose: string;
  licenceTypes: Record<(typeof licenceTypes)[number], string>;
  licence: string;
  cv: string;
  fileHint: string;
  resort: string;
  resortChoose: string;
  otherResort: string;
  resortName: string;
  country: string;
  countryChoose: string;
  note: string;
  adult: string;
  privacy: string;
  privacyLink: string;
  back: string;
  progress: string;
  required: string;
  optional: string;
};

type Props = FormIslandProps<ApplicationStrings> & {
  /** The resorts the site lists, and the countries whose instructors are invited (by name). */
  resorts: { id: string; name: string; country: string }[];
  countries: { code: string; name: string }[];
  maxFileBytes: number;
  /** The instructors page (the Back button) and the privacy policy. */
  backHref: string;
  privacyHref: string;
};

const idOf = (field: string) => fieldId('application', field);

/** The instructor application (spec §3): details, teaching, licence file and optional CV, resort, note. */
export default function InstructorApplicationForm({
  resorts,
  countries,
  maxFileBytes,
  backHref,
  privacyHref,
  ...island
}: Props) {
  const { strings } = island;
  const schema = useMemo(() => applicationSchema({ maxFileBytes }), [maxFileBytes]);
  const submission = useFormSubmission(schema, island.endpoint, strings);
  const { state, errorText, progress } = submission;
  const field = fieldWiring(idOf, errorText);
  const required = { requiredText: strings.required, required: true };

  return (
    <SubmissionForm form={instructorApplication} submission={submission} {...island}>
      <fieldset className="form-section">
        <legend>{strings.aboutYou}</legend>
        <div className="form-row">
          <TextField
            {...field('firstname')}
            label={strings.firstname}
            autoComplete="given-name"
            maxLength={limits.personName}
            {...required}
          />
          <TextField
            {...field('lastname')}
            label={strings.lastname}
            autoComplete="family-name"
            maxLength={limits.personName}
            {...required}
          />
        </div>
        <div className="form-row">
          <TextField
            {...field('email')}
            {...personInputs.email}
            label={strings.email}
            {...required}
          />
          <TextField
            {...field('phone')}
            {...personInputs.phone}
            label={strings.phone}
            hint={strings.phoneHint}
            {...required}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{strings.teaching}</legend>
        <RadioGroup
          {...field('contract')}
          legend={strings.contract}
          options={labelled(contractTypes, strings.contracts)}
          {...required}
        />
        <RadioGroup
          {...field('sport')}
          legend={strings.sport}
          options={labelled(sports, strings.sports)}
          {...required}
        />
        <div className="form-row">
          <TextField
            {...field('years')}
            {...wholeNumberInput(0, limits.yearsTaught)}
            label={strings.years}
            {...required}
          />
          <SelectField
            {...field('licenceType')}
            label={strings.licenceType}
            defaultValue=""
            {...required}
          >
            <Options
              choose={strings.licenceTypeChoose}
              chooseDisabled
              items={labelled(licenceTypes, strings.licenceTypes)}
            />
          </SelectField>
        </div>
        <SelectField {...field('resort')} label={strings.resort} defaultValue="" {...required}>
          <option value="" disabled>
            {strings.resortChoose}
          </option>
          {countries
            .filter((country) => resorts.some((resort) => resort.country === country.code))
            .map((country) => (
              <optgroup key={country.code} label={country.name}>
                {resorts
                  .filter((resort) => resort.country === country.code)
                  .map((resort) => (
                    <option key={resort.id} value={resort.id}>
                      {resort.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          <option value={OTHER_RESORT}>{strings.otherResort}</option>
        </SelectField>
        {/* Shown once "another resort" is chosen (forms.css), and always without CSS :has(). */}
        <div className="form-row other-resort">
          <TextField
            {...field('resortName')}
            label={strings.resortName}
            maxLength={80}
            autoComplete="off"
          />
          <SelectField {...field('country')} label={strings.country} defaultValue="">
            <Options
              choose={strings.countryChoose}
              items={countries.map((country) => ({ value: country.code, label: country.name }))}
            />
          </SelectField>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{strings.documents}</legend>
        <TextField
          {...field('licence')}
          type="file"
          accept={acceptedFileExtensions}
          label={strings.licence}
          hint={strings.fileHint}
          {...required}
        />
        <TextField
          {...field('cv')}
          type="file"
          accept={acceptedFileExtensions}
          label={`${strings.cv} (${strings.optional})`}
          hint={strings.fileHint}
        />
        <NoteField field={field} label={`${strings.note} (${strings.optional})`} />
      </fieldset>

      <CheckboxField {...field('adult')} label={strings.adult} />
      <PrivacyLine lead={strings.privacy} href={privacyHref} link={strings.privacyLink} />

      {state === 'sending' && progress !== null && (
        <div className="form-progress">
          <label htmlFor={idOf('progress')}>{strings.progress}</label>
          <progress id={idOf('progress')} max={1} value={progress} />
        </div>
      )}

      <div className="form-actions">
        <a className="button button--ghost" href={backHref}>
          {strings.back}
        </a>
        <SubmitButton sending={state === 'sending'} strings={strings} />
      </div>
    </SubmissionForm>
  );
}
