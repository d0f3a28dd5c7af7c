import { atom } from 'nanostores';

/**
 * Which header panel is open: the mobile menu, the language list, or neither. Shared by the two
 * header islands so that opening one closes the other.
 */
export type HeaderPanel = 'menu' | 'language' | null;

export const $openHeaderPanel = atom<HeaderPanel>(null);

export function toggleHeaderPanel(panel: Exclude<HeaderPanel, null>) {
  $openHeaderPanel.set($openHeaderPanel.get() === panel ? null : panel);
}

export function closeHeaderPanel() {
  $openHeaderPanel.set(null);
}
