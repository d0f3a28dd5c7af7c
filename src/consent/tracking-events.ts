/** Fired on `window` by the consent store after every choice; the tracking loader re-reads the cookies. */
export const CONSENT_CHANGE_EVENT = 'consent:change';
