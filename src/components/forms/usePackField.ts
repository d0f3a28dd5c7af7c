import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { $rentalPack, choosePack } from '../../stores/rental-pack';

/**
 * Keeps a form's rental pack field (a `<select>` of `packs`, by its id) in step with the rental
 * pack store: it shows the pack chosen elsewhere (the address's `?pack=`, another form) once the
 * form is live and whenever another is chosen, and a pick in the field chooses it for the page. A
 * pack picked in the field before the form went live stays, and becomes the page's choice.
 * Returns the field's `onChange`.
 */
export function usePackField(id: string, packs: readonly { id: string }[]) {
  const chosen = useStore($rentalPack);
  const live = useRef(false);
  useEffect(() => {
    const first = !live.current;
    live.current = true;
    const select = document.getElementById(id);
    if (!(select instanceof HTMLSelectElement)) return;
    if (first && select.value) {
      if (select.value !== chosen) choosePack(select.value);
      return;
    }
    if (packs.some((p) => p.id === chosen)) select.value = chosen;
  }, [id, packs, chosen]);
  return (event: ChangeEvent<HTMLSelectElement>) => choosePack(event.currentTarget.value);
}
