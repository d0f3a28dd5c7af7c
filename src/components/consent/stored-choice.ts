/**
 * The preferences form before and after its island hydrates (ConsentPreferences.tsx hydrates on
 * the visitor's first interaction): the server renders every optional box unticked, since it cannot
 * read the visitor's cookies. This ticks the boxes of the choice the cookies hold as soon as the
 * page runs, without React, and the island reads the boxes when it wakes up, so what the visitor
 * sees, and changes before hydration, is what the island saves.
 *
 * Imports nothing: the page's script and the island share this small module.
 */

/** The forms whose stored choice is shown already (by the page's script or the island). */
const shown = new WeakSet<HTMLFormElement>();

function cookieValues(): Map<string, string> {
  return new Map(
    document.cookie
      .split(';')
      .map((pair) => pair.trim().split('='))
      .map(([name = '', value = '']) => [name, decodeURIComponent(value)]),
  );
}

/**
 * Ticks each box (`data-cookie` names its cookie) as the stored choice says, once per form. Only
 * for a valid choice: the head script's `<html data-consent="given">` (consent/head-script.ts),
 * which also checks the consent revision. A box the visitor changed already is left as it is.
 */
export function showStoredChoice(form: HTMLFormElement) {
  if (shown.has(form)) return;
  shown.add(form);
  if (document.documentElement.dataset.consent !== 'given') return;
  const cookies = cookieValues();
  for (const box of form.querySelectorAll<HTMLInputElement>('input[data-cookie]')) {
    if (box.checked === box.defaultChecked)
      box.checked = cookies.get(box.dataset.cookie ?? '') === 'true';
  }
}
