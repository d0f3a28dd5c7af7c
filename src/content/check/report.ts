/** What the dev server sends the editing UI's check panel (src/cms/check-panel.ts), and how. */

/** Each problem and warning of the check, as a line (`npm run content:check`'s words). */
export type CheckReport = { problems: string[]; warnings: string[] };
/** The custom HMR event the panel listens to after a save. */
export const REPORT_EVENT = 'content-check:report';
/** Where the panel asks for the report when the editing UI opens. */
export const REPORT_PATH = '/_content-check';
/** Where the editing screen `npm start` serves asks for it (src/editors/editing-screen.ts). */
export const SCREEN_REPORT_PATH = '/keystatic/_check';
