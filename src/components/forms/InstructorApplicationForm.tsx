import { useMemo } from 'react';
import {
  acceptedFileExtensions,
  applicationSchema,
  contractTypes,
  licenceTypes,
  limits,
  OTHER_RESORT,
  sports,
} from '../../forms/schemas';
import {
  CheckboxField,
  fieldId,
  labelled,
  Options,
  PrivacyLine,
  RadioGroup,
  SelectField,
  TextArea,
  TextField,
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
  const { state, errorText: error, progress } = submission;
  const required = { requiredText: strings.required, required: true };

  return (
    <SubmissionForm form="application" submission={submission} {...island}>
      <fieldset className="form-section">
        <legend>{strings.aboutYou}</legend>
        <div className="form-row">
          <TextField
            id={idOf('firstname')}
            name="firstname"
            label={strings.firstname}
            autoComplete="given-name"
            maxLength={limits.personName}
            error={error('firstname')}
            {...required}
          />
          <TextField
            id={idOf('lastname')}
            name="lastname"
            label={strings.lastname}
            autoComplete="family-name"
            maxLength={limits.personName}
            error={error('lastname')}
            {...required}
          />
        </div>
        <div className="form-row">
          <TextField
            id={idOf('email')}
            name="email"
            type="email"
            label={strings.email}
            autoComplete="email"
            maxLength={limits.email}
            error={error('email')}
            {...required}
          />
          <TextField
            id={idOf('phone')}
            name="phone"
            type="tel"
            label={strings.phone}
            hint={strings.phoneHint}
            autoComplete="tel"
            maxLength={limits.phone}
            error={error('phone')}
            {...required}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{strings.teaching}</legend>
        <RadioGroup
          id={idOf('contract')}
          name="contract"
          legend={strings.contract}
          options={labelled(contractTypes, strings.contracts)}
          error={error('contract')}
          {...required}
        />
        <RadioGroup
          id={idOf('sport')}
          name="sport"
          legend={strings.sport}
          options={labelled(sports, strings.sports)}
          error={error('sport')}
          {...required}
        />
        <div className="form-row">
          <TextField
            id={idOf('years')}
            name="years"
            type="number"
            inputMode="numeric"
            min={0}
            max={limits.yearsTaught}
            step={1}
            label={strings.years}
            error={error('years')}
            {...required}
          />
          <SelectField
            id={idOf('licenceType')}
            name="licenceType"
            label={strings.licenceType}
            defaultValue=""
            error={error('licenceType')}
            {...required}
          >
            <Options
              choose={strings.licenceTypeChoose}
              chooseDisabled
              items={labelled(licenceTypes, strings.licenceTypes)}
            />
          </SelectField>
        </div>
        <SelectField
          id={idOf('resort')}
          name="resort"
          label={strings.resort}
          defaultValue=""
          error={error('resort')}
          {...required}
        >
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
            id={idOf('resortName')}
            name="resortName"
            label={strings.resortName}
            maxLength={80}
            autoComplete="off"
            error={error('resortName')}
          />
          <SelectField
            id={idOf('country')}
            name="country"
            label={strings.country}
            defaultValue=""
            error={error('country')}
          >
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
          id={idOf('licence')}
          name="licence"
          type="file"
          accept={acceptedFileExtensions}
          label={strings.licence}
          hint={strings.fileHint}
          error={error('licence')}
          {...required}
        />
        <TextField
          id={idOf('cv')}
          name="cv"
          type="file"
          accept={acceptedFileExtensions}
          label={`${strings.cv} (${strings.optional})`}
          hint={strings.fileHint}
          error={error('cv')}
        />
        <TextArea
          id={idOf('note')}
          name="note"
          rows={4}
          label={`${strings.note} (${strings.optional})`}
          maxLength={limits.note}
          error={error('note')}
        />
      </fieldset>

      <CheckboxField id={idOf('adult')} name="adult" label={strings.adult} error={error('adult')} />
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
