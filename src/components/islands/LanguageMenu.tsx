import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from 'react';
import type { PanelControl } from './HeaderMenus';

export type LanguageOption = {
  shortcut: string;
  label: string;
  htmlLang: string;
  /** This same page in that language. */
  href: string;
};

export type LanguageMenuProps = {
  current: { shortcut: string; label: string };
  /** The other selectable languages: the current one is not offered. */
  options: LanguageOption[];
  /** Screen-reader text after the visible shortcut, e.g. "Language: English. Choose another language". */
  buttonLabel: string;
  listLabel: string;
  /** id of the list, for aria-controls. */
  listId: string;
};

/**
 * Language dropdown (a disclosure of links). Choosing a language opens the same page in that
 * language with the same query string; it closes on outside click, Escape or a choice.
 */
export default function LanguageMenu({ current, options, buttonLabel, listLabel, listId, open, toggle, close }: LanguageMenuProps & PanelControl) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: plain link
    event.preventDefault();
    close();
    window.location.assign(href + window.location.search + window.location.hash);
  };

  // Arrow keys move between the choices, as visitors expect from a dropdown.
  const onListKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const links = [...event.currentTarget.querySelectorAll('a')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    links[(next + links.length) % links.length]?.focus();
  };

  return (
    <div className="language-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => toggle()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && open) {
            event.preventDefault();
            document.getElementById(listId)?.querySelector('a')?.focus();
          }
        }}
      >
        {current.shortcut}
        <span className="visually-hidden">, {buttonLabel}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={listId} className="language-menu__list" aria-label={listLabel} hidden={!open} onKeyDown={onListKeyDown}>
        {options.map((option) => (
          <li key={option.href}>
            <a href={option.href} lang={option.htmlLang} onClick={(e) => choose(e, option.href)}>
              <span className="language-menu__shortcut" aria-hidden="true">
                {option.shortcut}
              </span>
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
