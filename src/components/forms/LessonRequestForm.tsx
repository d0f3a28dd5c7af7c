import { useEffect, useMemo, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import {
  checkLessonRequest,
  euros,
  lessonRequest,
  lessonRequestInput,
  type LessonRequest,
  type LessonRequestContext,
} from '../../forms/lesson-request';

import { money } from '../../i18n/format';
import { lessonTypes, type LessonRule } from '../../lessons/price';
import {
  defaultDraft,
  draftFromQuery,
  draftQuote,
  hasSearch,
  lessonLanguages,
  levels,
  localToday,
  type LessonSport,
  validateSearch,
  type SearchDraft,
} from '../../lessons/search';
import type { Quote } from '../../lessons/price';
import { setLessonSearch } from '../../stores/lesson-search';
import { headCountInput } from '../search/search-fields';
import { fill, type Plural, type QuoteStrings } from '../search/text';
import { ContactPersonFields, type ContactPersonStrings } from './ContactPerson';
import { LessonRequestRecap, SearchFacts, type SentLessonRequest } from './LessonRequestRecap';
import {
  CheckboxField,
  fieldWiring,
  labelled,
  NoteField,
  Options,
  PrivacyLine,
  SelectField,
  TextField,
  wholeNumberInput,
  type FieldOf,
} from './fields';
import { SubmissionForm, SubmitButton } from './SubmissionForm';
import type { FormIslandProps, SubmissionTexts } from './SubmissionForm';
import { useFormSubmission } from './useFormSubmission';
import { usePackField } from './usePackField';

export type LessonRequestStrings = SubmissionTexts &
  ContactPersonStrings & {
    lessonLegend: string;
    /** Said above the search carried from the address: "Your search comes with this request". */
    carried: string;
    date: string;
    time: string;
    hours: string;
    hoursHint: string;
    adults: string;
    children: string;
    lesson: string;
    lessons: Record<(typeof lessonTypes)[number], string>;
    level: string;
    levelChoose: string;
    levels: Record<(typeof levels)[number], string>;
    language: string;
    languages: Record<(typeof lessonLanguages)[number], string>;
    sport: string;
    sports: Record<LessonSport, string>;
    pack: string;
    packNone: string;
    packHint: string;
    note: string;
    consent: string;
    privacy: string;
    privacyLink: string;
    /** `Request sent. … {{email}} …` (the frame's success, the address filled in). */
    /** What happens next, after the success. */
    next: string;
    /** The link to the request's receipt page, under the recap. */
    receiptLink: string;
    sentHeading: string;
    dates: string;
    dateLine: string;
    people: string;
    adultsCount: Plural;
    childrenCount: Plural;
    total: string;
    groupPrice: string;
    quote: QuoteStrings;
  };

type Props = FormIslandProps<LessonRequestStrings> & {
  intl: string;
  resort: { id: string; name: string };
  /** The resort's season, `YYYY-MM-DD`: a lesson's days are within it. */
  season: { opens: string; closes: string };
  sport: 'ski' | 'snowboard';
  rule: LessonRule;
  /** The resort's rental packs for this sport (none: no rental, no pack field). */
  packs: { id: string; name: string }[];
  privacyHref: string;
};

const idOf = (field: string) => `lesson-request-${field}`;

/**
 * The lesson request (spec §3, without a booking app): the visitor's search, carried from the
 * page's address, or asked for here (no search, or no JavaScript), an optional rental pack, and
 * who they are. The receiver checks it again, price included (src/forms/lesson-request.ts).
 */
export default function LessonRequestForm({
  intl,
  resort,
  season,
  sport,
  rule,
  packs,
  privacyHref,
  ...island
}: Props) {
  const { strings, locale } = island;
  const context = useMemo<LessonRequestContext>(
    () => ({
      resorts: [resort],
      rule,
      today: () => localToday(),
      packsByResort: { [resort.id]: packs.map((pack) => ({ id: pack.id, sport })) },
      seasons: { [resort.id]: season },
    }),
    [resort, season, sport, rule, packs],
  );
  const check = (data: FormData) => checkLessonRequest(data, context);
  const submission = useFormSubmission(check, island.endpoint, strings);
  const { state, errors, errorText, hydrated, handleSubmit, receipt } = submission;
  const field = fieldWiring(idOf, errorText);

  // The search of the page's address (read once the island runs: the page is static).
  const [carried, setCarried] = useState<SearchDraft | null>(null);
  // The pack chosen on the resort's rental page ("Add it to a lesson"), shown in the pack field.
  const choosePack = usePackField(idOf('pack'), packs);
  // The visible fields' first values: the form's defaults, or a search of the address that needs
  // a change (its first date); `typed` follows what the visitor types, for the quote.
  const [initial, setInitial] = useState<{ from: string; draft: SearchDraft }>(() => ({
    from: 'page',
    draft: { ...defaultDraft(locale), sport },
  }));
  const [typed, setTyped] = useState<SearchDraft>(initial.draft);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (!hasSearch(query)) {
      // What was typed before the island ran (it hydrates on the first interaction) is the quote's.
      if (form.current) setTyped(draftOf(form.current));
      return;
    }
    // The page's resort and sport win over the query's, as in the summary above.
    const draft = { ...draftFromQuery(query, locale), where: resort.id, sport };
    if (validateSearch(draft, { resorts: [resort], today: localToday(), rule }).ok)
      setCarried(draft);
    else {
      const first = { ...draft, dates: draft.dates.slice(0, 1) };
      setInitial({ from: 'address', draft: first });
      setTyped(first);
    }
  }, [locale, packs, resort, rule, sport]);

  const draft = carried ?? typed;
  const quote = draftQuote(draft, rule);
  /**
   * Keeps the typed search (for the quote) in step with the visible fields; a change of the
   * search becomes the page's search (the lesson search store), which the summary above shows.
   */
  function onInput(event: InputEvent<HTMLFormElement>) {
    if (carried) return;
    const now = draftOf(event.currentTarget);
    if (JSON.stringify(now) === JSON.stringify(typed)) return;
    setTyped(now);
    setLessonSearch(now);
  }

  // What was sent, for the confirmation: read from the form at the moment it was sent.
  const sentData = useRef<FormData | null>(null);
  const [sent, setSent] = useState<LessonRequest | null>(null);
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    sentData.current = new FormData(event.currentTarget);
    return handleSubmit(event);
  }
  useEffect(() => {
    if (state !== 'sent' || !sentData.current) return;
    const result = checkLessonRequest(sentData.current, context);
    if (result.ok) setSent(result.output);
  }, [state, context]);

  const success = fill(strings.success, { email: sent?.email ?? '' });

  return (
    <SubmissionForm
      form={lessonRequest}
      idPrefix="lesson-request"
      className="lesson-request form-card--wide"
      submission={{ ...submission, handleSubmit: onSubmit }}
      {...island}
      success={success}
      sentDetail={
        sent && (
          <>
            <LessonRequestRecap
              request={sentRequest(sent, packs)}
              resortName={resort.name}
              strings={strings}
              intl={intl}
              heading="h4"
              idPrefix="lesson-request"
            />
            {receipt.reference && (
              <p>
                <a href={receiptHref(receipt.reference, locale, island.endpoint)}>
                  {strings.receiptLink}
                </a>
              </p>
            )}
          </>
        )
      }
      onInput={onInput}
      formRef={form}
    >
      <input type="hidden" name="where" value={resort.id} />
      <input type="hidden" name="sport" value={sport} />
      {/* The price the visitor sees; none before the island runs (no JavaScript: no quote). */}
      <input
        type="hidden"
        name="quotedTotal"
        value={hydrated && quote?.kind === 'private' ? euros(quote.total) : ''}
      />

      <fieldset className="form-section">
        <legend>{strings.lessonLegend}</legend>
        {carried ? (
          <CarriedSearch draft={carried} strings={strings} intl={intl} />
        ) : (
          <SearchFields
            key={initial.from}
            draft={initial.draft}
            strings={strings}
            rule={rule}
            field={field}
          />
        )}
        {hydrated && <PriceLine quote={quote} strings={strings} intl={intl} />}
        {packs.length > 0 && (
          <SelectField
            {...field('pack')}
            label={`${strings.pack} (${strings.optional})`}
            hint={strings.packHint}
            defaultValue=""
            onChange={choosePack}
          >
            <Options
              choose={strings.packNone}
              items={packs.map((p) => ({ value: p.id, label: p.name }))}
            />
          </SelectField>
        )}
      </fieldset>

      <ContactPersonFields strings={strings} field={field}>
        <NoteField field={field} label={`${strings.note} (${strings.optional})`} />
      </ContactPersonFields>
      <CheckboxField {...field('consent')} label={strings.consent} />
      <PrivacyLine lead={strings.privacy} href={privacyHref} link={strings.privacyLink} />
      {/* A problem the visible fields cannot show (a price that changed, a pack withdrawn). */}
      {errors.quotedTotal && (
        <p className="form-error" id={idOf('quotedTotal')} role="alert">
          {errorText('quotedTotal')}
        </p>
      )}

      <SubmitButton sending={state === 'sending'} strings={strings} />
    </SubmissionForm>
  );
}

type Strings = { strings: LessonRequestStrings };

/** The search the form's fields hold (visible or carried), as the receiver will read it. */
const draftOf = (form: HTMLFormElement) =>
  lessonRequestInput(new FormData(form)).search as SearchDraft;

/** The search carried from the address: hidden fields (the query's names) and what they say. */
function CarriedSearch({ draft, strings, intl }: Strings & { draft: SearchDraft; intl: string }) {
  const hidden = [
    ...draft.dates.flatMap((d) => [
      ['date', d.day],
      ['time', d.time],
      ['hours', d.hours],
    ]),
    ...(['adults', 'children', 'lesson', 'level', 'language'] as const).map((key) => [
      key,
      draft[key],
    ]),
  ];
  return (
    <div className="lesson-request__carried" data-carried-search>
      <p>{strings.carried}</p>
      {hidden.map(([name, value], index) => (
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <SearchFacts
        strings={strings}
        intl={intl}
        dates={draft.dates.map((d) => ({ ...d, hours: Number(d.hours) }))}
        adults={Number(draft.adults) || 0}
        childCount={Number(draft.children) || 0}
        lesson={draft.lesson}
        level={draft.level}
        language={draft.language}
      />
    </div>
  );
}

/**
 * The price this request carries, updated as the fields change (a polite live region). The
 * search's own quote, with its detail, is in the summary above when the page has a search.
 */
function PriceLine({ quote, strings, intl }: Strings & { quote: Quote | null; intl: string }) {
  return (
    <p className="lesson-request__price" aria-live="polite" aria-atomic="true">
      {quote === null && strings.quote.pending}
      {quote?.kind === 'private' && (
        <>
          {strings.total} <strong data-request-total>{money(quote.total, intl)}</strong>
        </>
      )}
      {quote?.kind === 'group' && (
        <>
          {strings.total} <strong>{strings.groupPrice}</strong>
        </>
      )}
    </p>
  );
}

/** The lesson asked for when no search came with the page (or without JavaScript): one date. */
function SearchFields({
  draft,
  strings,
  rule,
  field,
}: Strings & { draft: SearchDraft; rule: LessonRule; field: FieldOf }) {
  const first = draft.dates[0] ?? { day: '', time: '10:00', hours: '2' };
  const required = { requiredText: strings.required, required: true } as const;
  // A select whose options are all real values always has one: marked required for the visitor,
  // without the attribute (HTML allows `required` only on a select that starts empty).
  const alwaysChosen = { requiredText: strings.required } as const;
  return (
    <>
      <div className="form-row">
        <TextField
          {...field('date')}
          type="date"
          label={strings.date}
          defaultValue={first.day}
          {...required}
        />
        <TextField
          {...field('time')}
          type="time"
          label={strings.time}
          defaultValue={first.time}
          {...required}
        />
        <TextField
          {...field('hours')}
          {...wholeNumberInput(rule.durationHours.min, rule.durationHours.max)}
          label={strings.hours}
          hint={strings.hoursHint}
          defaultValue={first.hours}
          {...required}
        />
      </div>
      <div className="form-row">
        {(['adults', 'children'] as const).map((count) => (
          <TextField
            key={count}
            {...field(count)}
            {...headCountInput}
            label={strings[count]}
            defaultValue={draft[count]}
          />
        ))}
      </div>
      <div className="form-row">
        <SelectField
          {...field('lesson')}
          label={strings.lesson}
          defaultValue={draft.lesson}
          {...alwaysChosen}
        >
          <Options items={labelled(lessonTypes, strings.lessons)} />
        </SelectField>
        <SelectField
          {...field('level')}
          label={strings.level}
          defaultValue={draft.level}
          {...required}
        >
          <Options
            choose={strings.levelChoose}
            chooseDisabled
            items={labelled(levels, strings.levels)}
          />
        </SelectField>
        <SelectField
          {...field('language')}
          label={strings.language}
          defaultValue={draft.language}
          {...alwaysChosen}
        >
          <Options items={labelled(lessonLanguages, strings.languages)} />
        </SelectField>
      </div>
    </>
  );
}

/**
 * The receipt page is the receiver's (rendered from its database): on its origin, which is not
 * the page's when the forms post to a receiver elsewhere (static hosting, docs/deploy.md).
 */
const receiptHref = (reference: string, locale: string, endpoint: string) =>
  new URL(lessonRequest.receipt.page(reference, locale), new URL(endpoint, window.location.href))
    .href;

/** The request as the recap shows it, with who sent it (the visitor's own screen). */
const sentRequest = (request: LessonRequest, packs: Props['packs']): SentLessonRequest => ({
  ...request.search,
  total: request.total,
  pack: request.pack ? (packs.find((p) => p.id === request.pack)?.name ?? request.pack) : null,
  note: request.note,
  contact: { name: request.name, email: request.email, phone: request.phone },
});
