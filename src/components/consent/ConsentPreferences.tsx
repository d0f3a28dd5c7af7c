import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  optionalCategories,
  rejectAll,
  type Category,
  type ConsentChoice,
  type OptionalCategory,
} from '../../consent/consent';
import { $consent, saveConsent } from '../../stores/consent';

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

/**
 * The preferences form: necessary (always on) and the three optional categories, none ticked
 * until the visitor ticks them; once hydrated it shows the choice the cookies hold. Saving writes
 * the cookies and confirms. Withdrawing tracking reloads the page once saved, because the only
 * sure way to stop scripts already running in Partytown's worker is to leave the page; the
 * confirmation says so.
 */
export default function ConsentPreferences({ strings, categories }: Props) {
  const consent = useStore($consent);
  const [choice, setChoice] = useState<ConsentChoice>(rejectAll);
  const [hydrated, setHydrated] = useState(false);
  const [saved, setSaved] = useState<'saved' | 'reloaded' | null>(null);
  const message = useRef<HTMLParagraphElement>(null);

  // The stored choice, once known in the browser (the server renders nothing ticked).
  useEffect(() => {
    if (consent.status === 'chosen') setChoice(consent.choice);
  }, [consent]);

  useEffect(() => {
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
    <form className="consent-preferences" onSubmit={onSubmit} data-consent-preferences="">
      <fieldset className="consent-preferences__categories">
        <legend>{strings.legend}</legend>
        {categories.map(({ id, name, description }) => (
          <div className="consent-category" key={id} data-category={id}>
            <input
              type="checkbox"
              id={`consent-${id}`}
              name={id}
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
