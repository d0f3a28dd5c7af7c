import { atom } from 'nanostores';

/**
 * Whether the newsletter dialog is open. Shared by whatever opens it (the footer's "Stay up to
 * date" link) and the dialog itself, which is only loaded the first time it is opened.
 */
export const $newsletterOpen = atom(false);

export const openNewsletter = () => $newsletterOpen.set(true);
export const closeNewsletter = () => $newsletterOpen.set(false);
