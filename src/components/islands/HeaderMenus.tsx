import { useCallback, useState } from 'react';
import LanguageMenu, { type LanguageMenuProps } from './LanguageMenu';
import MobileMenuButton, { type MobileMenuProps } from './MobileMenuButton';

/** What a panel's button needs: whether it is open, and how to toggle or close it. */
export type PanelControl = { open: boolean; toggle: () => void; close: () => void };

type Panel = 'language' | 'menu' | null;
type Props = {
  /** Absent when no other language can be chosen. */
  language?: LanguageMenuProps | undefined;
  menu: MobileMenuProps;
};

/**
 * The header's two panel buttons, the language menu and (on small screens) the hamburger, as one
 * island: side by side in the header, they keep one panel open at a time with plain React state.
 */
export default function HeaderMenus({ language, menu }: Props) {
  const [open, setOpen] = useState<Panel>(null);
  const close = useCallback(() => setOpen(null), []);
  const control = (panel: Exclude<Panel, null>): PanelControl => ({
    open: open === panel,
    toggle: () => setOpen((current) => (current === panel ? null : panel)),
    close,
  });
  return (
    <>
      {language && <LanguageMenu {...language} {...control('language')} />}
      <MobileMenuButton {...menu} {...control('menu')} />
    </>
  );
}
