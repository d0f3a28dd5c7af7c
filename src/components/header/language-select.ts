/**
 * The language menu's browser side (LanguageSelect.astro): what HTML cannot do, keep the query and
 * anchor when changing language and move through the list with the arrows. Called by the header's
 * inline script on the header element (listeners on an ancestor of the menu), so the page keeps one
 * small inline script rather than two.
 */
export function enhanceLanguageSelect(menu: HTMLElement): void {
  // Changing language opens the same page with the same query (a search, a resort…) and anchor,
  // as they are when the visitor chooses: filled in at the click, so a new tab gets them too.
  const keepAddress = (event: Event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-language-link]');
    if (link) Object.assign(link, { search: location.search, hash: location.hash });
  };
  menu.addEventListener('click', keepAddress);
  menu.addEventListener('auxclick', keepAddress);

  // Arrow keys move between the languages, as visitors expect from a dropdown; Down on the
  // button of the open list goes to its first choice.
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const list = document.getElementById('language-list');
    // Without native popovers (Safari before 17) the stand-in marks the open list, and
    // `:popover-open` would throw (header/popover-fallback.ts).
    const open = 'popover' in HTMLElement.prototype ? ':popover-open' : '[data-popover-open]';
    if (!list?.matches(open)) return;
    const links = [...list.querySelectorAll('a')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const onButton = (event.target as Element).matches('.language-menu__button');
    if (index < 0 && !(onButton && event.key === 'ArrowDown')) return;
    event.preventDefault();
    const next = index < 0 ? 0 : index + (event.key === 'ArrowDown' ? 1 : -1);
    links[(next + links.length) % links.length]?.focus();
  });
}
