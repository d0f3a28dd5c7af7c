/**
 * The rental pack the visitor chose, by id ('' for none). A pack's buttons on a resort's rental
 * page choose it, the reservation form and a lessons page's lesson request show it and change it;
 * it lives in the page's address (`?pack=`), so that "Add it to a lesson" carries it to the
 * lessons page and a reload or a shared link keeps it.
 */
import { atom } from 'nanostores';

const fromAddress = () =>
  typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('pack') ?? '');

/** '' on the server, which renders no choice: the islands show it once they run. */
export const $rentalPack = atom(fromAddress());

/** Chooses a pack ('' for none) and writes it in the address (replaced, not pushed). */
export function choosePack(id: string) {
  $rentalPack.set(id);
  const url = new URL(location.href);
  if (id) url.searchParams.set('pack', id);
  else url.searchParams.delete('pack');
  history.replaceState(history.state, '', url);
}
