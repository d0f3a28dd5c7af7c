import { useMemo } from 'react';
import {
  MAX_RENTAL_PEOPLE,
  personField,
  rentalReservation,
  rentalReservationSchema,
  sizeBounds,
  skierLevels,
  type PersonSize,
  type RentalCatalogue,
} from '../../forms/rental-reservation';
import { ContactPersonFields, type ContactPersonStrings } from './ContactPerson';
import {
  CheckboxField,
  fieldWiring,
  labelled,
  Options,
  PrivacyLine,
  SelectField,
  TextField,
} from './fields';
import { SubmissionForm, SubmitButton } from './SubmissionForm';
import type { FormIslandProps, SubmissionTexts } from './SubmissionForm';
import { useFormSubmission } from './useFormSubmission';
import { usePackField } from './usePackField';
import './rental-form.css';

export type RentalReservationStrings = Omit<SubmissionTexts, 'success'> &
  ContactPersonStrings & {
    pack: string;
    packChoose: string;
    dates: string;
    pickUpDate: string;
    returnDate: string;
    /** "The season in … runs from … to …", filled in. */
    seasonHint: string;
    people: string;
    /** "Person {{n}}": `{{n}}` is replaced here. */
    person: string;
    sizes: Record<PersonSize, string>;
    levelChoose: string;
    levels: Record<(typeof skierLevels)[number], string>;
    consent: string;
    privacyLink: string;
    /** The success, before and after the code: "Reserved. Your booking code:" CODE "Show it…". */
    successLead: string;
    successNext: string;
  };

type Props = FormIslandProps<RentalReservationStrings> & {
  resort: string;
  packs: { id: string; label: string }[];
  /** This resort's rental as the rules need it (its packs, its season). */
  catalogue: RentalCatalogue;
  season: { opens: string; closes: string };
  privacyHref: string;
};

const idOf = (field: string) => `rental-${field}`;
const people = Array.from({ length: MAX_RENTAL_PEOPLE }, (_, i) => i + 1);

/**
 * A rental pack reserved on its own (spec §2: compare, select, pick up with a booking code, ride):
 * the pack, the days, each person's sizes for the shop, who to reach. The receiver answers with
 * the booking code, shown in the outcome. People are fixed rows, the first `people` counted; CSS
 * hides the others (rental-form.css), with or without JavaScript.
 */
export default function RentalReservationForm({
  resort,
  packs,
  catalogue,
  season,
  privacyHref,
  ...island
}: Props) {
  const { strings } = island;
  const schema = useMemo(() => rentalReservationSchema(catalogue), [catalogue]);
  const submission = useFormSubmission(schema, island.endpoint, strings);
  const { state, errors, errorText, receipt } = submission;
  const field = fieldWiring(idOf, errorText);

  // The pack chosen with a pack's "Reserve it separately", shown in the field.
  const choosePack = usePackField(idOf('pack'), packs);

  const required = { requiredText: strings.required, required: true };
  const personLabel = (n: number) => strings.person.replace('{{n}}', String(n));
  // The summary names the person a size is for: "Person 2: Enter a height…".
  const problems = Object.keys(errors).map((field): [string, string] => {
    const person = /^person(\d)-/.exec(field);
    const text = errorText(field) ?? '';
    return [idOf(field), person ? `${personLabel(Number(person[1]))}: ${text}` : text];
  });
  const code = receipt.bookingCode;

  return (
    <SubmissionForm
      form={rentalReservation}
      idPrefix="rental"
      className="rental-form form-card--wide"
      submission={submission}
      {...island}
      success={
        // One message: the code set apart inside it (a block of its own, large, monospaced).
        <p>
          {strings.successLead}{' '}
          <strong className="rental-form__code" data-booking-code={code}>
            {code}
          </strong>{' '}
          {strings.successNext}
        </p>
      }
      problems={problems}
    >
      <input type="hidden" name="resort" value={resort} />

      <SelectField
        id={idOf('pack')}
        name="pack"
        label={strings.pack}
        defaultValue=""
        onChange={choosePack}
        error={errorText('pack') ?? errorText('resort')}
        {...required}
      >
        <Options
          choose={strings.packChoose}
          items={packs.map((p) => ({ value: p.id, label: p.label }))}
        />
      </SelectField>

      <fieldset className="form-section">
        <legend>{strings.dates}</legend>
        <p className="form-hint">{strings.seasonHint}</p>
        <div className="rental-form__pair">
          {(['pickUpDate', 'returnDate'] as const).map((day) => (
            <TextField
              key={day}
              {...field(day)}
              type="date"
              min={season.opens}
              max={season.closes}
              label={strings[day]}
              {...required}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{strings.people}</legend>
        {/* Always a number (it starts at 1): marked required without the attribute, which HTML
            allows only on a select that starts empty. */}
        <SelectField
          {...field('people')}
          label={strings.people}
          defaultValue="1"
          requiredText={strings.required}
        >
          <Options items={people.map((n) => ({ value: n, label: n }))} />
        </SelectField>
        {people.map((n) => (
          <fieldset key={n} className="rental-person" data-person={n}>
            <legend>{personLabel(n)}</legend>
            <div className="rental-person__sizes">
              {(['height', 'weight', 'shoe'] as const).map((size) => (
                <TextField
                  key={size}
                  {...field(personField(n, size))}
                  label={strings.sizes[size]}
                  inputMode={size === 'shoe' ? 'decimal' : 'numeric'}
                  maxLength={5}
                  placeholder={`${sizeBounds[size].min}–${sizeBounds[size].max}`}
                  // Only the first row is surely counted: the browser cannot know the others are.
                  requiredText={strings.required}
                  required={n === 1}
                />
              ))}
              <SelectField
                {...field(personField(n, 'level'))}
                label={strings.sizes.level}
                defaultValue=""
                requiredText={strings.required}
                required={n === 1}
              >
                <Options
                  choose={strings.levelChoose}
                  items={labelled(skierLevels, strings.levels)}
                />
              </SelectField>
            </div>
          </fieldset>
        ))}
      </fieldset>

      <ContactPersonFields strings={strings} field={field} />
      <CheckboxField {...field('consent')} label={strings.consent} />
      <PrivacyLine href={privacyHref} link={strings.privacyLink} />
      <SubmitButton sending={state === 'sending'} strings={strings} />
    </SubmissionForm>
  );
}
