/**
 * The lesson search's state, for LessonSearchForm.tsx: the search as the fields hold it (the
 * page's lesson search store, the server's and the first render's the default one), where it
 * starts (a shared link or the back button, else what was typed before the island ran), the copy
 * kept in the page's address, the check and the quote, and what the form's controls do to it. The
 * rules themselves (query, validation, price) are in src/lessons/.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import {
  defaultDraft,
  draftFromQuery,
  draftQuote,
  draftToQuery,
  hasSearch,
  localToday,
  sharesOneTime,
  validateSearch,
  type DateDraft,
  type SearchDraft,
  type SearchProblems,
} from '../../lessons/search';
import { closestResorts, type SearchableResort } from '../../lessons/resort-match';
import type { LessonRule } from '../../lessons/price';
import { dateAfter } from '../../lessons/search-dates';
import { $lessonSearch, setLessonSearch } from '../../stores/lesson-search';

/** A resort the search offers, with its ski and snowboard lessons pages. */
export type SearchResort = SearchableResort & { paths: Record<'ski' | 'snowboard', string> };

/** The form's id (the home page's `#lp`), and the prefix of its controls' ids. */
export const ID = 'lp';

/** The control a problem belongs to, to show its text and to focus it. */
function fieldOf(path: string, sameTime: boolean): string {
  const date = /^dates\.(\d+)\.(day|time|hours)$/.exec(path);
  if (date) {
    const [, index, part] = date;
    if (part === 'day') return `${ID}-date-${index}`;
    return sameTime ? `${ID}-${part}` : `${ID}-${part}-${index}`;
  }
  if (path === 'dates') return `${ID}-add-date`;
  if (path === 'people') return `${ID}-adults`;
  return `${ID}-${path}`;
}

/** Problem texts by control id; several dates' problems with a shared time show once. */
function problemsByField(
  problems: SearchProblems,
  sameTime: boolean,
  texts: Record<string, string>,
): Map<string, string> {
  const byField = new Map<string, string>();
  for (const [path, code] of Object.entries(problems)) {
    const field = fieldOf(path, sameTime);
    if (!byField.has(field)) byField.set(field, texts[code] ?? code);
  }
  return byField;
}

type Options = {
  locale: string;
  resorts: SearchResort[];
  rule: LessonRule;
  /** Problem code (`where.notFound`) → the visitor's text. */
  errorTexts: Record<string, string>;
};

export function useLessonSearch({ locale, resorts, rule, errorTexts }: Options) {
  const draft = useStore($lessonSearch) ?? defaultDraft(locale);
  const [sameTime, setSameTime] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [submitted, setSubmitted] = useState<SearchProblems | null>(null);
  const [today, setToday] = useState('');
  const touched = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const focusAfterRender = useRef<string | null>(null);

  // On hydration: the search of a shared link or of the back button, else whatever was typed
  // before the island ran (nothing typed is lost). A link that only chooses the resort and sport
  // (a resort page's Find a lesson, which carries no date) shows no problems before Find lessons.
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search);
    let start: SearchDraft;
    if (hasSearch(fromUrl)) {
      start = draftFromQuery(fromUrl, locale, resorts);
      touched.current = true;
      setShowProblems(fromUrl.has('date'));
    } else {
      const typed = new URLSearchParams(
        new FormData(form.current!) as unknown as Record<string, string>,
      );
      start = draftFromQuery(typed, locale, resorts);
      touched.current = JSON.stringify(start) !== JSON.stringify(defaultDraft(locale));
    }
    setLessonSearch(start);
    setSameTime(sharesOneTime(start.dates));
    setToday(localToday());
    setHydrated(true);
  }, []);

  // The search lives in the URL: replaced (not pushed) as it changes, so Back leaves the page.
  useEffect(() => {
    if (!hydrated || !touched.current) return;
    const query = draftToQuery(draft, resorts).toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}?${query}${window.location.hash}`,
    );
  }, [draft, hydrated, resorts]);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  const check = useMemo(
    () => validateSearch(draft, { resorts, today: today || localToday(), rule }),
    [draft, resorts, today, rule],
  );
  const quote = useMemo(() => draftQuote(draft, rule), [draft, rule]);
  const errors = showProblems
    ? problemsByField(check.problems, sameTime, errorTexts)
    : new Map<string, string>();
  // The summary lists the problems found on Find lessons that are still there: it shrinks as
  // they are fixed, and new ones wait for the next try (the fields show them meanwhile).
  const stillThere = submitted
    ? Object.fromEntries(Object.entries(check.problems).filter(([path]) => path in submitted))
    : {};
  const summary = submitted ? problemsByField(stillThere, sameTime, errorTexts) : null;
  // A place no resort matches: the closest resorts are offered instead of a dead end.
  const closest =
    showProblems && check.problems.where === 'where.notFound'
      ? closestResorts(draft.where, resorts)
      : [];

  function update(patch: Partial<SearchDraft>) {
    touched.current = true;
    setLessonSearch({ ...($lessonSearch.get() ?? defaultDraft(locale)), ...patch });
  }
  function updateDate(index: number, patch: Partial<DateDraft>) {
    update({ dates: draft.dates.map((date, i) => (i === index ? { ...date, ...patch } : date)) });
  }
  /** With one time for all, the shared fields change every date. */
  function updateShared(patch: Partial<DateDraft>) {
    update({ dates: draft.dates.map((date) => ({ ...date, ...patch })) });
  }

  return {
    form,
    draft,
    sameTime,
    hydrated,
    today,
    quote,
    summary,
    closest,
    /** A closest resort picked: it fills Where, and the focus goes back there (the picks are gone). */
    pickResort(name: string) {
      update({ where: name });
      focusAfterRender.current = `${ID}-where`;
    },
    /** The problem shown at a control, by its id. */
    errorOf: (id: string) => errors.get(id),
    update,
    updateDate,
    updateShared,
    addDate() {
      update({ dates: [...draft.dates, dateAfter(draft.dates.at(-1))] });
      focusAfterRender.current = `${ID}-date-${draft.dates.length}`;
    },
    removeDate(index: number) {
      const dates = draft.dates.filter((_, i) => i !== index);
      update({ dates });
      // Focus stays in the list: the date that took this one's place, else the one before, else Add.
      focusAfterRender.current =
        dates.length === 0 ? `${ID}-add-date` : `${ID}-date-${Math.min(index, dates.length - 1)}`;
    },
    /** One time and duration for every date (the first date's), or one per date. */
    shareTime(shared: boolean) {
      setSameTime(shared);
      const first = draft.dates[0];
      if (shared && first) updateShared({ time: first.time, hours: first.hours });
    },
    /** Find lessons: the resort's lessons page with the search, or the problems shown and the first focused. */
    submit(event: SubmitEvent<HTMLFormElement>) {
      event.preventDefault();
      touched.current = true;
      setShowProblems(true);
      if (!check.ok) {
        setSubmitted(check.problems);
        const first = Object.keys(check.problems)[0];
        if (first) document.getElementById(fieldOf(first, sameTime))?.focus();
        return;
      }
      setSubmitted(null);
      const resort = resorts.find((r) => r.id === check.search.resort)!;
      const query = draftToQuery(draft, resorts).toString();
      window.location.assign(`${resort.paths[check.search.sport]}?${query}#your-search`);
    },
  };
}
