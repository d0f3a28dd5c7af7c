import { useEffect, useRef } from 'react';
import type { PanelControl } from './HeaderMenus';

export type MobileMenuProps = {
  /** id of the navigation this button shows and hides. */
  controls: string;
  openLabel: string;
  closeLabel: string;
};

/**
 * The hamburger button of small screens, part of the HeaderMenus island. The navigation itself is
 * server-rendered HTML; this button only toggles `data-menu-open` on the header (CSS turns the
 * navigation into a panel and shows the Book lesson button), and closes the menu on Escape, on a
 * link, or on a click outside the header.
 */
export default function MobileMenuButton({ controls, openLabel, closeLabel, open, toggle, close }: MobileMenuProps & PanelControl) {
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const header = button.current?.closest('header');
    if (!header) return;
    header.toggleAttribute('data-menu-open', open);
    if (!open) return;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (!header.contains(target) || target.closest(`#${controls} a`)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open, controls, close]);

  return (
    <button
      ref={button}
      type="button"
      className="menu-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => toggle()}
    >
      <span className="visually-hidden">{open ? closeLabel : openLabel}</span>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}
