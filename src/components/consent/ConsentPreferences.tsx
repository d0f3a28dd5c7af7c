import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  consentCookie,
  optionalCategories,
  rejectAll,
  type Category,
  type ConsentChoice,
  type OptionalCategory,
} from '../../consent/consent';
import { $consent, saveConsent } from '../../stores/consent';
import { showStoredChoice } from './stored-choice';

export type ConsentPreferencesStrings = {
  legend: string;
  alwaysOn: string;
  save: string;
  saved: string;
  savedReloaded: string;
  currentNone: string;
  currentChosen: string;
};

type Props = {
  strings: ConsentPreferencesStrings;
  /** Name and description of each category, in the order shown. */
  categories: { id: Category; name: string; description: string }[];
};

/** The address fragment that tells the reloaded page its preferences were saved. */
const RELOADED = 'consent-saved';

/** The choice the form's boxes show. */
function boxesOf(form: HTMLFormElement): ConsentChoice {
  const ticked = (category: OptionalCategory) =>
    form.querySelector<HTMLInputElement>(`#consent-${category}`)?.checked ?? false;
  return {
    functionality: ticked('functionality'),
    tracking: ticked('tracking'),
    targeting: ticked('targeting'),
  };
}

/**
 * The preferences form: necessary (always on) and the three optional categories. The server
 * renders them unticked; the page's script ticks the stored choice (stored-choice.ts) before the
 * island hydrates, on the visitor's first interaction (`client:interaction`), and the island starts
 * from the boxes as they are then, the visitor's changes included. Saving writes the cookies and
 * confirms. Withdrawing tracking reloads the page once saved, because the only sure way to stop
 * scripts already running in Partytown's worker is to leave the page; the confirmation says so
 * (the reloaded page hydrates at once for it: `#consent-saved`). A choice saved elsewhere on the
 * page once the form is live (the banner's Accept all) reaches the boxes through the consent store.
 */
export default function ConsentPreferences({ strings, categories }: Props) {
  const [choice, setChoice] = useState<ConsentChoice>(rejectAll);
  const [hydrated, setHydrated] = useState(false);
  const [saved, setSaved] = useState<'saved' | 'reloaded' | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const consent = useStore($consent);
  const consentAtStart = useRef(consent);

  // Only a choice saved after the form went live: the boxes it started from are the visitor's.
  useEffect(() => {
    if (consent !== consentAtStart.current && consent.status === 'chosen')
      setChoice(consent.choice);
  }, [consent]);

  useEffect(() => {
    if (form.current) {
      // If the page's script has not run yet, the stored choice is shown now.
      showStoredChoice(form.current);
      setChoice(boxesOf(form.current));
    }
    setHydrated(true);
    if (location.hash === `#${RELOADED}`) {
      history.replaceState(history.state, '', location.pathname + location.search);
      setSaved('reloaded');
    }
  }, []);

  useEffect(() => {
    if (saved) message.current?.focus();
  }, [saved]);

  const toggle = (category: OptionalCategory, allowed: boolean) => {
    setChoice((current) => ({ ...current, [category]: allowed }));
    setSaved(null);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { reloadNeeded } = saveConsent(choice, 'preferences');
    if (reloadNeeded) {
      history.replaceState(history.state, '', `${location.pathname}${location.search}#${RELOADED}`);
      location.reload();
      return;
    }
    setSaved('saved');
  };

  const isOptional = (id: Category): id is OptionalCategory =>
    (optionalCategories as readonly string[]).includes(id);

  return (
    <form
      ref={form}
      className="consent-preferences"
      onSubmit={onSubmit}
      data-consent-preferences=""
      data-hydrated={hydrated ? '' : undefined}
    >
      <fieldset className="consent-preferences__categories">
        <legend>{strings.legend}</legend>
        {categories.map(({ id, name, description }) => (
          <div className="consent-category" key={id} data-category={id}>
            <input
              type="checkbox"
              id={`consent-${id}`}
              name={id}
              data-cookie={isOptional(id) ? consentCookie[id] : undefined}
              aria-describedby={`consent-${id}-description`}
              checked={isOptional(id) ? choice[id] : true}
              disabled={!isOptional(id)}
              onChange={(event) => isOptional(id) && toggle(id, event.currentTarget.checked)}
            />
            <label htmlFor={`consent-${id}`}>
              <span className="consent-category__name">{name}</span>
              {!isOptional(id) && (
                <span className="consent-category__state">{strings.alwaysOn}</span>
              )}
            </label>
            <p id={`consent-${id}-description`}>{description}</p>
          </div>
        ))}
      </fieldset>
      {/* Both texts are in the page; CSS shows the one that matches <html data-consent>, which the
          head script sets before the first paint. So the right text is there at once, without
          waiting for hydration, without moving the page and without a hydration mismatch. */}
      <p className="consent-preferences__current" data-current-choice="">
        <span data-shown-when="pending">{strings.currentNone}</span>
        <span data-shown-when="given">{strings.currentChosen}</span>
      </p>
      <div className="consent-preferences__actions">
        {/* Disabled without JavaScript (the form cannot save then); the page's script enables it,
            and a press before the island is live is held and replayed by client:interaction. */}
        <button type="submit" className="button button--brand" disabled={!hydrated}>
          {strings.save}
        </button>
      </div>
      <p
        ref={message}
        className="consent-preferences__saved"
        role="status"
        tabIndex={-1}
        data-saved={saved ?? undefined}
      >
        {saved === 'reloaded' ? strings.savedReloaded : saved === 'saved' ? strings.saved : ''}
      </p>
    </form>
  );
}
